import type { DataSource, EntityManager } from 'typeorm';
import type { BonusQuestionKey } from '@scoreline/contracts/game/bonus-questions';
import type { PointsBasis, ScoringAnswer, SettledLeagueQuestion } from './bonus-points';

/**
 * The bonus domain's data door to the points its settlements give (bonus_points,
 * bonus_point_bases, league_question_points): what the league tables add to a season's points.
 */
type Queryable = DataSource | EntityManager;

/** Namespaces of the advisory locks a rewrite of points holds: per season (a competition's questions), per league (its own). */
const SEASON_POINTS_LOCK = 7_309;
const LEAGUE_POINTS_LOCK = 7_310;

/**
 * Serialises the rewrites of a season's competition points. Taken before anything is read: a
 * rewrite that waited then reads what the one before it committed.
 */
export async function lockSeasonBonusPoints(tx: EntityManager, seasonId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [SEASON_POINTS_LOCK, seasonId]);
}

export async function lockLeagueQuestionPoints(tx: EntityManager, leagueId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [LEAGUE_POINTS_LOCK, leagueId]);
}

/**
 * Whether a season's results may have settled something, or did: its points were written before,
 * an operator settled a question, every match is finished (a league's table), or a tournament's
 * final is. False for every goal of a season under way: nothing more is read then.
 */
export async function selectResultsMayDecide(q: Queryable, seasonId: number): Promise<boolean> {
  const [{ may }]: { may: boolean }[] = await q.query(
    `SELECT EXISTS (SELECT 1 FROM bonus_point_bases WHERE season_id = $1)
         OR EXISTS (SELECT 1 FROM bonus_settlements WHERE season_id = $1)
         OR (EXISTS (SELECT 1 FROM fixtures WHERE season_id = $1)
             AND NOT EXISTS (SELECT 1 FROM fixtures WHERE season_id = $1 AND status <> 'finished'))
         OR EXISTS (SELECT 1 FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id
                    WHERE f.season_id = $1 AND g.kind = 'knockout' AND g.name = 'Final' AND f.status = 'finished') AS may`,
    [seasonId],
  );
  return may;
}

/** The right answers the season's points were last written from; null before any. */
export async function selectPointsBasis(q: Queryable, seasonId: number): Promise<PointsBasis | null> {
  const [row]: { right_answers: PointsBasis }[] = await q.query(`SELECT right_answers FROM bonus_point_bases WHERE season_id = $1`, [seasonId]);
  return row?.right_answers ?? null;
}

export async function upsertPointsBasis(q: Queryable, seasonId: number, basis: PointsBasis): Promise<void> {
  await q.query(
    `INSERT INTO bonus_point_bases (season_id, right_answers) VALUES ($1, $2::jsonb)
     ON CONFLICT (season_id) DO UPDATE SET right_answers = EXCLUDED.right_answers, written_at = now()`,
    [seasonId, JSON.stringify(basis)],
  );
}

/** The season's answers, each distinct one once, as stored: a team id as text, a name as typed. */
export function selectDistinctAnswers(q: Queryable, seasonId: number): Promise<{ question: BonusQuestionKey; answer: string }[]> {
  return q.query(
    `SELECT question, coalesce(team_id::text, player_name) AS answer FROM bonus_answers WHERE season_id = $1 GROUP BY 1, 2`,
    [seasonId],
  );
}

/**
 * Every answerer's points of the season from the answers that score ($2, ScoringAnswer[]), written
 * where they changed; a fan with a row and no answers any more (cleared before the lock) goes to 0.
 * Rows are kept at 0 rather than deleted, so the reconciler sees when they moved. Answers how
 * many fans' points changed.
 */
