import type { DataSource, EntityManager } from 'typeorm';
import type { CustomQuestionKind } from '@scoreline/contracts/game/bonus-questions';
import { seasonOfLeagueSql } from '../seasons/season-context.shared-sql';

/** The bonus domain's data door for a private league's own questions: league_questions and their answers. */
type Queryable = DataSource | EntityManager;

export interface LeagueQuestionRow {
  id: number;
  league_id: number;
  text: string;
  kind: CustomQuestionKind;
  options: string[] | null;
  points: number;
  locks_at: Date;
  settled_answer: string | null;
  my_answer: string | null;
  answer_count: number;
}

/** A league's questions in the order they were added, with the viewer's answer and how many answered. */
export function selectLeagueQuestions(q: Queryable, leagueId: number, viewerId: number): Promise<LeagueQuestionRow[]> {
  return q.query(
    `SELECT lq.id, lq.league_id, lq.text, lq.kind, lq.options, lq.points, lq.locks_at, lq.settled_answer,
            (SELECT a.answer FROM league_question_answers a WHERE a.question_id = lq.id AND a.user_id = $2) AS my_answer,
            (SELECT count(*)::int FROM league_question_answers a WHERE a.question_id = lq.id) AS answer_count
     FROM league_questions lq WHERE lq.league_id = $1 ORDER BY lq.id`,
    [leagueId, viewerId],
  );
}

export async function selectLeagueQuestion(q: Queryable, leagueId: number, questionId: number, viewerId: number): Promise<LeagueQuestionRow | null> {
  const rows = await selectLeagueQuestions(q, leagueId, viewerId);
  return rows.find((r) => r.id === questionId) ?? null;
}

/** Members' answers to locked questions, the first `limit` of each by name (points are ranked by the caller). */
export function selectRevealedAnswers(
  q: Queryable,
  questionIds: readonly number[],
  limit: number,
): Promise<{ question_id: number; user_id: number; name: string; answer: string }[]> {
  if (questionIds.length === 0) return Promise.resolve([]);
  return q.query(
    `SELECT x.question_id, x.user_id, x.name, x.answer FROM unnest($1::int[]) AS qid(id)
     CROSS JOIN LATERAL (
       SELECT a.question_id, a.user_id, a.answer, btrim(u.first_name || ' ' || u.last_name) AS name
       FROM league_question_answers a JOIN users u ON u.id = a.user_id
       WHERE a.question_id = qid.id
       ORDER BY lower(u.first_name || ' ' || u.last_name), a.user_id
       LIMIT $2) x`,
    [questionIds, limit],
  );
}

/**
 * Adds a question unless the league has `max` already: the count and the insert under one
 * transaction-level lock per league, so two owners' tabs racing cannot make a sixth. Null when full.
 */
export async function insertLeagueQuestionUnlessFull(
  tx: EntityManager,
  leagueId: number,
  max: number,
  question: { text: string; kind: CustomQuestionKind; options: string[] | null; points: number; locks_at: string },
): Promise<number | null> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('league-questions'), $1)`, [leagueId]);
  // A question counts in the season its league plays when it is added (seasonOfLeagueSql).
  const [row]: { id: number }[] = await tx.query(
    `INSERT INTO league_questions (league_id, text, kind, options, points, locks_at, season_id)
     SELECT $1, $2, $3, $4, $5, $6, ${seasonOfLeagueSql('$1::int')} WHERE (SELECT count(*) FROM league_questions WHERE league_id = $1) < $7
     RETURNING id`,
    [leagueId, question.text, question.kind, question.options, question.points, question.locks_at, max],
  );
  return row?.id ?? null;
}

export function countLeagueQuestions(q: Queryable, leagueId: number): Promise<number> {
  return q.query(`SELECT count(*)::int AS n FROM league_questions WHERE league_id = $1`, [leagueId]).then((rows: { n: number }[]) => rows[0].n);
}

/** Deletes a question that has not locked yet; answers whether one was deleted. */
export async function deleteOpenLeagueQuestion(q: Queryable, leagueId: number, questionId: number): Promise<boolean> {
  const [, count]: [unknown, number] = await q.query(`DELETE FROM league_questions WHERE id = $1 AND league_id = $2 AND locks_at > now()`, [questionId, leagueId]);
  return count > 0;
}

/** Saves a member's answer while the question is open (the lock checked in the same statement); false once locked. */
export async function upsertLeagueAnswer(q: Queryable, questionId: number, userId: number, answer: string, marginMs: number): Promise<boolean> {
  const rows: unknown[] = await q.query(
    `INSERT INTO league_question_answers (question_id, user_id, answer)
     SELECT id, $2, $3 FROM league_questions WHERE id = $1 AND locks_at - make_interval(secs => $4::float / 1000) > now()
     ON CONFLICT (question_id, user_id) DO UPDATE SET answer = EXCLUDED.answer, answered_at = now()
     RETURNING 1`,
    [questionId, userId, answer, marginMs],
  );
  return rows.length > 0;
}

/**
 * Sets a question's right answer and, when it has none, the season it counts in (its league's
 * now); answers that season (null: the league's competition has no active season).
 */
export async function updateSettledAnswer(q: Queryable, leagueId: number, questionId: number, answer: string): Promise<number | null> {
  // TypeORM answers an UPDATE ... RETURNING as [rows, affected].
  const [rows]: [{ season_id: number | null }[], number] = await q.query(
    `UPDATE league_questions SET settled_answer = $3, settled_at = now(), season_id = coalesce(season_id, ${seasonOfLeagueSql('$1::int')})
     WHERE id = $2 AND league_id = $1 RETURNING season_id`,
    [leagueId, questionId, answer],
  );
  return rows[0]?.season_id ?? null;
}
