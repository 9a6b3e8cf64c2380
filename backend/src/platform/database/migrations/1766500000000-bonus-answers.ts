import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A competition's bonus questions (the champion, the top scorer, a league's bottom team): a fan's
 * answer per season and question, and what an operator settled. Answers to a team question name a
 * team; the top scorer is a name as typed, compared ignoring case and accents
 * (contracts/src/game/bonus-questions.ts). Questions the results decide (a tournament's final, a
 * finished league table) are derived when read; an operator's settlement wins over them.
 */
export class BonusAnswers1766500000000 implements MigrationInterface {
  name = 'BonusAnswers1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE bonus_answers (
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        season_id int NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        question varchar(16) NOT NULL CHECK (question IN ('champion', 'top_scorer', 'bottom')),
        team_id int REFERENCES clubs(id),
        player_name varchar(100) CHECK (player_name <> ''),
        answered_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, season_id, question),
        -- A team question holds a team, the top scorer a name: exactly one of them.
        CONSTRAINT bonus_answers_one_kind CHECK (
          CASE WHEN question = 'top_scorer' THEN player_name IS NOT NULL AND team_id IS NULL
               ELSE team_id IS NOT NULL AND player_name IS NULL END)
      )`);
    await q.query(`CREATE INDEX bonus_answers_season_idx ON bonus_answers (season_id, question)`);
    await q.query(`
      CREATE TABLE bonus_settlements (
        season_id int NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        question varchar(16) NOT NULL CHECK (question IN ('champion', 'top_scorer', 'bottom')),
        right_answers text[] NOT NULL CHECK (cardinality(right_answers) BETWEEN 1 AND 20),
        settled_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (season_id, question)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE bonus_settlements`);
    await q.query(`DROP TABLE bonus_answers`);
  }
}
