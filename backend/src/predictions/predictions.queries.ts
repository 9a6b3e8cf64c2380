import { queryPrepared, type PooledTransaction } from '../platform/database/database.queries';
import type { DataSource, EntityManager } from 'typeorm';
import type { Prediction, PredictionInput } from '@scoreline/contracts/api/predictions';
import { lockGameweekForSaveSql } from '../fixtures/gameweek-lock.shared-sql';
import { insertEventAndNotifyCtes } from '../platform/outbox/outbox.shared-sql';
import { FIXTURE_STATES_VERSION_SQL } from '../seasons/season-context.shared-sql';
import type { OpenFixture } from './prediction-rules';

/**
 * The SQL of predictions: a user's picks of a gameweek, saving them, whether a gameweek still
 * takes them, and the one SQL form of the reveal rule that every reader of other players'
 * picks shares.
 */

type Db = DataSource | EntityManager;

/** Namespace of the per-user advisory lock held while a user's predictions are saved. */
const PREDICTION_SAVE_LOCK = 7_302;

export type PredictionRow = Omit<Prediction, 'updated_at'> & { updated_at: Date };

/** A user's predictions of a gameweek, in kick-off order. */
export function selectGameweekPredictions(db: Db, userId: number, gameweekId: number): Promise<PredictionRow[]> {
  return queryPrepared(db, 'gameweek_predictions',
    `SELECT p.id, p.fixture_id AS fixture, p.gameweek_id, p.home_score, p.away_score, p.is_banker, p.advance,
            p.points, p.outcome, p.is_final, p.updated_at
     FROM predictions p JOIN fixtures f ON f.id = p.fixture_id
     WHERE p.user_id = $1 AND p.gameweek_id = $2
     ORDER BY f.kickoff_at, f.id`,
    [userId, gameweekId],
  );
}

/** One save per user at a time (until the transaction ends). */
/** The active season of the first fixture named (in the order given) that belongs to one; null when none does. */
export async function selectActiveSeasonOfFixtures(tx: EntityManager, fixtureIds: number[]): Promise<number | null> {
  const [row]: { season_id: number }[] = await tx.query(
    `SELECT f.season_id FROM unnest($1::int[]) WITH ORDINALITY AS b(id, n)
     JOIN fixtures f ON f.id = b.id JOIN seasons s ON s.id = f.season_id AND s.is_active
     ORDER BY b.n LIMIT 1`,
    [fixtureIds],
  );
  return row?.season_id ?? null;
}

export async function lockUserPredictions(tx: EntityManager, userId: number): Promise<void> {
  await queryPrepared(tx, 'lock_user_predictions', `SELECT pg_advisory_xact_lock($1, $2)`, [PREDICTION_SAVE_LOCK, userId]);
}

/** Clears the user's banker in the gameweek on every fixture but the new banker's. */
export async function clearOtherBankers(tx: EntityManager, userId: number, gameweekId: number, bankerFixtureId: number): Promise<void> {
  await queryPrepared(tx, 'clear_other_bankers',
    `UPDATE predictions SET is_banker = false, updated_at = now()
     WHERE user_id = $1 AND gameweek_id = $2 AND is_banker AND fixture_id <> $3`,
    [userId, gameweekId, bankerFixtureId],
  );
}

/**
 * Inserts or replaces the predictions (the "who goes through" pick included: one left out is
 * cleared); one for a postponed (void) match is stored void at once, as scoring would.
 */
export async function upsertPredictions(tx: EntityManager, userId: number, predictions: PredictionInput[]): Promise<void> {
  await queryPrepared(tx, 'upsert_predictions',
    `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker, advance, points, outcome, is_final)
     SELECT $1, f.id, f.gameweek_id, f.season_id, r.home_score, r.away_score, r.is_banker, r.advance,
            CASE WHEN f.status = 'postponed' THEN 0 END,
            CASE WHEN f.status = 'postponed' THEN 'void' END,
            f.status = 'postponed'
     FROM jsonb_to_recordset($2::jsonb) AS r(fixture int, home_score int, away_score int, is_banker boolean, advance text)
     JOIN fixtures f ON f.id = r.fixture
     ON CONFLICT (user_id, fixture_id) DO UPDATE SET
       home_score = EXCLUDED.home_score, away_score = EXCLUDED.away_score, is_banker = EXCLUDED.is_banker, advance = EXCLUDED.advance,
       points = EXCLUDED.points, outcome = EXCLUDED.outcome, is_final = EXCLUDED.is_final, updated_at = now()`,
    [userId, JSON.stringify(predictions)],
  );
}

