import { useSyncExternalStore } from 'react';

/** The session token lives in localStorage under this key (spec section 9). */
export const AUTH_TOKEN_KEY = 'authToken';

const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function getStoredToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  window.localStorage.setItem(AUTH_TOKEN_KEY, token);
  notify();
}

export function clearStoredToken(): void {
  window.localStorage.removeItem(AUTH_TOKEN_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === AUTH_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored token, re-rendering when it is set or removed (also from another tab). */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getStoredToken, () => null);
}

/**
 * Whom a token speaks for (its `sub`), the same across renewals; the token itself when it cannot
 * be read. Query keys use it, so a renewed token does not refetch (and blank) what is shown.
 */
export function tokenSubject(token: string): string {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return payload.sub === undefined ? token : `user:${String(payload.sub)}`;
  } catch {
    return token;
  }
}

/** The signed-in user's key for queries (tokenSubject of the stored token), null when signed out. */
export function useAuthSubject(): string | null {
  const token = useAuthToken();
  return token ? tokenSubject(token) : null;
}
