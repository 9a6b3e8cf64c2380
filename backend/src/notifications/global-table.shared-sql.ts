import { seasonBonusJoins, seasonBonusOf, withSeasonBonus } from '../standings/season-bonus.shared-sql';
import { totalsOf, type FigureColumns } from '../standings/table-ranking.shared-sql';
import { intList } from '../standings/int-list.shared-sql';

/**
 * The global league's season table as mails and pushes state it (a fan's rank, their season
 * points): the rule of the tables the fan sees, composed from standings' builders — the totals
 * `t` with the settled bonus points added (season-bonus.shared-sql.ts, aliases `gb_*`) — so a
 * settled bonus question moves the rank in a mail as it moves it in the table. Shared by the email
 * and push channels (public SQL of notifications; the *.shared-sql.ts convention).
 */

/** A member's figures in the global table (needs globalTableMembers' aliases). */
export const GLOBAL_TABLE_FIGURES: FigureColumns = withSeasonBonus(totalsOf('t'), 'gb');

/**
 * `FROM …` the members `m` of the global league `l` of season `season`'s competition, with their
 * season totals `t` and bonus points; `joins` go before the WHERE.
 */
export function globalTableMembers(season: string, joins = ''): string {
  return `FROM leagues l
  JOIN league_members m ON m.league_id = l.id
  LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = ${season}
  ${seasonBonusJoins({ alias: 'gb', user: 'm.user_id', league: 'l.id', season })}
  ${joins}
  WHERE l.type = 'global' AND l.competition_code = (SELECT s.league_code FROM seasons s WHERE s.id = ${season})`;
}

/**
 * A fan's season points as the global table counts them, where the league is not at hand (the
 * weekly digest): their totals `totals` and the competition's settled bonus points (the global
 * league asks no questions of its own). `joins` go after the totals' join (aliases `sp_*`).
 */
export function globalSeasonPoints(totals: string, user: string, season: string): { points: string; joins: string } {
  return {
    points: `(${totals}.points + ${seasonBonusOf('sp')})`,
    joins: seasonBonusJoins({ alias: 'sp', user, league: 'NULL::int', season }),
  };
}

/**
 * One row: the user ids of `sql`'s answer (a column user_id) and each of its `columns`, each as a
 * comma-separated list in user id order, for parseIntList: a million members come as a few
 * strings, not a million row objects.
 */
export function asIntLists(sql: string, columns: readonly string[]): string {
  const list = (column: string) => intList(`r.${column}`, 'r.user_id');
  return `SELECT ${['user_id', ...columns].map((c) => `${list(c)} AS ${c}`).join(', ')} FROM (${sql}) r`;
}
