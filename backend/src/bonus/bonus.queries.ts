import type { DataSource, EntityManager } from 'typeorm';
import type { BonusQuestionKey } from '@scoreline/contracts/game/bonus-questions';

/** The bonus domain's data door: bonus_answers (a fan's answers) and bonus_settlements (an operator's). */
type Queryable = DataSource | EntityManager;

export interface BonusAnswerRow {
  question: BonusQuestionKey;
  team_id: number | null;
  player_name: string | null;
}

export function selectAnswers(q: Queryable, userId: number, seasonId: number): Promise<BonusAnswerRow[]> {
  return q.query(`SELECT question, team_id, player_name FROM bonus_answers WHERE user_id = $1 AND season_id = $2`, [userId, seasonId]);
}

/**
 * Some fans' answers of a season (a page of a league's members), by the primary key. Only for
 * a season whose answers are revealed: the caller checks bonusAnswersRevealed first.
 */
export function selectAnswersOfUsers(q: Queryable, seasonId: number, userIds: readonly number[]): Promise<(BonusAnswerRow & { user_id: number })[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return q.query(
    `SELECT user_id, question, team_id, player_name FROM bonus_answers WHERE user_id = ANY($1::int[]) AND season_id = $2`,
    [userIds, seasonId],
  );
}

/** One answer to write: a team or a name, or null to clear it. */
export interface BonusAnswerWrite {
  question: BonusQuestionKey;
  team_id: number | null;
  player_name: string | null;
  clear: boolean;
}

/**
 * Writes a fan's answers in one statement: the cleared ones deleted, the others inserted or
 * replaced. Racing identical saves end in the same row (the primary key decides).
 */
export async function writeAnswers(q: Queryable, userId: number, seasonId: number, answers: readonly BonusAnswerWrite[]): Promise<void> {
  await q.query(
    `WITH given AS (
       SELECT * FROM jsonb_to_recordset($3::jsonb) AS a(question text, team_id int, player_name text, clear boolean)
     ), cleared AS (
       DELETE FROM bonus_answers b USING given a
       WHERE a.clear AND b.user_id = $1 AND b.season_id = $2 AND b.question = a.question
     )
     INSERT INTO bonus_answers (user_id, season_id, question, team_id, player_name)
     SELECT $1, $2, a.question, a.team_id, a.player_name FROM given a WHERE NOT a.clear
     ON CONFLICT (user_id, season_id, question) DO UPDATE
       SET team_id = EXCLUDED.team_id, player_name = EXCLUDED.player_name, answered_at = now()
       WHERE (bonus_answers.team_id, bonus_answers.player_name) IS DISTINCT FROM (EXCLUDED.team_id, EXCLUDED.player_name)`,
    [userId, seasonId, JSON.stringify(answers)],
  );
}

export interface SettlementRow {
  question: BonusQuestionKey;
  right_answers: string[];
}

export function selectSettlements(q: Queryable, seasonId: number): Promise<SettlementRow[]> {
  return q.query(`SELECT question, right_answers FROM bonus_settlements WHERE season_id = $1`, [seasonId]);
}

export async function upsertSettlement(q: Queryable, seasonId: number, question: BonusQuestionKey, rightAnswers: readonly string[]): Promise<void> {
  await q.query(
    `INSERT INTO bonus_settlements (season_id, question, right_answers) VALUES ($1, $2, $3)
     ON CONFLICT (season_id, question) DO UPDATE SET right_answers = EXCLUDED.right_answers, settled_at = now()`,
    [seasonId, question, rightAnswers],
  );
}

/** Whether a settlement was there to remove. */
export async function deleteSettlement(q: Queryable, seasonId: number, question: BonusQuestionKey): Promise<boolean> {
  const [, count]: [unknown, number] = await q.query(`DELETE FROM bonus_settlements WHERE season_id = $1 AND question = $2`, [seasonId, question]);
  return count > 0;
}