/** A fixture of the gameweek as a save's rules see it (prediction-rules.ts). */
interface OpenFixtureRow {
  id: number;
  knockout: boolean;
  tie_leg: 1 | 2 | null;
  /** "W73 v W74" while a side's team is not known, else null. */
  unknown_teams: string | null;
}

export interface OpenState {
  open: boolean;
  deadline: Date | null;
  fixtures: Map<number, OpenFixture>;
}

/**
 * Whether the gameweek still takes predictions, by the database clock at this instant: its
 * season active, every earlier gameweek completed (it is still the current one), no score
 * recorded in it, and more than `marginMs` before its deadline; with its fixtures (what a save
 * may name, and which take a "who goes through" pick), read in the same round trip.
 */
export async function selectOpenState(tx: EntityManager, gameweekId: number, marginMs: number): Promise<OpenState> {
  const [row]: { open: boolean; deadline: Date | null; fixtures: OpenFixtureRow[] }[] = await queryPrepared(tx, 'gameweek_open_state',
    `SELECT g.starts_at AS deadline,
            s.is_active
            AND g.starts_at IS NOT NULL
            AND clock_timestamp() < g.starts_at - $2::interval
            AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished'))
            AND NOT EXISTS (SELECT 1 FROM gameweeks e JOIN fixtures ef ON ef.gameweek_id = e.id
                            WHERE e.season_id = g.season_id AND e.number < g.number AND ef.status NOT IN ('finished', 'postponed'))
            AS open,
            (SELECT coalesce(json_agg(json_build_object(
                      'id', f.id, 'knockout', g.kind = 'knockout', 'tie_leg', f.tie_leg,
                      'unknown_teams', CASE WHEN f.home_club_id IS NULL OR f.away_club_id IS NULL
                                            THEN coalesce(f.home_placeholder, (SELECT c.name FROM clubs c WHERE c.id = f.home_club_id))
                                                 || ' v ' || coalesce(f.away_placeholder, (SELECT c.name FROM clubs c WHERE c.id = f.away_club_id)) END)), '[]')
             FROM fixtures f WHERE f.gameweek_id = g.id) AS fixtures
     FROM gameweeks g JOIN seasons s ON s.id = g.season_id
     WHERE g.id = $1`,
    [gameweekId, `${marginMs} milliseconds`],
  );
  const fixtures = new Map<number, OpenFixture>(
    (row?.fixtures ?? []).map((f) => [f.id, { knockout: f.knockout, tieLeg: f.tie_leg, unknownTeams: f.unknown_teams }]),
  );
  return { open: row?.open === true, deadline: row?.deadline ? new Date(row.deadline) : null, fixtures };
}

/**
 * Totals rows exist for every user with a prediction in the gameweek / season (scoring only
 * moves existing rows); `predictions` is recounted, so a replayed save changes nothing.
 */
export async function refreshPredictionCounts(tx: EntityManager, userId: number, seasonId: number, gameweekId: number): Promise<void> {
  // Both rows in one statement (one round trip): the two upserts touch different tables.
  await queryPrepared(tx, 'refresh_prediction_counts',
    `WITH gameweek AS (
       INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, predictions)
       SELECT $1, $2, $3, count(*)::int FROM predictions WHERE user_id = $1 AND gameweek_id = $2
       ON CONFLICT (user_id, gameweek_id) DO UPDATE SET predictions = EXCLUDED.predictions, updated_at = now()
       WHERE user_gameweek_totals.predictions <> EXCLUDED.predictions
       RETURNING 1
     )
     INSERT INTO user_season_totals (user_id, season_id, predictions)
     SELECT $1, $3, count(*)::int FROM predictions WHERE user_id = $1 AND season_id = $3
     ON CONFLICT (user_id, season_id) DO UPDATE SET predictions = EXCLUDED.predictions, updated_at = now()
     WHERE user_season_totals.predictions <> EXCLUDED.predictions`,
    [userId, gameweekId, seasonId],
  );
}

// ---- The save in one statement (PredictionsService.save's usual way) -------------------------

/** The version of fixtures, gameweeks and seasons (it moves with every commit that changes one): what SaveTargets are read at. */
export async function selectFixtureStatesVersion(tx: EntityManager): Promise<string> {
  const [row]: { version: string }[] = await tx.query(`SELECT ${FIXTURE_STATES_VERSION_SQL} AS version`);
  return row.version;
}

