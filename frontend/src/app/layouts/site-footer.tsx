import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';

const COLUMNS = [
  {
    title: 'Game',
    links: [
      { label: 'How to play', to: '/help' },
      { label: 'About', to: '/about' },
      { label: 'Help Center', to: '/help' },
    ],
  },
  {
    title: 'Community',
    links: [
      { label: 'Blog', href: '#' },
      { label: 'Twitter / X', href: '#' },
      { label: 'Instagram', href: '#' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Careers', href: '#' },
      { label: 'Press', href: '#' },
      { label: 'Contact', href: '#' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Cookie Policy', href: '#' },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_3fr]">
          <div>
            <Logo />
            <p className="mt-3 max-w-xs text-sm text-muted">
              The weekly football score-prediction game. Predict, bank, compete.
            </p>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {COLUMNS.map((column) => (
              <div key={column.title}>
                <h2 className="text-xs font-semibold tracking-widest text-fg uppercase">{column.title}</h2>
                <ul className="mt-3 space-y-2">
                  {column.links.map((link) => (
                    <li key={link.label}>
                      {'to' in link ? (
                        <Link to={link.to} className="text-sm text-muted hover:text-fg">
                          {link.label}
                        </Link>
                      ) : (
                        <a href={link.href} className="text-sm text-muted hover:text-fg">
                          {link.label}
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
          <p>© 2025 Scoreline. All rights reserved.</p>
          <p>Made for football fans everywhere.</p>
        </div>
      </div>
    </footer>
  );
}
