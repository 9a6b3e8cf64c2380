// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, buildApiUrl, renewAccessToken, tokenExpiresAt } from './api-client';
import { ApiError } from './api-error';
import { queryRetryDelay, shouldRetryQuery, UNAVAILABLE_RETRIES } from './query-client';
import { isServerUnavailable, setServerUnavailable } from './server-status';
import { tokenSubject } from './auth-token';
import { takeSettledEarlyJson } from './early-requests';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  setServerUnavailable(false);
});

/** A JWT-looking token (unsigned: the client only reads exp) expiring in `seconds`. */
function tokenExpiringIn(seconds: number, tag = 'a'): string {
  const payload = btoa(JSON.stringify({ sub: 1, tag, exp: Math.floor(Date.now() / 1000) + seconds })).replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.sig`;
}

/** A fetch mock answering by URL: '/api/auth/refresh/' from `refresh`, everything else from `call`. */
function routedFetch(call: (init: RequestInit) => Response | Promise<Response>, refresh: () => Response | Promise<Response>) {
  return vi.fn((url: string, init: RequestInit) => Promise.resolve(url === '/api/auth/refresh/' ? refresh() : call(init)));
}

const authOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

describe('apiClient', () => {
  it('builds URLs under /api and skips empty query values', () => {
    expect(buildApiUrl('/onboarding/clubs/', { search: 'ars', country_id: 3, limit: undefined })).toBe(
      '/api/onboarding/clubs/?search=ars&country_id=3',
    );
  });

  it('sends JSON with the stored bearer token', async () => {
    localStorage.setItem('authToken', 'tok-1');
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { data: { ok: true } }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiClient.post('/auth/profile/', { a: 1 })).resolves.toEqual({ data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/profile/');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('leaves the Authorization header out when token is null', async () => {
    localStorage.setItem('authToken', 'tok-1');
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { data: {} }));
    vi.stubGlobal('fetch', fetchMock);

    await apiClient.post('/auth/login/', {}, { token: null });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('rejects with the server text and status', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(400, { message: 'Invalid credentials' })));
    const error = await apiClient.post('/auth/login/', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Invalid credentials');
    expect((error as ApiError).status).toBe(400);
  });

  it("rejects with 'HTTP {status}' when the body is not JSON", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>oops</html>', { status: 503 })));
    await expect(apiClient.get('/x/')).rejects.toThrow('HTTP 503');
  });

  it("rejects with 'Network error' when the request fails", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = (await apiClient.get('/x/').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Network error');
    expect(error.isNetworkError).toBe(true);
  });
});

describe('apiClient sessions', () => {
  it('renews an expired token once (the refresh cookie goes along) and retries the call with the new one', async () => {
    const old = tokenExpiringIn(600, 'old');
    const fresh = tokenExpiringIn(900, 'new');
    localStorage.setItem('authToken', old);
    const fetchMock = routedFetch(
      (init) => (authOf(init) === `Bearer ${fresh}` ? jsonResponse(200, { data: { ok: 1 } }) : jsonResponse(401, { message: 'expired', detail: 'token_expired' })),
      () => jsonResponse(200, { data: { tokens: { access: fresh } } }),
    );
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiClient.post('/predictions/', { a: 1 })).resolves.toEqual({ data: { ok: 1 } });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/predictions/', '/api/auth/refresh/', '/api/predictions/']);
    const refreshInit = fetchMock.mock.calls[1][1];
    expect(refreshInit.method).toBe('POST');
    expect(refreshInit.credentials).toBe('same-origin');
    expect(fetchMock.mock.calls[2][1].body).toBe('{"a":1}');
    expect(localStorage.getItem('authToken')).toBe(fresh);
  });

  it('renews before the call when the token is about to expire', async () => {
    const fresh = tokenExpiringIn(900, 'new');
    localStorage.setItem('authToken', tokenExpiringIn(20, 'old'));
    const fetchMock = routedFetch(
      () => jsonResponse(200, { data: {} }),
      () => jsonResponse(200, { data: { tokens: { access: fresh } } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await apiClient.get('/auth/profile/');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh/', '/api/auth/profile/']);
    expect(authOf(fetchMock.mock.calls[1][1])).toBe(`Bearer ${fresh}`);
  });

  it('asks for one renewal however many calls meet the expired token at once', async () => {
    const fresh = tokenExpiringIn(900, 'new');
    localStorage.setItem('authToken', tokenExpiringIn(600, 'old'));
    const fetchMock = routedFetch(
      (init) => (authOf(init) === `Bearer ${fresh}` ? jsonResponse(200, { data: {} }) : jsonResponse(401, { message: 'expired' })),
      () => jsonResponse(200, { data: { tokens: { access: fresh } } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([apiClient.get('/a/'), apiClient.get('/b/'), apiClient.get('/c/')]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh/')).toHaveLength(1);
  });

  it('signs out only when the renewal itself is refused with 401', async () => {
    localStorage.setItem('authToken', tokenExpiringIn(600));
    vi.stubGlobal(
      'fetch',
      routedFetch(
        () => jsonResponse(401, { message: 'Your session has ended.' }),
        () => jsonResponse(401, { message: 'Your session has ended. Please sign in again.' }),
      ),
    );
    const error = (await apiClient.get('/x/').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('keeps the token when the server is unavailable (503 or network error), even for the renewal, and says so', async () => {
    const token = tokenExpiringIn(600);
    localStorage.setItem('authToken', token);
    vi.stubGlobal('fetch', routedFetch(() => new Response('', { status: 503 }), () => new Response('', { status: 503 })));
    expect(((await apiClient.get('/x/').catch((e: unknown) => e)) as ApiError).status).toBe(503);
    expect(localStorage.getItem('authToken')).toBe(token);
    expect(isServerUnavailable()).toBe(true);

    // The call is refused as expired, and the renewal cannot reach the server: still signed in.
    vi.stubGlobal(
      'fetch',
      routedFetch(
        () => jsonResponse(401, { message: 'expired', detail: 'token_expired' }),
        () => Promise.reject(new TypeError('Failed to fetch')),
      ),
    );
    expect(((await apiClient.get('/x/').catch((e: unknown) => e)) as ApiError).status).toBe(401);
    expect(localStorage.getItem('authToken')).toBe(token);
    expect(isServerUnavailable()).toBe(true);
    await expect(renewAccessToken()).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('authToken')).toBe(token);

    // The next answer clears the notice.
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, { data: {} })));
    await apiClient.get('/x/');
    expect(isServerUnavailable()).toBe(false);
  });

  it('keys queries by whom the token speaks for, the same across renewals', () => {
    expect(tokenSubject(tokenExpiringIn(60, 'a'))).toBe('user:1');
    expect(tokenSubject(tokenExpiringIn(900, 'b'))).toBe('user:1');
    expect(tokenSubject('opaque')).toBe('opaque');
  });

  it('reads the expiry of a token, and null from anything else', () => {
    const token = tokenExpiringIn(60);
    expect(Math.abs(tokenExpiresAt(token)! - (Date.now() + 60_000))).toBeLessThan(2000);
    expect(tokenExpiresAt('not-a-token')).toBeNull();
  });
});

describe('query retries', () => {
  it('retries reads while the server is unavailable, with growing waits, and never a client error', () => {
    const unavailable = [new ApiError(503, null, 'x'), new ApiError(0, null, 'Network error'), new ApiError(502, null, 'x')];
    for (const error of unavailable) {
      expect(shouldRetryQuery(UNAVAILABLE_RETRIES - 1, error)).toBe(true);
      expect(shouldRetryQuery(UNAVAILABLE_RETRIES, error)).toBe(false);
    }
    for (const status of [400, 401, 404, 429]) expect(shouldRetryQuery(0, new ApiError(status, null, 'x'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(500, null, 'x'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(500, null, 'x'))).toBe(false);
    expect([0, 1, 2, 3, 10].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 30000]);
  });
});

/** What the early boot script leaves: the answers by URL (null: the call failed), all already in. */
function early(token: string, answers: Record<string, { status: number; text: string; at: number } | null>): NonNullable<Window['__scorelineEarly']> {
  return {
    token,
    answers: Object.fromEntries(Object.entries(answers).map(([url, answer]) => [url, Promise.resolve(answer)])),
    settled: Object.fromEntries(Object.entries(answers).filter(([, answer]) => answer !== null)) as Record<string, { status: number; text: string; at: number }>,
  };
}

describe('early responses (the first screen\'s calls started by index.html\'s boot script)', () => {
  afterEach(() => {
    delete window.__scorelineEarly;
  });

  it('answers the first GET of that URL with that token from the early response, then asks the server', async () => {
    const token = tokenExpiringIn(3600);
    localStorage.setItem('authToken', token);
    window.__scorelineEarly = early(token, { '/api/stats/dashboard/': { status: 200, text: JSON.stringify({ data: 'early' }), at: 1 } });
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { data: 'fetched' })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiClient.get('/stats/dashboard/')).toEqual({ data: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await apiClient.get('/stats/dashboard/')).toEqual({ data: 'fetched' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the server when the token changed since, or the early call failed', async () => {
    const token = tokenExpiringIn(3600);
    localStorage.setItem('authToken', token);
    window.__scorelineEarly = early(tokenExpiringIn(3600, 'someone-else'), { '/api/stats/dashboard/': { status: 200, text: JSON.stringify({ data: 'not yours' }), at: 1 } });
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { data: 'fetched' })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiClient.get('/stats/dashboard/')).toEqual({ data: 'fetched' });
    window.__scorelineEarly = early(token, { '/api/auth/profile/': null });
    expect(await apiClient.get('/auth/profile/')).toEqual({ data: 'fetched' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('renews and retries as usual when the early call met an expired session (401)', async () => {
    const token = tokenExpiringIn(3600);
    localStorage.setItem('authToken', token);
    window.__scorelineEarly = early(token, { '/api/stats/dashboard/': { status: 401, text: JSON.stringify({ message: 'expired' }), at: 1 } });
    const fetchMock = routedFetch(
      () => jsonResponse(200, { data: 'after renewal' }),
      () => jsonResponse(200, { data: { tokens: { access: tokenExpiringIn(3600, 'renewed') } } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiClient.get('/stats/dashboard/')).toEqual({ data: 'after renewal' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives an answer already in to a first render once, parsed, and only a successful one', () => {
    const token = tokenExpiringIn(3600);
    window.__scorelineEarly = early(token, {
      '/api/stats/dashboard/': { status: 200, text: JSON.stringify({ data: 'early' }), at: 42 },
      '/api/auth/profile/': { status: 500, text: '{}', at: 43 },
    });
    expect(takeSettledEarlyJson('/api/stats/dashboard/', 'another token')).toBeUndefined();
    expect(takeSettledEarlyJson('/api/stats/dashboard/', token)).toEqual({ body: { data: 'early' }, at: 42 });
    expect(takeSettledEarlyJson('/api/stats/dashboard/', token)).toBeUndefined();
    expect(takeSettledEarlyJson('/api/auth/profile/', token)).toBeUndefined();
  });
});
