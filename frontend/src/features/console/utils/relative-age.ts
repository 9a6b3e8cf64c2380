/**
 * How long ago something happened, as the locale says it ("2 min ago", "vor 2 Min."), in the
 * coarsest unit that keeps it honest: seconds under a minute, minutes under an hour, hours under a
 * day, then days. An operator glancing at a feed wants "how stale", not a timestamp.
 */
export function formatAge(seconds: number, locale: string): string {
  const whole = Math.max(0, Math.floor(seconds));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' });
  if (whole < 60) return format.format(-whole, 'second');
  if (whole < 3600) return format.format(-Math.floor(whole / 60), 'minute');
  if (whole < 86_400) return format.format(-Math.floor(whole / 3600), 'hour');
  return format.format(-Math.floor(whole / 86_400), 'day');
}

/** Past this, a competition's feed counts as stale (a poll runs every minute or so while matches are on). */
export const STALE_AFTER_SECONDS = 10 * 60;
