import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/field';
import { CalendarIcon, HelpIcon, MailIcon, SearchIcon, SettingsIcon, TrophyIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { FAQ_CATEGORIES, faqEntries, SCORING_RULES, searchFaq, type FaqCategory, type FaqEntry } from './faq-entries';

/** Labels and texts are `help.quickLinks.<id>` in the site namespace. */
const QUICK_LINKS = [
  { id: 'predictions', to: '/gameweeks', icon: <CalendarIcon size={20} /> },
  { id: 'leagues', to: '/leagues', icon: <TrophyIcon size={20} /> },
  { id: 'settings', to: '/settings', icon: <SettingsIcon size={20} /> },
] as const;

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

/** e.g. 'faq-getting-started'. */
function categoryId(category: FaqCategory): string {
  return `faq-${category.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

export function HelpScreen() {
  const { t } = useTranslation('site');
  const searchId = useId();
  const [query, setQuery] = useState('');
  // The entries in the current language (`t` changes with it), so the search finds what is shown.
  const entries = useMemo(() => faqEntries(t), [t]);
  const results = useMemo(() => searchFaq(entries, query), [entries, query]);
  const searching = query.trim() !== '';

  return (
    <div>
      <section className="pitch-stripes border-b border-line">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-16">
          <div className="mx-auto mb-4 grid size-12 place-items-center rounded-2xl bg-primary-soft text-accent" aria-hidden="true">
            <HelpIcon size={24} />
          </div>
          <h1 className="font-display text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">{t('help.title')}</h1>
          <p className="mt-3 text-muted">{t('help.intro')}</p>
          <div className="mx-auto mt-7 max-w-xl text-left">
            <label htmlFor={searchId} className="sr-only">
              {t('help.searchLabel')}
            </label>
            <div className="relative">
              <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted" />
              <input
                id={searchId}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={t('help.searchPlaceholder')}
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
                {t('help.results', { count: results.length, query: query.trim() })}
              </h2>
              {results.length === 0 ? (
                <Card>
                  <EmptyState
                    icon={<SearchIcon size={22} />}
                    title={t('help.noMatchTitle')}
                    description={t('help.noMatchText')}
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
            FAQ_CATEGORIES.map((category) => (
              <section key={category} aria-labelledby={categoryId(category)}>
                <h2 id={categoryId(category)} className="mb-3 text-lg font-bold text-fg">
                  {t(`help.categories.${category}`)}
                </h2>
                <Card className="overflow-hidden">
                  {entries.filter((e) => e.category === category).map((entry) => (
                    <FaqItem key={entry.id} entry={entry} />
                  ))}
                </Card>
              </section>
            ))
          )}
        </div>

        <aside className="space-y-6">
          <Card className="overflow-hidden">
            <h2 className="border-b border-line px-5 py-4 font-bold text-fg">{t('help.glance.title')}</h2>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('help.glance.caption')}</caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">{t('help.glance.outcome')}</th>
                  <th scope="col">{t('help.glance.points')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {SCORING_RULES.map((rule) => (
                  <tr key={rule.id}>
                    <td className="px-5 py-3 text-muted">{t(`help.rules.${rule.id}`)}</td>
                    <td className="px-5 py-3 text-right font-bold text-fg tabular-nums">{rule.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="border-t border-line bg-surface-2 px-5 py-3.5 text-xs leading-relaxed text-muted">
              {t('help.glance.note')}
            </p>
          </Card>

          <Card className="p-5">
            <h2 className="font-bold text-fg">{t('help.quickLinks.title')}</h2>
            <ul className="mt-3 space-y-1">
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="flex items-center gap-3 rounded-xl p-2.5 hover:bg-surface-2">
                    <span className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent" aria-hidden="true">
                      {link.icon}
                    </span>
                    <span className="min-w-0">
                      <span className="block text-sm font-semibold text-fg">{t(`help.quickLinks.${link.id}.label`)}</span>
                      <span className="block text-xs text-muted">{t(`help.quickLinks.${link.id}.text`)}</span>
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
                    <span className="block text-sm font-semibold text-fg">{t('help.quickLinks.about.label')}</span>
                    <span className="block text-xs text-muted">{t('help.quickLinks.about.text')}</span>
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
