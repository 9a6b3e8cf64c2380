import type { EntityManager } from 'typeorm';

type Timestamp = Date | string;

/** A fan's answers to their competitions' bonus questions, with the team's or player's name as answered. */
export function selectExportBonusAnswers(
  tx: EntityManager,
  userId: number,
): Promise<{ competition: string; season: string; question: string; answer: string; answered_at: Timestamp }[]> {
  return tx.query(
    `SELECT s.league_code AS competition, s.label AS season, a.question,
            COALESCE(c.name, a.player_name) AS answer, a.answered_at
     FROM bonus_answers a
     JOIN seasons s ON s.id = a.season_id
     LEFT JOIN clubs c ON c.id = a.team_id
     WHERE a.user_id = $1 ORDER BY a.answered_at, s.id, a.question`,
    [userId],
  );
}

/** A fan's answers to private leagues' own questions. */
export function selectExportLeagueQuestionAnswers(
  tx: EntityManager,
  userId: number,
): Promise<{ league_id: number; league_name: string; question: string; answer: string; answered_at: Timestamp }[]> {
  return tx.query(
    `SELECT q.league_id, l.name AS league_name, q.text AS question, a.answer, a.answered_at
     FROM league_question_answers a
     JOIN league_questions q ON q.id = a.question_id
     JOIN leagues l ON l.id = q.league_id
     WHERE a.user_id = $1 ORDER BY a.answered_at, q.id`,
    [userId],
  );
}
