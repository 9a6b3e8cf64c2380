/**
 * The one ranking rule of every league table (season, gameweek, month; every league kind):
 * more points first, then more exact scores, then more correct results (exact included, as in
 * accuracy); members equal on all three share a rank and the next rank skips ("1, 1, 3").
 *
 * The backend's SQL builds its ORDER BY from `TABLE_TIE_BREAKERS` (backend/src/standings/
 * table-ranking.shared-sql.ts, which picks/ orders its grid through too), so this list is the
 * single place the order is written down.
 */
export const TABLE_TIE_BREAKERS = ['points', 'exact', 'correct'] as const;

export type TableTieBreaker = (typeof TABLE_TIE_BREAKERS)[number];

/** What a table ranks a member by. */
export type TableFigures = Record<TableTieBreaker, number>;

/** Negative when `a` ranks above `b`, 0 when they share a rank. */
export function compareTableFigures(a: TableFigures, b: TableFigures): number {
  for (const key of TABLE_TIE_BREAKERS) {
    if (a[key] !== b[key]) return b[key] - a[key];
  }
  return 0;
}

/**
 * Standard competition ranks of the entries, in input order: 1 + how many rank strictly above.
 * The reference for SQL rank() over the tie-breakers (the spec checks both agree on ties).
 */
export function tableRanks(entries: readonly TableFigures[]): number[] {
  const sorted = [...entries].sort(compareTableFigures);
  return entries.map((e) => {
    let above = 0;
    while (above < sorted.length && compareTableFigures(sorted[above], e) < 0) above++;
    return above + 1;
  });
}

/** Everyone who shares rank 1, when the leader has scored at all (no winner of a pointless round). */
export function tableWinners<T extends TableFigures>(entries: readonly T[]): T[] {
  const ranks = tableRanks(entries);
  return entries.filter((e, i) => ranks[i] === 1 && e.points > 0);
}
