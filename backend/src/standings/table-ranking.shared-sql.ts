import { TABLE_TIE_BREAKERS, type TableTieBreaker } from '@scoreline/contracts/game/table-ranking';

/**
 * The one SQL form of the table ranking rule (contracts/src/game/table-ranking.ts): every table
 * — the stored season standings, a gameweek's table, a month's table, the reconciler's check,
 * the winners — ranks through these builders, so making ranking faster or changing the rule is
 * a change here. `column` names the SQL expression of each figure (points, exact, correct).
 * Public SQL of the standings domain (the *.shared-sql.ts convention): any domain may compose it.
 */
export type FigureColumns = (figure: TableTieBreaker) => string;

/** `points DESC, exact DESC, correct DESC` over the given columns (`nullsLast`: rows without figures last). */
export function tableOrder(column: FigureColumns, options: { nullsLast?: boolean } = {}): string {
  return TABLE_TIE_BREAKERS.map((figure) => `${column(figure)} DESC${options.nullsLast ? ' NULLS LAST' : ''}`).join(', ');
}

/** rank() over the tie-breakers: equal on all three share a rank, the next skips (1, 1, 3). */
export function tableRank(column: FigureColumns, partitionBy?: string): string {
  return `rank() OVER (${partitionBy ? `PARTITION BY ${partitionBy} ` : ''}ORDER BY ${tableOrder(column)})::int`;
}

/** A stable position (ties in rank by user id, as every table lists them). */
export function tablePosition(column: FigureColumns, userId: string, partitionBy?: string): string {
  return `row_number() OVER (${partitionBy ? `PARTITION BY ${partitionBy} ` : ''}ORDER BY ${tableOrder(column)}, ${userId})::int`;
}

/** Figures read from a totals row that may be missing (a member with no predictions): 0. */
export const totalsOf =
  (alias: string): FigureColumns =>
  (figure) =>
    `coalesce(${alias}.${figure}, 0)`;

/**
 * Derived ranks (issue 12 §1). The season tables store each member's key (points, exact,
 * correct) but no rank: per league, `league_key_counts` counts the members holding each key,
 * kept by the standings recompute from the changed rows only, and a rank is 1 + the members
 * with a better key. Every tie-breaker counts "more is better", so "better" under the rule is
 * "greater" as a row in TABLE_TIE_BREAKERS order (a row comparison, which the histogram's
 * primary key answers as an index range).
 */

/** `(points, exact, correct)` over the given columns. */
export function tableKey(column: FigureColumns): string {
  return `(${TABLE_TIE_BREAKERS.map(column).join(', ')})`;
}

/** The key columns of league_key_counts (and of its alias `k`). */
export const histogramOf =
  (alias: string): FigureColumns =>
  (figure) =>
    `${alias}.${figure}`;

/** The key columns of a stored league_standings row (its points are `total_points`). */
export const standingsOf =
  (alias: string): FigureColumns =>
  (figure) =>
    figure === 'points' ? `${alias}.total_points` : `${alias}.${figure}`;

/** How many members of league `leagueId` hold a better key than `key`, from the histogram. */
export function membersAbove(leagueId: string, key: FigureColumns): string {
  return `coalesce((SELECT sum(k.n) FROM league_key_counts k
                    WHERE k.league_id = ${leagueId} AND ${tableKey(histogramOf('k'))} > ${tableKey(key)}), 0)`;
}

/**
 * The stored table's version as KeyRanksService keys it: the summary `summary`'s computed_at in
 * microseconds as text (two recomputes within one millisecond are still two versions).
 */
export function tableVersionSql(summary: string): string {
  return `(extract(epoch FROM ${summary}.computed_at) * 1000000)::bigint::text`;
}

/** The rank of the stored row `alias` (league_standings): null when there is no row. */
export function storedRank(alias: string): string {
  return `CASE WHEN ${alias}.user_id IS NOT NULL THEN (1 + ${membersAbove(`${alias}.league_id`, standingsOf(alias))})::int END`;
}

/**
 * "The row `alias` ranks within the top `n`" without ranking every row: its key is at or above
 * the lowest key whose rank is ≤ n (one walk of the league's histogram, not a sum per row).
 */
export function storedRankAtMost(alias: string, leagueId: string, n: number): string {
  return `${tableKey(standingsOf(alias))} >= (
    SELECT ${TABLE_TIE_BREAKERS.join(', ')} FROM (
      SELECT ${TABLE_TIE_BREAKERS.join(', ')}, sum(n) OVER (ORDER BY ${tableOrder((f) => f)}) - n AS above
      FROM league_key_counts WHERE league_id = ${leagueId} AND n > 0) x
    WHERE above < ${n} ORDER BY ${TABLE_TIE_BREAKERS.join(', ')} LIMIT 1)`;
}
