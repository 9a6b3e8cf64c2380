import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { useAuthToken } from '@/lib/auth-token';
import { errorMessage, isChunkLoadError, reportClientError } from '@/lib/client-errors';

/**
 * What a crashed screen shows instead of a blank page: a friendly word in the fan's language,
 * "Try again" and the way back (the dashboard signed in, home signed out). A screen whose file is
 * gone after a deploy says a new version is out and offers a reload. Development builds add the
 * error's message; no build ever shows a stack. `fullPage`: a layout crashed, so there is no
 * header around it.
 */
export function RouteErrorScreen({ error, onRetry, fullPage = false }: { error: unknown; onRetry: () => void; fullPage?: boolean }) {
  const { t } = useTranslation();
  const signedIn = Boolean(useAuthToken());
  const newVersion = isChunkLoadError(error);
  const content = (
    <div role="alert" className="mx-auto flex w-full max-w-lg flex-col items-center rounded-2xl border border-line bg-surface px-6 py-10 text-center shadow-card">
      <div className="mb-4 grid size-12 place-items-center rounded-2xl bg-danger-soft text-danger" aria-hidden="true">
        <AlertIcon size={22} />
      </div>
      <h1 className="text-lg font-semibold tracking-tight text-fg">{t(newVersion ? 'errorScreen.newVersionTitle' : 'errorScreen.title')}</h1>
      <p className="mt-2 max-w-sm text-sm text-muted">{t(newVersion ? 'errorScreen.newVersionMessage' : 'errorScreen.message')}</p>
      {import.meta.env.DEV ? (
        <p data-testid="error-detail" className="mt-3 max-w-full font-mono text-xs break-words text-muted">
          {errorMessage(error)}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {/* A file that is gone stays gone for this page: only a reload fetches the new build's. */}
        <Button onClick={newVersion ? () => window.location.reload() : onRetry}>{newVersion ? t('errorScreen.reload') : t('ui.tryAgain')}</Button>
        {/* onRetry too: the way back may be the path that crashed, which is no navigation. */}
        <Link to={signedIn ? '/dashboard' : '/home'} onClick={onRetry} className={buttonClasses('secondary')}>
          {t(signedIn ? 'errorScreen.backToDashboard' : 'errorScreen.backHome')}
        </Link>
      </div>
    </div>
  );
  return fullPage ? <main id="main" className="grid min-h-dvh place-items-center px-4 py-10">{content}</main> : <div className="px-4 py-6 sm:px-0">{content}</div>;
}

interface BoundaryProps {
  children: ReactNode;
  fullPage: boolean;
  /**
   * The path: going elsewhere tries the screen again. Not the location's key: a layout that tidies
   * the query string (replacing the entry) would re-run a crashing screen behind the fan's back.
   */
  resetKey: string;
  route: string;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportClientError(error, this.props.route, info.componentStack);
  }

  private readonly retry = () => this.setState({ failed: false, error: null });

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorScreen error={this.state.error} onRetry={this.retry} fullPage={this.props.fullPage} /> : this.props.children;
  }
}

/**
 * The error boundary of a route (react-router's errorElement works under a data router only; the
 * app renders its routes with useRoutes): a page's keeps the layout's header around the error
 * screen, a layout's (`fullPage`) shows the screen alone. It reports each crash once.
 */
export function RouteErrorBoundary({ children, fullPage = false }: { children: ReactNode; fullPage?: boolean }) {
  const location = useLocation();
  return (
    <Boundary resetKey={location.pathname} route={location.pathname} fullPage={fullPage}>
      {children}
    </Boundary>
  );
}
