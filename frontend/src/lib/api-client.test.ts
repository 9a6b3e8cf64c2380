// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, buildApiUrl } from './api-client';
import { ApiError } from './api-error';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

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
