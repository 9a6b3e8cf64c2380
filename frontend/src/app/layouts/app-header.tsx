import { useEffect, useState } from 'react';
import { LiveIndicator } from './live-indicator';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useAuthToken } from '@/lib/auth-token';
import { cn } from '@/lib/cn';

interface NavItem {
  to: string;
  label: string;
  /** Other paths that light this item up. */
  also?: readonly string[];
}

const SIGNED_IN_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', also: ['/gameweeks-history'] },
  { to: '/leagues', label: 'Leagues', also: ['/leaderboard'] },
  { to: '/gameweeks', label: 'Game Weeks', also: ['/fixtures', '/prediction'] },
  { to: '/results', label: 'Results' },
  { to: '/help', label: 'Help' },
];

const ANONYMOUS_NAV: readonly NavItem[] = [
  { to: '/about', label: 'About' },
  { to: '/help', label: 'Help' },
];

function isActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function AppHeader() {
  const token = useAuthToken();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The phone menu belongs to the page it was opened on, so navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const mobileOpen = menuOpenOn === pathname;
  const items = token ? SIGNED_IN_NAV : ANONYMOUS_NAV;

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
        <Link to={token ? '/dashboard' : '/home'} className="shrink-0 rounded-lg" aria-label="Scoreline home">
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-4 hidden flex-1 items-center gap-1 md:flex">
          {items.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={linkClasses(item)}
              aria-current={isActive(item, pathname) ? 'page' : undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {token ? <LiveIndicator /> : null}
          {token ? (
            <UserMenu />
          ) : (
            <Button size="sm" onClick={() => navigate('/signin')}>
              Sign In
            </Button>
          )}
          <button
            type="button"
            className="grid size-10 place-items-center rounded-xl text-fg hover:bg-surface-2 md:hidden"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={mobileOpen}
            aria-controls="mobile-nav"
            onClick={() => setMenuOpenOn(mobileOpen ? null : pathname)}
          >
            {mobileOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
          </button>
        </div>
      </div>

      {mobileOpen ? (
        <nav id="mobile-nav" aria-label="Main" className="border-t border-line bg-canvas px-4 pt-2 pb-4 animate-slide-up md:hidden">
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={() => setMenuOpenOn(null)}
                  aria-current={isActive(item, pathname) ? 'page' : undefined}
                  className={cn(linkClasses(item), 'block px-4 py-3 text-base')}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
