/** Seconds as m:ss, e.g. 60 → '1:00', 59 → '0:59', 5 → '0:05'. Negative counts as 0. */
export function formatCountdown(totalSeconds: number): string {
  const safe = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
