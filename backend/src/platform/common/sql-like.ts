/**
 * A user's text made literal inside a LIKE/ILIKE pattern: `%`, `_` and the escape character
 * itself (Postgres' default ESCAPE is the backslash) lose their wildcard meaning.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An ILIKE pattern matching text that contains the search, or null when the search is blank (no filter). */
export function containsPattern(search: string | undefined): string | null {
  const text = searchText(search);
  return text === null ? null : `%${escapeLike(text)}%`;
}

/** An ILIKE pattern matching text that starts with the search, or null when the search is blank. */
export function startsWithPattern(search: string | undefined): string | null {
  const text = searchText(search);
  return text === null ? null : `${escapeLike(text)}%`;
}

/** The search as typed, trimmed, or null when it is blank (no filter). */
export function searchText(search: string | undefined): string | null {
  const trimmed = search?.trim();
  return trimmed ? trimmed : null;
}

/**
 * SQL: `text` starts with `prefix` (SQL of a non-empty text), as the range [prefix, the prefix
 * with its last character's code point one higher) in byte-wise order — the order of a
 * `text_pattern_ops` index, which in UTF-8 is code-point order, so the range holds exactly the
 * strings starting with the prefix, and `%` or `_` in it are plain characters. Unlike a LIKE
 * pattern, the bounds are expressions of the parameter, so a prepared statement's generic plan
 * still reads the index. The code point after U+D7FF is U+E000 (surrogates are no characters);
 * U+10FFFF, which has none, is refused at the door (IsSearchText refuses noncharacters).
 */
export function startsWithRange(text: string, prefix: string): string {
  const last = `ascii(right(${prefix}, 1))`;
  const end = `left(${prefix}, -1) || chr(${last} + CASE ${last} WHEN 55295 THEN 2049 ELSE 1 END)`;
  return `(${text} ~>=~ ${prefix} AND ${text} ~<~ (${end}))`;
}
