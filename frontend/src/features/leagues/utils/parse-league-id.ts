/** A league id from the URL: a positive whole number, else null (shown as not found). */
export function parseLeagueId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2147483647 ? id : null;
}
