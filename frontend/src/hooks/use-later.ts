import { useCallback, useEffect, useRef } from 'react';

/** `later(fn, ms)`: a timeout that is cleared if the component unmounts first. */
export function useLater(): (fn: () => void, ms: number) => void {
  const timers = useRef<Set<ReturnType<typeof setTimeout>>>(new Set());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);
  return useCallback((fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  }, []);
}
