import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { useSignOut } from '@/lib/use-sign-out';
import { cn } from '@/lib/cn';

function SignOutLink() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <button type="button" onClick={signOut} className="rounded-lg px-2 py-1 text-sm font-medium text-muted hover:text-fg">
      {t('nav.signOut')}
    </button>
  );
}

/** A focused page without the main navigation: sign-in, sign-up, recovery, onboarding. */
export function AuthLayout({ wide = false, showSignOut = false }: { wide?: boolean; showSignOut?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[28rem] bg-[radial-gradient(ellipse_at_top,rgb(34_197_94/0.16),transparent_65%)]"
      />
      <header className="relative mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to="/home" className="rounded-lg" aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <nav aria-label={t('nav.secondary')} className="flex items-center gap-1">
          <Link to="/help" className="rounded-lg px-2 py-1 text-sm font-medium text-muted hover:text-fg">
            {t('nav.help')}
          </Link>
          {showSignOut ? <SignOutLink /> : null}
        </nav>
      </header>
      <main id="main" className={cn('relative mx-auto flex w-full flex-1 flex-col items-center px-4 pt-6 pb-12 sm:pt-12', wide ? 'max-w-2xl' : 'max-w-md')}>
        <Outlet />
      </main>
      <footer className="relative py-6 text-center text-xs text-muted">
        © {new Date().getFullYear()} Scoreline ·{' '}
        <Link to="/terms" className="hover:text-fg">
          {t('footer.terms')}
        </Link>{' '}
        ·{' '}
        <Link to="/privacy" className="hover:text-fg">
          {t('footer.privacy')}
        </Link>
      </footer>
    </div>
  );
}
