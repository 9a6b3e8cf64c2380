import { TABLE_TIE_BREAKERS, type TableTieBreaker } from '@scoreline/contracts/game/table-ranking';

/**
 * The one SQL form of the table ranking rule (contracts/src/game/table-ranking.ts): every table
 * — the stored season standings, a gameweek's table, a month's table, the reconciler's check,
 * the winners — ranks through these builders, so making ranking faster or changing the rule is
 * a change here. `column` names the SQL expression of each figure (points, exact, correct).
 */
export type FigureColumns = (figure: TableTieBreaker) => string;

/** `points DESC, exact DESC, correct DESC` over the given columns. */
export function tableOrder(column: FigureColumns): string {
  return TABLE_TIE_BREAKERS.map((figure) => `${column(figure)} DESC`).join(', ');
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
