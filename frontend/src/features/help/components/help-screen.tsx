import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/field';
import { CalendarIcon, HelpIcon, MailIcon, SearchIcon, SettingsIcon, TrophyIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { FAQ_ENTRIES, SCORING_RULES, searchFaq, type FaqEntry } from './faq-entries';

const QUICK_LINKS = [
  { to: '/gameweeks', label: 'Make predictions', text: 'This gameweek’s fixtures', icon: <CalendarIcon size={20} /> },
  { to: '/leagues', label: 'Leagues', text: 'Create or join a league', icon: <TrophyIcon size={20} /> },
  { to: '/settings', label: 'Settings', text: 'Profile, password, theme', icon: <SettingsIcon size={20} /> },
];

const CATEGORIES: ReadonlyArray<FaqEntry['category']> = ['Getting started', 'Scoring', 'Leagues', 'Account'];

function FaqItem({ entry }: { entry: FaqEntry }) {
  return (
    <article className="border-b border-line px-5 py-5 last:border-b-0 sm:px-6">
      <h3 className="font-semibold text-fg">{entry.question}</h3>
      <div className="mt-2 text-sm leading-relaxed text-muted">
        <p>{entry.answer}</p>
        {entry.list ? (
          <ul className="mt-3 space-y-1.5">
            {entry.list.map((item) => (
              <li key={item} className="flex gap-2">
                <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

function categoryId(category: string): string {
  return `faq-${category.toLowerCase().replace(/[^a-z]+/g, '-')}`;
}

export function HelpScreen() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchFaq(FAQ_ENTRIES, query), [query]);
  const searching = query.trim() !== '';

  return (
    <div>
      <section className="pitch-stripes border-b border-line">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-16">
          <div className="mx-auto mb-4 grid size-12 place-items-center rounded-2xl bg-primary-soft text-accent" aria-hidden="true">
            <HelpIcon size={24} />
          </div>
          <h1 className="font-display text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">Help Center</h1>
          <p className="mt-3 text-muted">Rules, scoring, leagues and your account: answers to the questions fans ask most.</p>
          <div className="mx-auto mt-7 max-w-xl text-left">
            <label htmlFor={searchId} className="sr-only">
              Search help
            </label>
            <div className="relative">
              <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted" />
              <input
                id={searchId}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Search for banker, deadline, leagues…"
                className={cn(inputClasses, 'h-12! rounded-2xl! pl-11 text-base!')}
              />
            </div>
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_320px]">
        <div className="min-w-0 space-y-8">
          {searching ? (
            <section aria-live="polite">
              <h2 className="mb-3 text-sm font-semibold text-muted">
                {results.length} {results.length === 1 ? 'result' : 'results'} for “{query.trim()}”
              </h2>
              {results.length === 0 ? (
                <Card>
                  <EmptyState
                    icon={<SearchIcon size={22} />}
                    title="No matching questions"
                    description="Try another word, or browse the topics once you clear the search."
                  />
                </Card>
              ) : (
                <Card className="overflow-hidden">
                  {results.map((entry) => (
                    <FaqItem key={entry.id} entry={entry} />
                  ))}
                </Card>
              )}
            </section>
          ) : (
            CATEGORIES.map((category) => (
              <section key={category} aria-labelledby={categoryId(category)}>
                <h2 id={categoryId(category)} className="mb-3 text-lg font-bold text-fg">
                  {category}
                </h2>
                <Card className="overflow-hidden">
                  {FAQ_ENTRIES.filter((e) => e.category === category).map((entry) => (
                    <FaqItem key={entry.id} entry={entry} />
                  ))}
                </Card>
              </section>
            ))
          )}
        </div>

        <aside className="space-y-6">
          <Card className="overflow-hidden">
            <h2 className="border-b border-line px-5 py-4 font-bold text-fg">Scoring at a glance</h2>
            <table className="w-full text-sm">
              <caption className="sr-only">Points per prediction outcome</caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">Outcome</th>
                  <th scope="col">Points</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {SCORING_RULES.map((rule) => (
                  <tr key={rule.outcome}>
                    <td className="px-5 py-3 text-muted">{rule.outcome}</td>
                    <td className="px-5 py-3 text-right font-bold text-fg tabular-nums">{rule.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="border-t border-line bg-surface-2 px-5 py-3.5 text-xs leading-relaxed text-muted">
              Banker doubles the points of its match · one banker per gameweek · deadline at the first kick-off ·
              postponed matches are void.
            </p>
          </Card>

          <Card className="p-5">
            <h2 className="font-bold text-fg">Quick links</h2>
            <ul className="mt-3 space-y-1">
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="flex items-center gap-3 rounded-xl p-2.5 hover:bg-surface-2">
                    <span className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent" aria-hidden="true">
                      {link.icon}
                    </span>
                    <span className="min-w-0">
                      <span className="block text-sm font-semibold text-fg">{link.label}</span>
                      <span className="block text-xs text-muted">{link.text}</span>
                    </span>
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/about" className="flex items-center gap-3 rounded-xl p-2.5 hover:bg-surface-2">
                  <span className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent" aria-hidden="true">
                    <MailIcon size={20} />
                  </span>
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold text-fg">About Scoreline</span>
                    <span className="block text-xs text-muted">Who we are and how it works</span>
                  </span>
                </Link>
              </li>
            </ul>
          </Card>
        </aside>
      </div>
    </div>
  );
}
