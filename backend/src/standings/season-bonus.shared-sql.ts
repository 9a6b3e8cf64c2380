import type { FigureColumns } from './table-ranking.shared-sql';

/**
 * Bonus points in a league's season table (issue 34 §3): a competition's questions count in every
 * league of its season, a private league's own questions in that league only; never in a
 * gameweek's or a month's table. bonus/ writes them per user when a settlement changes
 * (bonus_points, league_question_points), so a season table joins one row of each per member.
 * The one SQL form of the rule: the stored recompute, the table and live-table loads and the
 * reconciler's check all add them through these builders. The loads of a whole table (a million
 * members) join them only while some member of the leagues has any (seasonBonusCounts): two more
 * hash joins cost a 1M live base ~20% more, and most of a season has nothing settled.
 * Public SQL of the standings domain (the *.shared-sql.ts convention: any domain may compose it;
 * seasonBonusCounts, a query, is in season-bonus.queries.ts).
 */

export interface SeasonBonusRefs {
  /** Prefix of the two joins' aliases (`<alias>_c`, `<alias>_l`). */
  alias: string;
  /** SQL of the member's user id. */
  user: string;
  /** SQL of the league's id. */
  league: string;
  /** SQL of the season's id (null: nothing joins). */
  season: string;
}

/** The member's two rows of bonus points (LEFT JOINs: none when they have none). */
export function seasonBonusJoins({ alias, user, league, season }: SeasonBonusRefs): string {
  return `LEFT JOIN bonus_points ${alias}_c ON ${alias}_c.season_id = ${season} AND ${alias}_c.user_id = ${user}
   LEFT JOIN league_question_points ${alias}_l ON ${alias}_l.league_id = ${league} AND ${alias}_l.season_id = ${season} AND ${alias}_l.user_id = ${user}`;
}

/** The member's bonus points in the season table (0 without any), from seasonBonusJoins' rows. */
export const seasonBonusOf = (alias: string): string => `(coalesce(${alias}_c.points, 0) + coalesce(${alias}_l.points, 0))`;

/** When the member's bonus points last moved (null: never), from seasonBonusJoins' rows. */
export const seasonBonusMovedAt = (alias: string): string => `greatest(${alias}_c.updated_at, ${alias}_l.updated_at)`;

/** The figures of a season table: the totals' points with the bonus points added; exact and correct as they are. */
export const withSeasonBonus =
  (figures: FigureColumns, alias: string): FigureColumns =>
  (figure) =>
    figure === 'points' ? `(${figures('points')} + ${seasonBonusOf(alias)})` : figures(figure);
