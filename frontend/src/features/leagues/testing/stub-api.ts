import { vi } from 'vitest';

export type StubAnswer = { status?: number; body?: unknown };
export type StubHandler = (url: URL, init: RequestInit | undefined) => StubAnswer;

/**
 * Stubs fetch with answers per "METHOD /api/path" (the handler sees the full URL, query
 * included); unknown calls answer 404.
 */
export function stubApi(handlers: Record<string, StubHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const handler = handlers[key];
    const answer = handler ? handler(url, init) : { status: 404, body: { message: 'Not found' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs fetched for a path (query included), in order. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, path: string, method = 'GET'): URL[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: (init?.method ?? 'GET').toUpperCase() }))
    .filter((c) => c.url.pathname === path && c.method === method)
    .map((c) => c.url);
}