/**
 * The locks a save takes, in the old order (the gameweek's shared, then the user's), as plain
 * text to send with BEGIN: one round trip. Both ids are checked integers (no values in plain text).
 */
export function lockForSaveSql(gameweekId: number, userId: number): string {
  if (!Number.isSafeInteger(gameweekId) || !Number.isSafeInteger(userId)) throw new Error(`lock ids must be integers: ${gameweekId}, ${userId}`);
  return `SELECT ${lockGameweekForSaveSql(String(gameweekId))}, pg_advisory_xact_lock(${PREDICTION_SAVE_LOCK}, ${userId})`;
}

export interface OneStatementSave {
  userId: number;
  seasonId: number;
  gameweekId: number;
  /** The fixture_states_version the caller checked the predictions against. */
  version: string;
  marginMs: number;
  predictions: PredictionInput[];
}

/** What the one-statement save found: `fresh` false, nothing was written (the caller's facts are out of date). */
export interface OneStatementSaveResult {
  fresh: boolean;
  /** Open by the database clock before writing; false: nothing was written. */
  open: boolean;
  /** Open by the database clock after every write of the statement: false, the caller must roll back. */
  openAtEnd: boolean;
  deadline: Date | null;
  /** The user's predictions of the gameweek after the save, in kick-off order (empty when nothing was written). */
  saved: PredictionRow[];
}

/**
 * The whole save in one statement, under the locks of lockForSaveSql: the statements of the
 * step-by-step save (selectOpenState's deadline check, clearOtherBankers, upsertPredictions,
 * refreshPredictionCounts, the read back, the `prediction.saved` event) as CTEs, written only
 * when the fixture_states_version is still the caller's (so the gameweek is still current, takes
 * no score yet, and its fixtures are as the caller checked them) and the deadline is more than
 * the margin away by the database clock; the deadline is checked again after every write (the
 * CASE reads every writing CTE, the predictions first, before it reads the clock), then the caller
 * commits at once. Counts and the read back add this save's rows to the snapshot's others (a
 * statement does not see its own writes): every fixture sent has its row after the save. The
 * counts come first in the text: pg_stat_activity shows a query's first 1 kB, where a save waiting
 * on its totals row is seen by its INSERT INTO user_gameweek_totals. The one-banker index is checked row by row, so the old banker is
 * cleared first: one not sent by `cleared`, which the upsert waits for; one sent by the upsert
 * itself, which writes the new banker last.
 */
