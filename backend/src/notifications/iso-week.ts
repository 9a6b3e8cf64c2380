const DAY_MS = 24 * 3600 * 1000;

/**
 * The ISO 8601 week of an instant, in UTC, e.g. "2026-W48": weeks start on Monday and week 1
 * is the one with the year's first Thursday (so 2021-01-03 is in 2020-W53). The weekly
 * digest's subject key: one digest per user per week, however often the job runs.
 */
export function isoWeekKey(at: Date): string {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const weekday = (new Date(midnight).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  // The Thursday of this week decides the ISO year.
  const thursday = new Date(midnight + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const jan4 = Date.UTC(year, 0, 4);
  const week1Monday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  const week = 1 + Math.round((midnight - weekday * DAY_MS - week1Monday) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}
