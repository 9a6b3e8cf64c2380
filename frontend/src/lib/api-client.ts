import { ApiError, NETWORK_ERROR, getApiErrorText, toServerErrorBody } from './api-error';
import { clearStoredToken, getStoredToken, storeToken } from './auth-token';
import { takeEarlyResponse } from './early-requests';
import { isUnavailableStatus, setServerUnavailable } from './server-status';

export const API_BASE = '/api';

/** Renew this long before the access token's exp, so a call rarely meets an expired one. */
const RENEW_BEFORE_EXPIRY_MS = 60_000;

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Added to the URL; empty values are left out. */
  query?: Record<string, QueryValue>;
  /**
   * Bearer token. Left out: the stored token (if any), renewed when it expires. null: no
   * Authorization header. A string: that token.
   */
  token?: string | null;
  signal?: AbortSignal;
}

export function buildApiUrl(path: string, query?: Record<string, QueryValue>): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  let url = `${API_BASE}${clean}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null || value === '') continue;
      params.set(key, String(value));
    }
    const search = params.toString();
    if (search) url += `?${search}`;
  }
  return url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Milliseconds since the epoch at which a JWT expires, or null when it cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  try {
    const part = token.split('.')[1];
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** fetch that answers an ApiError with status 0 for a network failure and tracks availability. */
async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    setServerUnavailable(true);
    throw new ApiError(0, null, NETWORK_ERROR);
  }
  setServerUnavailable(isUnavailableStatus(response.status));
  return response;
}

let renewal: Promise<string | null> | null = null;

/**
 * A new access token for the refresh cookie (HttpOnly, so only the server reads it). One renewal
 * at a time, whoever asks. Resolves null when the server says the session is over (401: the
 * stored token is dropped, which signs out); rejects when the server could not be asked (network,
 * 5xx), leaving the token where it is.
 */
export function renewAccessToken(): Promise<string | null> {
  renewal ??= (async () => {
    const response = await send(buildApiUrl('/auth/refresh/'), { method: 'POST', headers: { Accept: 'application/json' } });
    const json = await readJson(response);
    if (response.status === 401) {
      clearStoredToken();
      return null;
    }
    const access = (json as { data?: { tokens?: { access?: unknown } } } | null)?.data?.tokens?.access;
    if (!response.ok || typeof access !== 'string' || !access) {
      throw new ApiError(response.status, toServerErrorBody(json), getApiErrorText(json, response.status));
    }
    storeToken(access);
    return access;
  })().finally(() => {
    renewal = null;
  });
  return renewal;
}

/** The stored token, renewed first when it is about to expire (if renewal cannot happen now, the old one). */
async function currentToken(): Promise<string | null> {
  const token = getStoredToken();
  if (!token) return null;
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null || expiresAt - Date.now() > RENEW_BEFORE_EXPIRY_MS) return token;
  try {
    return (await renewAccessToken()) ?? null;
  } catch {
    return token;
  }
}

/**
 * Calls the API under /api with JSON in and out. Resolves with the parsed answer (successful
 * payloads sit under `data`), rejects with an ApiError whose message is the spec's generic
 * error text. With the stored token: renewed before it expires, and a 401 renews it and retries
 * the call once; only a renewal the server refuses (401) signs out. A network error or a 503
 * never drops the token.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const usesStoredToken = options.token === undefined;

  const attempt = async (token: string | null | undefined): Promise<Response> => {
    // The first screen's calls may be under way already (index.html's early boot script).
    const early = method === 'GET' && token && !query ? takeEarlyResponse(buildApiUrl(path), token) : null;
    const response = early ? await early : null;
    if (response) {
      setServerUnavailable(isUnavailableStatus(response.status));
      return response;
    }
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    return send(buildApiUrl(path, query), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  };

  const token = usesStoredToken ? await currentToken() : options.token;
  let response = await attempt(token);
  if (response.status === 401 && usesStoredToken && token) {
    // Expired or revoked: a renewal tells which (a revoked session cannot renew).
    const renewed = await renewAccessToken().catch(() => undefined);
    if (renewed) response = await attempt(renewed);
  }

  const json = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, toServerErrorBody(json), getApiErrorText(json, response.status));
  return json as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
