import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tables hold a tournament (the World Cup, the Champions League) as a season of their own,
 * beside the league seasons, which keep every default they had.
 *
 * - gameweeks: a round's name as the file gives it ("Round of 32"; null for a league's matchday,
 *   shown as today), its kind and whether its ties are played over two legs.
 * - fixtures: a side holds a team or, until the team is known, the file's placeholder ("W73",
 *   "3C/E/F/H/I"), never both; a score only once both teams are known. The existing
 *   home <> away CHECK already holds only when both are known (a NULL side makes it NULL, which
 *   passes). The group, the official match number (what "W73" names), the ground, extra time and
 *   penalties as the rules have them (extra time only after a full-time score and never below it;
 *   a shoot-out only after extra time, never drawn), and the tie and leg of a two-legged tie.
 * - National teams are rows of `clubs` with kind 'national' (and their FIFA code when known), not a
 *   table of their own: every fixture, prediction, form string, picks and push query joins
 *   fixtures to clubs by id, and would otherwise need a second join or a union. The kind keeps
 *   them apart where it matters: onboarding offers clubs only, and an import links a national
 *   tournament's teams to national teams only (a club is never taken for a country).
 */
export class Tournaments1766200000000 implements MigrationInterface {
  name = 'Tournaments1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE clubs
        ADD COLUMN kind varchar(10) NOT NULL DEFAULT 'club' CHECK (kind IN ('club', 'national')),
        ADD COLUMN fifa_code char(3) CHECK (fifa_code ~ '^[A-Z]{3}$'),
        ADD CONSTRAINT clubs_fifa_code_national CHECK (fifa_code IS NULL OR kind = 'national')`);
    await q.query(`CREATE UNIQUE INDEX clubs_fifa_code_key ON clubs (fifa_code) WHERE fifa_code IS NOT NULL`);

    await q.query(`
      ALTER TABLE gameweeks
        ADD COLUMN name varchar(60),
        ADD COLUMN kind varchar(10) NOT NULL DEFAULT 'league' CHECK (kind IN ('league', 'group', 'knockout')),
        ADD COLUMN two_legged boolean NOT NULL DEFAULT false,
        ADD CONSTRAINT gameweeks_two_legged_knockout CHECK (NOT two_legged OR kind = 'knockout')`);

    await q.query(`ALTER TABLE fixtures ALTER COLUMN home_club_id DROP NOT NULL, ALTER COLUMN away_club_id DROP NOT NULL`);
    await q.query(`
      ALTER TABLE fixtures
        ADD COLUMN home_placeholder varchar(60),
        ADD COLUMN away_placeholder varchar(60),
        ADD COLUMN group_name varchar(20),
        ADD COLUMN match_number smallint CHECK (match_number BETWEEN 1 AND 999),
        ADD COLUMN ground varchar(100),
        ADD COLUMN et_home smallint CHECK (et_home BETWEEN 0 AND 99),
        ADD COLUMN et_away smallint CHECK (et_away BETWEEN 0 AND 99),
        ADD COLUMN pen_home smallint CHECK (pen_home BETWEEN 0 AND 99),
        ADD COLUMN pen_away smallint CHECK (pen_away BETWEEN 0 AND 99),
        ADD COLUMN tie_key varchar(240),
        ADD COLUMN tie_leg smallint CHECK (tie_leg IN (1, 2)),
        ADD CONSTRAINT fixtures_home_team_or_placeholder CHECK ((home_club_id IS NULL) <> (home_placeholder IS NULL)),
        ADD CONSTRAINT fixtures_away_team_or_placeholder CHECK ((away_club_id IS NULL) <> (away_placeholder IS NULL)),
        ADD CONSTRAINT fixtures_score_needs_teams CHECK (home_score IS NULL OR (home_club_id IS NOT NULL AND away_club_id IS NOT NULL)),
        ADD CONSTRAINT fixtures_et_pair CHECK ((et_home IS NULL) = (et_away IS NULL)),
        ADD CONSTRAINT fixtures_et_after_ft CHECK (et_home IS NULL OR (home_score IS NOT NULL AND et_home >= home_score AND et_away >= away_score)),
        ADD CONSTRAINT fixtures_pen_pair CHECK ((pen_home IS NULL) = (pen_away IS NULL)),
        ADD CONSTRAINT fixtures_pen_after_et CHECK (pen_home IS NULL OR et_home IS NOT NULL),
        ADD CONSTRAINT fixtures_pen_decided CHECK (pen_home IS NULL OR pen_home <> pen_away),
        ADD CONSTRAINT fixtures_tie_pair CHECK ((tie_key IS NULL) = (tie_leg IS NULL)),
        ADD CONSTRAINT fixtures_match_number_key UNIQUE (season_id, match_number)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM fixtures WHERE home_club_id IS NULL OR away_club_id IS NULL`);
    await q.query(`
      ALTER TABLE fixtures
        DROP COLUMN home_placeholder, DROP COLUMN away_placeholder, DROP COLUMN group_name, DROP COLUMN match_number, DROP COLUMN ground,
        DROP COLUMN et_home, DROP COLUMN et_away, DROP COLUMN pen_home, DROP COLUMN pen_away, DROP COLUMN tie_key, DROP COLUMN tie_leg`);
    await q.query(`ALTER TABLE fixtures ALTER COLUMN home_club_id SET NOT NULL, ALTER COLUMN away_club_id SET NOT NULL`);
    await q.query(`ALTER TABLE gameweeks DROP COLUMN name, DROP COLUMN kind, DROP COLUMN two_legged`);
    await q.query(`DROP INDEX IF EXISTS clubs_fifa_code_key`);
    await q.query(`ALTER TABLE clubs DROP COLUMN kind, DROP COLUMN fifa_code`);
  }
}
