/**
 * League tables (issue 11 section 3): the season table, any gameweek's table and the monthly
 * tables of a league, all ranked by one rule (contracts/src/game/table-ranking.ts: points, then
 * exact scores, then correct results, then shared rank), and the league's gameweek and month
 * winners. Answers are wrapped in `ApiEnvelope<T>` from ./common.
 *
 * Calls (under /api, bearer token; a private league answers 404 to non-members):
 *   GET /leagues/{id}/table/?period=season|gameweek|month&gameweek=N&month=YYYY-MM&page=&page_size= → LeagueTableResponse
 *   GET /leagues/{id}/winners/                                                                     → LeagueWinnersResponse
 *
 * A month is a calendar month in UTC; its table sums the gameweeks whose first match kicks off
 * in that month (FPL-style). Without `gameweek` the gameweek table is of the latest gameweek
 * with a match played (else the current one); without `month`, the month of that gameweek.
 */
import type { Paging } from './leagues';

export type TablePeriod = 'season' | 'gameweek' | 'month';
export const TABLE_PERIODS: readonly TablePeriod[] = ['season', 'gameweek', 'month'];
export const TABLE_DEFAULT_PAGE_SIZE = 50;
export const TABLE_MAX_PAGE_SIZE = 100;
/** 'YYYY-MM', month 01–12. */
export const TABLE_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface LeagueTableQuery {
  period?: TablePeriod;
  gameweek?: number;
  month?: string;
  page?: number;
  page_size?: number;
}

export interface LeagueTableRow {
  user_id: number;
  username: string;
  full_name: string;
  team_name: string | null;
  rank: number;
  /** In the season table, bonus points included. */
  points: number;
  exact: number;
  correct: number;
  /**
   * The bonus points among `points` (issue 34 §3): the competition's questions settled so far and
   * the league's own questions; 0 in a gameweek's or a month's table, which count none.
   */
  bonus_points: number;
  /** Some of these points come from matches still in play. */
  provisional: boolean;
  is_current_user: boolean;
  /** Rank 1 with points, in a period that is complete. */
  is_winner: boolean;
}

/** One gameweek of the season, for the table's navigation. */
export interface TableGameweek {
  number: number;
  /** The round as fans see it (game/round-name.ts): "Gameweek 12", "Round of 32". */
  name?: string;
  /** 'YYYY-MM' (UTC) of its first kick-off; null before it has fixtures. */
  month: string | null;
  completed: boolean;
}

export interface LeagueTableResponse extends Paging {
  period: TablePeriod;
  /** The gameweek shown (period gameweek), else null. */
  gameweek: number | null;
  /** The month shown (period month), else null. */
  month: string | null;
  /** The gameweek numbers the month's table sums (period month), else []. */
  month_gameweeks: number[];
  /** Every gameweek of the period finished or void: rank 1 holds the win. */
  completed: boolean;
  /** Some match of the period is live: points and ranks are provisional. */
  live: boolean;
  rows: LeagueTableRow[];
  /** The caller's row (also in `rows` when on this page); null when not a member. */
  current_user: LeagueTableRow | null;
  /** The season's gameweeks and months, for navigation. */
  gameweeks: TableGameweek[];
  months: string[];
  updated_at: string | null;
}

export interface TableWinner {
  user_id: number;
  full_name: string;
  points: number;
}

/** The winners of one finished gameweek or month (several when they tie on every figure). */
export interface PeriodWinners {
  period: 'gameweek' | 'month';
  /** Gameweek number (period gameweek), else null. */
  gameweek: number | null;
  /** The round as fans see it (game/round-name.ts: "Gameweek 12", "Round of 32") for period gameweek, else null. */
  gameweek_name?: string | null;
  /** 'YYYY-MM' (period month), else null. */
  month: string | null;
  points: number;
  winners: TableWinner[];
  decided_at: string;
}

export interface LeagueWinnersResponse {
  /** Latest first: every finished gameweek and month of the active season with a winner. */
  gameweeks: PeriodWinners[];
  months: PeriodWinners[];
}
