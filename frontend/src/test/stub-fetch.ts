import { vi } from 'vitest';

export type StubAnswer = { status?: number; body?: unknown };
export type StubHandler = (init: RequestInit | undefined) => StubAnswer | Promise<StubAnswer>;

/** A fetch answering per "METHOD /api/path" (404 for anything else); a handler may answer later (a pending call). */
export function stubFetch(handlers: Record<string, StubHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const handler = handlers[`${(init?.method ?? 'GET').toUpperCase()} ${url.split('?')[0]}`];
    const answer = handler ? await handler(init) : { status: 404, body: { message: 'Not found' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
