import type { DataSource, EntityManager } from 'typeorm';
import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import { queryPrepared } from '../platform/database/database.queries';
import { LIVE_TOTALS_SQL, SCORE_FIXTURE_SQL, SCORE_KNOCKOUT_FIXTURE_SQL } from './score-fixture.sql';
import { SCORING_LOCK_NAMESPACE } from './scoring.shared-sql';

/**
 * The scoring domain's data door: it writes predictions' points, the users' totals
 * (user_gameweek_totals, user_season_totals) and the score each fixture was scored at
 * (fixture_scorings) in one statement, score-fixture.sql.ts.
 */
type Queryable = DataSource | EntityManager;

/**
 * One scorer per season at a time: fixtures of a season share the users' season totals rows, so
 * serialising avoids deadlocks, and the old values the scoring statement reads cannot move.
 * The reconciler takes the same lock to repair totals.
 */
export async function lockSeasonForScoring(tx: EntityManager, seasonId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [SCORING_LOCK_NAMESPACE, seasonId]);
}

/** The season of a fixture (it never changes), or null when there is no such fixture. */
export async function selectFixtureSeason(q: Queryable, fixtureId: number): Promise<number | null> {
  const [row]: { season_id: number }[] = await q.query(`SELECT season_id FROM fixtures WHERE id = $1`, [fixtureId]);
  return row?.season_id ?? null;
}

/** What the scorer needs of a fixture besides its row: its gameweek and which statement scores it. */
export interface FixtureToScore {
  gameweek_id: number;
  /** Of a knockout round: scored with the "who goes through" pick (SCORE_KNOCKOUT_FIXTURE_SQL). */
  knockout: boolean;
  /**
   * For a first leg, its tie's second leg once finished: who went through it (and so the points
   * of its predictions' picks) depends on the first leg's score too. Null otherwise.
   */
  second_leg: { id: number; gameweek_id: number } | null;
}

/**
 * The fixture's gameweek, kind and finished second leg, read under the scoring lock (an import may
 * have moved it); null when gone.
 */
export async function selectFixtureToScore(tx: EntityManager, fixtureId: number): Promise<FixtureToScore | null> {
  const [row]: FixtureToScore[] = await tx.query(
    `SELECT f.gameweek_id, g.kind = 'knockout' AS knockout,
            (SELECT json_build_object('id', l2.id, 'gameweek_id', l2.gameweek_id) FROM fixtures l2
             WHERE f.tie_leg = 1 AND l2.season_id = f.season_id AND l2.tie_key = f.tie_key AND l2.tie_leg = 2 AND l2.status = 'finished'
             LIMIT 1) AS second_leg
     FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id
     WHERE f.id = $1`,
    [fixtureId],
  );
  return row ?? null;
}

/** Whether the fixture has at least `n` predictions (reads no more than n index entries). */
export async function hasPredictionsAtLeast(tx: EntityManager, fixtureId: number, n: number): Promise<boolean> {
  const [row]: { enough: boolean }[] = await tx.query(
    `SELECT count(*) >= $2 AS enough FROM (SELECT 1 FROM predictions WHERE fixture_id = $1 LIMIT $2) p`,
    [fixtureId, n],
  );
  return row.enough;
}

/** Which predictions of a fixture one scoring statement takes: those with user_id % of = index. */
export interface ScoringPart {
  index: number;
  of: number;
}

export const WHOLE_FIXTURE: ScoringPart = { index: 0, of: 1 };

export interface ScoredFixture {
  /** Predictions whose points, outcome or finality changed. */
  changed: number;
  /** The fixture's score or status differs from the one its predictions were last scored at (part 0 only). */
  state_moved: boolean;
  status: FixtureStatus;
}

/**
 * Scores the fixture's predictions of one part of its users from the fixture's current row and
 * moves their totals by the difference. One big statement over up to every user: JIT compilation
 * costs more than it saves, and the hash joins over 100k users should not spill to disk.
 */
export async function scoreFixturePredictions(
  tx: EntityManager,
  fixture: { id: number; gameweek_id: number; knockout: boolean },
  seasonId: number,
  part: ScoringPart = WHOLE_FIXTURE,
): Promise<ScoredFixture> {
  await tx.query(`SET LOCAL jit = off`);
  await tx.query(`SET LOCAL work_mem = '64MB'`);
  // A league fixture keeps its statement as it was; only a knockout fixture's adds the pick.
  const sql = fixture.knockout ? SCORE_KNOCKOUT_FIXTURE_SQL : SCORE_FIXTURE_SQL;
  const [result]: ScoredFixture[] = await tx.query(sql, [fixture.id, fixture.gameweek_id, seasonId, part.of, part.index]);
  return result;
}

/** A fan's totals over a season or a gameweek. */
export interface FanTotalsRow {
  points: number;
  predictions: number;
  scored: number;
  correct: number;
  exact: number;
  provisional: boolean;
  /** Bankers whose result is right (exact included), at the matches' current scores. */
  banker_hits: number;
}

/** A fan's season totals (null before their first prediction) and those of each gameweek they have a row for. */
export interface FanTotals {
  season: FanTotalsRow | null;
  gameweeks: (FanTotalsRow & { gameweek_id: number; number: number })[];
}

type LiveTotalsRow = FanTotalsRow & { gameweek_id: number | null; number: number | null };

/** One fan's totals at the fixtures' current rows, in one snapshot (LIVE_TOTALS_SQL). */
export async function selectLiveTotals(q: Queryable, userId: number, seasonId: number): Promise<FanTotals> {
  const rows = await queryPrepared<LiveTotalsRow>(q, 'scoring_live_totals', LIVE_TOTALS_SQL, [userId, seasonId]);
  const totals: FanTotals = { season: null, gameweeks: [] };
  for (const { gameweek_id, number, ...figures } of rows) {
    if (gameweek_id === null || number === null) totals.season = figures;
    else totals.gameweeks.push({ ...figures, gameweek_id, number });
  }
  return totals;
}
