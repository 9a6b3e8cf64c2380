import { useSyncExternalStore } from 'react';

/**
 * Whether the API is out of reach: true after a network error or a 502/503/504 (the header says
 * "Server unavailable"), false again at the next answer. It never signs anyone out.
 */
let unavailable = false;
const listeners = new Set<() => void>();

export function setServerUnavailable(value: boolean): void {
  if (unavailable === value) return;
  unavailable = value;
  listeners.forEach((listener) => listener());
}

export function isServerUnavailable(): boolean {
  return unavailable;
}

/** A status that means the server (or what stands in front of it) is down, not that the call is wrong. */
export function isUnavailableStatus(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useServerUnavailable(): boolean {
  return useSyncExternalStore(subscribe, isServerUnavailable, () => false);
}
