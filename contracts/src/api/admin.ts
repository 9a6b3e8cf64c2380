import type { FixtureStatus } from '../game/gameweek-status';

/**
 * Admin API (role admin; a signed-in non-admin gets 404 "Not found.", as if the call did not
 * exist; no or a bad token 401). Every change is written with a `result.recorded` event in the
 * same transaction, so scoring follows, and is audited (console.ts: GET /admin/audit/).
 *
 * - POST  /admin/seasons/import          ImportSeasonRequest → ApiEnvelope<ImportSeasonResult> (201; 400 when
 *                                         the file is no season or none of its rows can be imported)
 * - PUT   /admin/fixtures/{id}/result    RecordResultRequest → ApiEnvelope<AdminFixture>
 * - POST  /admin/fixtures/{id}/postpone  (no body)           → ApiEnvelope<AdminFixture>
 * - PATCH /admin/fixtures/{id}           RescheduleFixtureRequest → ApiEnvelope<AdminFixture>
 * - GET   /admin/fixtures/?gameweek=N&competition=c → ApiEnvelope<AdminFixture[]> (active season; of that competition)
 */

export interface ImportSeasonRequest {
  /** An openfootball football.json season: {name, matches: [{round, date, time?, team1, team2, score?, status?}]}. */
  season: unknown;
  /** Shift every date by whole days so that the season's middle gameweek opens about now. */
  shift_to_now?: boolean;
  /** Make this season the active one (default true; a tournament file must say false: it cannot be the active season yet). */
  activate?: boolean;
  /** openfootball league code ("en.1"); default: derived from the season name. */
  league_code?: string;
}

/**
 * A match row of the file that was not imported, and why. The rest of the file was imported; a
 * refused row changes nothing stored (a fixture from an earlier import stays as it was).
 */
export interface ImportRefusedRow {
  /** Index of the row in the file's `matches`, from 0 (as in "matches[3]"). */
  row: number;
  /** The row's round, date and teams as the file writes them (null when missing or not text). */
  round: string | null;
  date: string | null;
  home: string | null;
  away: string | null;
  /** Every problem of the row, e.g. "score.p: a drawn shoot-out cannot be (…), got [4,4]". */
  reason: string;
}

export interface ImportSeasonResult {
  season: { id: number; name: string; label: string; league_code: string; is_active: boolean };
  gameweeks: number;
  /** The imported rows (refused ones not counted). */
  fixtures: { total: number; created: number; updated: number; unchanged: number };
  /** Rows refused one by one (a drawn shoot-out, penalties without extra time, a negative score …); [] when none. */
  refused: ImportRefusedRow[];
  /** Names of clubs that were not known and were created. */
  clubs_created: string[];
  /** result.recorded events raised (existing fixtures whose status or score changed). */
  results_recorded: number;
  /** The shift applied to every date, in whole days (0 without shift_to_now). */
  shift_days: number;
  /**
   * A tournament file (World Cup, Champions League: rounds by name, knockouts): how many team slots
   * still hold a placeholder ("W73") after the import, and each stored match the file no longer has
   * (kept as stored). Absent for a league season.
   */
  tournament?: { placeholders: number; missing: { key: string; reason: string }[] };
}

/** A score as [home, away] goals of a match's two sides. */
export interface SideGoals {
  home: number;
  away: number;
}

/**
 * `home_score`/`away_score` are the score after 90 minutes and stoppage time, the one predictions
 * are scored on. A knockout match (only) may add `extra_time` (the score after extra time, the
 * whole match counted, so never below the 90-minute score; only after a level 90 minutes, or a
 * level aggregate in a second leg) and `penalties` (the shoot-out, only with extra time, never
 * drawn): they decide who goes through. A first leg has neither. Each refusal is a 400 naming
 * the field. Left out, they are cleared (the call states the whole result).
 */
export interface RecordResultRequest {
  home_score: number;
  away_score: number;
  status: 'live' | 'finished';
  /** Match minute, only with status live (1–130). */
  minute?: number;
  extra_time?: SideGoals | null;
  penalties?: SideGoals | null;
}

export interface RescheduleFixtureRequest {
  /** New kick-off, ISO 8601 with a time zone (e.g. "2025-01-18T15:00:00Z"). */
  match_time: string;
}

export interface AdminFixture {
  id: number;
  season_id: number;
  gameweek_id: number;
  gameweek: number;
  external_key: string | null;
  /** The team's name, or its placeholder ("W73") while the team is not known. */
  home_team: string;
  away_team: string;
  match_time: string;
  kickoff_confirmed: boolean;
  status: FixtureStatus;
  home_score: number | null;
  away_score: number | null;
  minute: number | null;
  awarded: boolean;
  /** A knockout match's score after extra time and its shoot-out; null when none. */
  extra_time: SideGoals | null;
  penalties: SideGoals | null;
  updated_at: string;
}
