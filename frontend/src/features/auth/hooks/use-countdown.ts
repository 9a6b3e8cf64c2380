import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a deadline, ticking down to 0. It starts running at once with
 * `initialSeconds`; `restart(n)` starts it again. Based on the clock, so it stays right
 * while the tab sleeps.
 */
export function useCountdown(initialSeconds: number) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [remaining, setRemaining] = useState(initialSeconds);

  useEffect(() => {
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const restart = useCallback((seconds: number) => {
    setEndsAt(Date.now() + seconds * 1000);
    setRemaining(seconds);
  }, []);

  return { remaining, restart, running: remaining > 0 };
}