export async function saveInOneStatement(tx: PooledTransaction, s: OneStatementSave): Promise<OneStatementSaveResult> {
  const rows = await tx.prepared<{ fresh: boolean; open: boolean; open_at_end: boolean | null; deadline: Date | null } & Partial<PredictionRow>>(
    'save_predictions_in_one_statement',
    `WITH state AS (
       SELECT g.starts_at AS deadline, ${FIXTURE_STATES_VERSION_SQL} = $3 AS fresh,
              coalesce(clock_timestamp() < g.starts_at - $4::interval, false) AS open
       FROM gameweeks g WHERE g.id = $2
     ),
     go AS (SELECT 1 FROM state WHERE fresh AND open),
     gameweek_count AS (
       INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, predictions)
       SELECT $1, $2, $6, cardinality($8::int[])
                          + (SELECT count(*) FROM predictions WHERE user_id = $1 AND gameweek_id = $2 AND fixture_id <> ALL($8::int[]))::int
       FROM go
       ON CONFLICT (user_id, gameweek_id) DO UPDATE SET predictions = EXCLUDED.predictions, updated_at = now()
       WHERE user_gameweek_totals.predictions <> EXCLUDED.predictions
       RETURNING 1
     ),
     season_count AS (
       INSERT INTO user_season_totals (user_id, season_id, predictions)
       SELECT $1, $6, cardinality($8::int[])
                      + (SELECT count(*) FROM predictions WHERE user_id = $1 AND season_id = $6 AND fixture_id <> ALL($8::int[]))::int
       FROM go
       ON CONFLICT (user_id, season_id) DO UPDATE SET predictions = EXCLUDED.predictions, updated_at = now()
       WHERE user_season_totals.predictions <> EXCLUDED.predictions
       RETURNING 1
     ),
     named AS (SELECT * FROM jsonb_to_recordset($5::jsonb) AS r(fixture int, home_score int, away_score int, is_banker boolean, advance text)),
     cleared AS (
       UPDATE predictions p SET is_banker = false, updated_at = now()
       WHERE p.user_id = $1 AND p.gameweek_id = $2 AND p.is_banker AND $7::boolean AND p.fixture_id <> ALL($8::int[])
         AND EXISTS (SELECT 1 FROM go)
       RETURNING p.id, p.fixture_id, p.gameweek_id, p.home_score, p.away_score, p.is_banker, p.advance, p.points, p.outcome, p.is_final, p.updated_at
     ),
     written AS (
       INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker, advance, points, outcome, is_final)
       SELECT $1, f.id, f.gameweek_id, f.season_id, r.home_score, r.away_score, r.is_banker, r.advance,
              CASE WHEN f.status = 'postponed' THEN 0 END,
              CASE WHEN f.status = 'postponed' THEN 'void' END,
              f.status = 'postponed'
       FROM named r JOIN fixtures f ON f.id = r.fixture
       WHERE EXISTS (SELECT 1 FROM go) AND (SELECT count(*) FROM cleared) >= 0
       -- The banker last: a fixture sent that was the banker is cleared before another becomes it.
       ORDER BY r.is_banker
       ON CONFLICT (user_id, fixture_id) DO UPDATE SET
         home_score = EXCLUDED.home_score, away_score = EXCLUDED.away_score, is_banker = EXCLUDED.is_banker, advance = EXCLUDED.advance,
         points = EXCLUDED.points, outcome = EXCLUDED.outcome, is_final = EXCLUDED.is_final, updated_at = now()
       RETURNING id, fixture_id, gameweek_id, home_score, away_score, is_banker, advance, points, outcome, is_final, updated_at
     ),
     saved AS (
       SELECT * FROM written
       UNION ALL SELECT * FROM cleared
       UNION ALL
       SELECT p.id, p.fixture_id, p.gameweek_id, p.home_score, p.away_score, p.is_banker, p.advance, p.points, p.outcome, p.is_final, p.updated_at
       FROM predictions p
       WHERE p.user_id = $1 AND p.gameweek_id = $2 AND p.fixture_id <> ALL($8::int[]) AND NOT (p.is_banker AND $7::boolean)
         AND EXISTS (SELECT 1 FROM go)
     ),
     ${insertEventAndNotifyCtes(
       'event',
       'prediction.saved',
       `jsonb_build_object('userId', $1::int, 'seasonId', $6::int, 'gameweekId', $2::int, 'fixtureIds', to_jsonb($8::int[]),
                           'bankerFixtureId', (SELECT fixture_id FROM saved WHERE is_banker LIMIT 1))`,
       'go',
     )},
     finale AS (
       SELECT CASE WHEN (SELECT count(*) FROM saved) + (SELECT count(*) FROM gameweek_count) + (SELECT count(*) FROM season_count)
                        + (SELECT count(*) FROM event_notified) >= 0
                   THEN clock_timestamp() < st.deadline - $4::interval END AS open_at_end
       FROM state st
     )
     SELECT st.fresh, st.open, (SELECT open_at_end FROM finale) AS open_at_end, st.deadline,
            sv.id, sv.fixture_id AS fixture, sv.gameweek_id, sv.home_score, sv.away_score, sv.is_banker, sv.advance,
            sv.points, sv.outcome, sv.is_final, sv.updated_at
     FROM state st
     LEFT JOIN (saved sv JOIN fixtures f ON f.id = sv.fixture_id) ON true
     ORDER BY f.kickoff_at, f.id`,
    [
      s.userId,
      s.gameweekId,
      s.version,
      `${s.marginMs} milliseconds`,
      JSON.stringify(s.predictions.map((p) => ({ ...p, advance: p.advance ?? null }))),
      s.seasonId,
      s.predictions.some((p) => p.is_banker),
      s.predictions.map((p) => p.fixture),
    ],
  );
  const [first] = rows;
  if (!first) return { fresh: false, open: false, openAtEnd: false, deadline: null, saved: [] };
  const saved = rows
    .filter((r) => r.id != null)
    .map(({ id, fixture, gameweek_id, home_score, away_score, is_banker, advance, points, outcome, is_final, updated_at }) =>
      ({ id, fixture, gameweek_id, home_score, away_score, is_banker, advance, points, outcome, is_final, updated_at }) as PredictionRow,
    );
  return { fresh: first.fresh, open: first.open, openAtEnd: first.open_at_end === true, deadline: first.deadline, saved };
}
