import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A private league's questions of its own (up to five, contracts/src/game/bonus-questions.ts
 * CUSTOM_QUESTION_RULES): text, options or a number, 5–50 points, locked at a moment the owner
 * chose, settled by the owner. An answer or a settlement is stored as text (a number answer as
 * its decimal form) and compared by the question's kind.
 */
export class LeagueQuestions1766600000000 implements MigrationInterface {
  name = 'LeagueQuestions1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE league_questions (
        id serial PRIMARY KEY,
        league_id int NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        text varchar(200) NOT NULL CHECK (text <> ''),
        kind varchar(8) NOT NULL CHECK (kind IN ('text', 'options', 'number')),
        options text[] CHECK ((kind = 'options') = (options IS NOT NULL)),
        points smallint NOT NULL CHECK (points BETWEEN 5 AND 50),
        locks_at timestamptz NOT NULL,
        settled_answer varchar(100),
        settled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX league_questions_league_idx ON league_questions (league_id, id)`);
    await q.query(`
      CREATE TABLE league_question_answers (
        question_id int NOT NULL REFERENCES league_questions(id) ON DELETE CASCADE,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        answer varchar(100) NOT NULL CHECK (answer <> ''),
        answered_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (question_id, user_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE league_question_answers`);
    await q.query(`DROP TABLE league_questions`);
  }
}
