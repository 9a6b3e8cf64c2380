import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveIndicator } from './live-indicator';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { useProfile } from '@/features/auth/api/get-profile';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useAuthToken } from '@/lib/auth-token';
import { cn } from '@/lib/cn';

type NavLabel = 'dashboard' | 'leagues' | 'gameweeks' | 'results' | 'bonus' | 'help' | 'about' | 'console';

interface NavItem {
  to: string;
  /** Key under `nav` in the common namespace. */
  label: NavLabel;
  /** Other paths that light this item up. */
  also?: readonly string[];
}

const SIGNED_IN_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'dashboard', also: ['/gameweeks-history'] },
  { to: '/leagues', label: 'leagues', also: ['/leaderboard'] },
  { to: '/gameweeks', label: 'gameweeks', also: ['/fixtures', '/prediction'] },
  { to: '/results', label: 'results' },
  { to: '/bonus', label: 'bonus' },
  { to: '/help', label: 'help' },
];

/** Shown to admins only, after the rest. */
const ADMIN_NAV: readonly NavItem[] = [{ to: '/console', label: 'console' }];

const ANONYMOUS_NAV: readonly NavItem[] = [
  { to: '/about', label: 'about' },
  { to: '/help', label: 'help' },
];

function isActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * The site's header. `competitionSwitcher` (signed-in screens) sits on a slim row of its own under
 * the bar, at every width: the bar has no room left for it beside the navigation and user menu.
 */
export function AppHeader({ competitionSwitcher }: { competitionSwitcher?: ReactNode } = {}) {
  const { t } = useTranslation();
  const token = useAuthToken();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The phone menu belongs to the page it was opened on, so navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const mobileOpen = menuOpenOn === pathname;
  // The same cached profile the user menu reads: no extra request.
  const isAdmin = useProfile().data?.is_admin === true;
  const items = token ? (isAdmin ? [...SIGNED_IN_NAV, ...ADMIN_NAV] : SIGNED_IN_NAV) : ANONYMOUS_NAV;

  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mobileOpen]);

  const linkClasses = (item: NavItem) =>
    cn(
      'rounded-xl px-3 py-2 text-sm font-semibold transition-colors',
      isActive(item, pathname) ? 'bg-primary-soft text-accent' : 'text-muted hover:bg-surface-2 hover:text-fg',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-canvas/85 backdrop-blur-md supports-[backdrop-filter]:bg-canvas/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link to={token ? '/dashboard' : '/home'} className="shrink-0 rounded-lg" aria-label={t('nav.home')}>
          <Logo />
        </Link>

        <nav aria-label={t('nav.main')} className="ml-4 hidden flex-1 items-center gap-1 md:flex">
          {items.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={linkClasses(item)}
              aria-current={isActive(item, pathname) ? 'page' : undefined}
            >
              {t(`nav.${item.label}`)}
            </Link>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {token ? <LiveIndicator /> : null}
          {token ? (
            <UserMenu />
          ) : (
            <Button size="sm" onClick={() => navigate('/signin')}>
              {t('nav.signIn')}
            </Button>
          )}
          <button
            type="button"
            className="grid size-10 place-items-center rounded-xl text-fg hover:bg-surface-2 md:hidden"
            aria-label={mobileOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={mobileOpen}
            aria-controls="mobile-nav"
            onClick={() => setMenuOpenOn(mobileOpen ? null : pathname)}
          >
            {mobileOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
          </button>
        </div>
      </div>

      {token && competitionSwitcher ? <div className="mx-auto max-w-6xl px-4 pb-3 empty:hidden sm:px-6">{competitionSwitcher}</div> : null}

      {mobileOpen ? (
        <nav id="mobile-nav" aria-label={t('nav.main')} className="border-t border-line bg-canvas px-4 pt-2 pb-4 animate-slide-up md:hidden">
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={() => setMenuOpenOn(null)}
                  aria-current={isActive(item, pathname) ? 'page' : undefined}
                  className={cn(linkClasses(item), 'block px-4 py-3 text-base')}
                >
                  {t(`nav.${item.label}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