export async function writeSeasonBonusPoints(tx: EntityManager, seasonId: number, scoring: readonly ScoringAnswer[]): Promise<number> {
  const [{ changed }]: { changed: number }[] = await tx.query(
    `WITH scoring AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb) AS s(question text, answer text, points int)
     ),
     computed AS (
       SELECT a.user_id, coalesce(sum(s.points), 0)::int AS points
       FROM bonus_answers a
       LEFT JOIN scoring s ON s.question = a.question AND s.answer = coalesce(a.team_id::text, a.player_name)
       WHERE a.season_id = $1
       GROUP BY a.user_id
     ),
     written AS (
       INSERT INTO bonus_points AS b (season_id, user_id, points)
       SELECT $1, c.user_id, c.points FROM computed c
       WHERE c.points > 0 OR EXISTS (SELECT 1 FROM bonus_points x WHERE x.season_id = $1 AND x.user_id = c.user_id)
       ORDER BY c.user_id
       ON CONFLICT (season_id, user_id) DO UPDATE SET points = EXCLUDED.points, updated_at = now()
       WHERE b.points <> EXCLUDED.points
       RETURNING 1
     ),
     zeroed AS (
       UPDATE bonus_points b SET points = 0, updated_at = now()
       WHERE b.season_id = $1 AND b.points <> 0 AND NOT EXISTS (SELECT 1 FROM computed c WHERE c.user_id = b.user_id)
       RETURNING 1
     )
     SELECT ((SELECT count(*) FROM written) + (SELECT count(*) FROM zeroed))::int AS changed`,
    [seasonId, JSON.stringify(scoring)],
  );
  return changed;
}

/** A league's settled questions that count in the season. */
export function selectSettledLeagueQuestions(q: Queryable, leagueId: number, seasonId: number): Promise<SettledLeagueQuestion[]> {
  return q.query(
    `SELECT id, kind, points, settled_answer FROM league_questions
     WHERE league_id = $1 AND season_id = $2 AND settled_answer IS NOT NULL ORDER BY id`,
    [leagueId, seasonId],
  );
}

/** The distinct answers to some questions. */
export function selectDistinctLeagueAnswers(q: Queryable, questionIds: readonly number[]): Promise<{ question_id: number; answer: string }[]> {
  if (questionIds.length === 0) return Promise.resolve([]);
  return q.query(`SELECT question_id, answer FROM league_question_answers WHERE question_id = ANY($1::int[]) GROUP BY 1, 2`, [questionIds]);
}

/**
 * Every answerer's points from league $1's questions of season $2 (scoring answers $3), written
 * where they changed; kept at 0 as writeSeasonBonusPoints does. Answers how many changed.
 */
export async function writeLeagueQuestionPoints(
  tx: EntityManager,
  leagueId: number,
  seasonId: number,
  scoring: readonly { question_id: number; answer: string; points: number }[],
): Promise<number> {
  const [{ changed }]: { changed: number }[] = await tx.query(
    `WITH scoring AS (
       SELECT * FROM jsonb_to_recordset($3::jsonb) AS s(question_id int, answer text, points int)
     ),
     computed AS (
       SELECT a.user_id, coalesce(sum(s.points), 0)::int AS points
       FROM league_questions lq
       JOIN league_question_answers a ON a.question_id = lq.id
       LEFT JOIN scoring s ON s.question_id = a.question_id AND s.answer = a.answer
       WHERE lq.league_id = $1 AND lq.season_id = $2
       GROUP BY a.user_id
     ),
     written AS (
       INSERT INTO league_question_points AS p (league_id, season_id, user_id, points)
       SELECT $1, $2, c.user_id, c.points FROM computed c
       WHERE c.points > 0 OR EXISTS (SELECT 1 FROM league_question_points x WHERE x.league_id = $1 AND x.season_id = $2 AND x.user_id = c.user_id)
       ORDER BY c.user_id
       ON CONFLICT (league_id, season_id, user_id) DO UPDATE SET points = EXCLUDED.points, updated_at = now()
       WHERE p.points <> EXCLUDED.points
       RETURNING 1
     ),
     zeroed AS (
       UPDATE league_question_points p SET points = 0, updated_at = now()
       WHERE p.league_id = $1 AND p.season_id = $2 AND p.points <> 0 AND NOT EXISTS (SELECT 1 FROM computed c WHERE c.user_id = p.user_id)
       RETURNING 1
     )
     SELECT ((SELECT count(*) FROM written) + (SELECT count(*) FROM zeroed))::int AS changed`,
    [leagueId, seasonId, JSON.stringify(scoring)],
  );
  return changed;
}
