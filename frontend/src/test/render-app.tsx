import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';

/** Where the app is now, as the tests read it (`router.state.location`). */
interface RouterProbe {
  state: { location: Location };
}

function LocationProbe({ probe }: { probe: RouterProbe }) {
  const location = useLocation();
  useLayoutEffect(() => {
    probe.state.location = location;
  }, [probe, location]);
  return null;
}

/**
 * Mounts the whole app (all routes, providers) at `path`, as a browser would. `staleTime`: the
 * queries' default (the app's is 30 s, createQueryClient; 0 here unless a spec counts requests).
 */
export function renderApp(path: string | { pathname: string; state?: unknown }, { staleTime }: { staleTime?: number } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime }, mutations: { retry: false } } });
  const entry = typeof path === 'string' ? path : { pathname: path.pathname, state: path.state };
  const router: RouterProbe = { state: { location: { pathname: '', search: '', hash: '', state: null, key: '' } } };
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <LocationProbe probe={router} />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

type Handler = (init: RequestInit | undefined) => { status?: number; body?: unknown } | 'network-error';

/** Stubs fetch with answers per "METHOD /api/path" (query strings ignored); unknown calls answer 404. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.split('?')[0]}`;
    const handler = handlers[key];
    const answer = handler ? handler(init) : { status: 404, body: { message: 'Not found' } };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
