/** 'YYYY-MM' (a UTC calendar month, as the tables API names months) → e.g. 'January 2096' in the language. */
export function monthLabel(month: string, language: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 1)));
}
