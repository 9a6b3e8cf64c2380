/**
 * A user's text made literal inside a LIKE/ILIKE pattern: `%`, `_` and the escape character
 * itself (Postgres' default ESCAPE is the backslash) lose their wildcard meaning.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An ILIKE pattern matching text that contains the search, or null when the search is blank (no filter). */
export function containsPattern(search: string | undefined): string | null {
  const trimmed = search?.trim();
  return trimmed ? `%${escapeLike(trimmed)}%` : null;
}

/** An ILIKE pattern matching text that starts with the search, or null when the search is blank. */
export function startsWithPattern(search: string | undefined): string | null {
  const trimmed = search?.trim();
  return trimmed ? `${escapeLike(trimmed)}%` : null;
}
