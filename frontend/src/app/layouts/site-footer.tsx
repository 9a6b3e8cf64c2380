import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';

/** Column titles and link labels are keys under `footer.columns` and `footer.links` (common). */
const COLUMNS = [
  {
    title: 'game',
    links: [
      { label: 'howToPlay', to: '/help' },
      { label: 'about', to: '/about' },
      { label: 'helpCenter', to: '/help' },
    ],
  },
  {
    title: 'community',
    links: [
      { label: 'blog', href: '#' },
      { label: 'twitter', href: '#' },
      { label: 'instagram', href: '#' },
    ],
  },
  {
    title: 'company',
    links: [
      { label: 'careers', href: '#' },
      { label: 'press', href: '#' },
      { label: 'contact', href: '#' },
    ],
  },
  {
    title: 'legal',
    links: [
      { label: 'terms', to: '/terms' },
      { label: 'privacy', to: '/privacy' },
      { label: 'cookies', href: '#' },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_3fr]">
          <div>
            <Logo />
            <p className="mt-3 max-w-xs text-sm text-muted">
              {t('footer.tagline')}
            </p>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {COLUMNS.map((column) => (
              <div key={column.title}>
                <h2 className="text-xs font-semibold tracking-widest text-fg uppercase">{t(`footer.columns.${column.title}`)}</h2>
                <ul className="mt-3 space-y-2">
                  {column.links.map((link) => (
                    <li key={link.label}>
                      {'to' in link ? (
                        <Link to={link.to} className="text-sm text-muted hover:text-fg">
                          {t(`footer.links.${link.label}`)}
                        </Link>
                      ) : (
                        <a href={link.href} className="text-sm text-muted hover:text-fg">
                          {t(`footer.links.${link.label}`)}
                        </a>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
        <div className="mt-10 flex flex-col gap-2 border-t border-line pt-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
          <p>{t('footer.madeFor')}</p>
        </div>
      </div>
    </footer>
  );
}
