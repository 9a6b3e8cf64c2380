import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Goals and squads (issue 34 §3): the top scorer of a tournament settled from its goals, and
 * answered with a player of its squads.
 * - `squad_players`: a tournament's squads (worldcup.squads.json) as the import stores them with
 *   the season: each player of a team of the season (a `clubs` row, the national team), with the
 *   name folded as answers are compared (foldName: case, accents, spaces), so an answer or a
 *   search finds the squad's spelling through one index.
 * - `fixture_goals`: every goal of a match as its file lists it (goals1/goals2), written by the
 *   import with the result and replaced when a newer file changes them; `ordinal` keeps the
 *   file's order, so the stored list reads back exactly as the file is read and an unchanged file
 *   is no change. An own goal is listed under the side credited and counts for no scorer.
 */
export class GoalsAndSquads1766900000000 implements MigrationInterface {
  name = 'GoalsAndSquads1766900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE squad_players (
        season_id int NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        team_id int NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
        name varchar(100) NOT NULL CHECK (btrim(name) <> ''),
        folded_name varchar(200) NOT NULL,
        number smallint NOT NULL CHECK (number BETWEEN 1 AND 99),
        position varchar(2) NOT NULL CHECK (position IN ('GK', 'DF', 'MF', 'FW')),
        PRIMARY KEY (season_id, team_id, name)
      )`);
    // An answer is looked up by its folded name within the season.
    await q.query(`CREATE INDEX squad_players_folded_idx ON squad_players (season_id, folded_name)`);
    await q.query(`CREATE INDEX squad_players_team_idx ON squad_players (team_id)`);
    await q.query(`
      CREATE TABLE fixture_goals (
        fixture_id int NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
        side varchar(4) NOT NULL CHECK (side IN ('home', 'away')),
        ordinal smallint NOT NULL CHECK (ordinal BETWEEN 1 AND 99),
        scorer varchar(100) NOT NULL CHECK (btrim(scorer) <> ''),
        scorer_folded varchar(200) NOT NULL,
        minute smallint NOT NULL CHECK (minute BETWEEN 1 AND 120),
        added_minute smallint NOT NULL DEFAULT 0 CHECK (added_minute BETWEEN 0 AND 30),
        penalty boolean NOT NULL DEFAULT false,
        own_goal boolean NOT NULL DEFAULT false,
        CONSTRAINT fixture_goals_penalty_not_own_goal CHECK (NOT (penalty AND own_goal)),
        PRIMARY KEY (fixture_id, side, ordinal)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE fixture_goals`);
    await q.query(`DROP TABLE squad_players`);
  }
}
