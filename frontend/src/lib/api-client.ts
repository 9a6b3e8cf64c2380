import { ApiError, NETWORK_ERROR, getApiErrorText, toServerErrorBody } from './api-error';
import { clearStoredToken, getStoredToken } from './auth-token';

export const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Added to the URL; empty values are left out. */
  query?: Record<string, QueryValue>;
  /**
   * Bearer token. Left out: the stored token (if any). null: no Authorization header.
   * A string: that token.
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

/**
 * Calls the API under /api with JSON in and out. Resolves with the parsed answer (successful
 * payloads sit under `data`), rejects with an ApiError whose message is the spec's generic
 * error text.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const usesStoredToken = options.token === undefined;
  const token = usesStoredToken ? getStoredToken() : options.token;

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null, NETWORK_ERROR);
  }

  const json = await readJson(response);
  if (!response.ok) {
    // A stored token the server no longer accepts ends the session (reads only, so a wrong
    // current password or similar never signs anyone out).
    if (response.status === 401 && method === 'GET' && usesStoredToken && token) {
      clearStoredToken();
    }
    throw new ApiError(response.status, toServerErrorBody(json), getApiErrorText(json, response.status));
  }
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
