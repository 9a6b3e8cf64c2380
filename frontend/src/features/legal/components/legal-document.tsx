import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A long legal text with a table of contents, readable on a phone. The legal text itself stays in English (as many sites do); in any other language its headings and
 * this page's chrome are translated, and a note says that the English version is binding.
 */
export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSection[] }) {
  const { t, i18n } = useTranslation('site');
  const english = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-3xl">
        <p className="text-xs font-semibold tracking-widest text-accent uppercase">{t('legal.eyebrow')}</p>
        <h1 className="mt-2 font-display text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-muted">{t('legal.lastUpdated')}</p>
        {english ? null : (
          <p className="mt-3 rounded-xl border border-line bg-surface-2 px-3.5 py-2.5 text-sm text-fg">
            {t('legal.englishBinding')}
          </p>
        )}
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-[240px_1fr]">
        <nav aria-label={t('legal.onThisPage')} className="hidden lg:block">
          <div className="sticky top-24">
            <p className="mb-3 text-xs font-semibold tracking-widest text-muted uppercase">{t('legal.onThisPage')}</p>
            <ol className="space-y-1 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="block rounded-lg px-2 py-1.5 text-muted hover:bg-surface-2 hover:text-fg">
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <Card className="p-6 sm:p-10">
          <div className="max-w-3xl space-y-8 text-[15px] leading-relaxed text-muted">
            <div className="text-fg">{intro}</div>
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} className="scroll-mt-24">
                <h2 className="text-lg font-bold text-fg">
                  {index + 1}. {section.title}
                </h2>
                <div lang="en" className="mt-3 space-y-3 [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_ul]:space-y-1.5">{section.body}</div>
              </section>
            ))}
          </div>
        </Card>
      </div>
    </div>
  );
}
