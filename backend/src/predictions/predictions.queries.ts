import { queryPrepared } from '../platform/database/database.queries';
import type { DataSource, EntityManager } from 'typeorm';
import type { Prediction, PredictionInput } from '@scoreline/contracts/api/predictions';
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
