import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leagues belong to a competition (issue 34: several competitions at once; docs/competitions.md).
 * A competition is a season's league_code ('en.1', 'fifa.wc'), so every code seasons use gets a
 * `competitions` row (a tournament had none) and seasons.league_code a foreign key to it.
 *
 * - leagues.competition_code: the competition whose active season the league's tables follow. A
 *   league outlives a season (activating 2026/27 moves every table with no league write), so it
 *   names the competition, not a season. Existing leagues take the active season's code; with no
 *   active season, the home competition 'en.1' (what automatic leagues fall back to, and the demo).
 * - One global league per competition, one country and one club league per competition.
 * - user_competitions: the competitions a fan plays (their national team or club in it, when
 *   chosen; null: their club). Backfilled from the leagues they are in and the seasons they
 *   predicted in.
 * - user_preferences.current_competition: the competition the fan's screens show; null: the default.
 *
 * One season stays active at a time (seasons_one_active) until every reader takes its competition.
 */
export class LeaguesPerCompetition1766400000000 implements MigrationInterface {
  name = 'LeaguesPerCompetition1766400000000';

  async up(q: QueryRunner): Promise<void> {
    // A competition per season code, named after its newest season without the season's label.
    await q.query(`
      INSERT INTO competitions (code, name)
      SELECT DISTINCT ON (s.league_code) s.league_code,
             left(coalesce(nullif(btrim(regexp_replace(replace(s.name, s.label, ''), '\\s+', ' ', 'g')), ''), s.name), 100)
      FROM seasons s
      ORDER BY s.league_code, s.id DESC
      ON CONFLICT (code) DO NOTHING`);
    await q.query(`ALTER TABLE seasons ADD CONSTRAINT seasons_league_code_fkey FOREIGN KEY (league_code) REFERENCES competitions(code)`);

    const [{ code }]: { code: string }[] = await q.query(`SELECT coalesce((SELECT league_code FROM seasons WHERE is_active LIMIT 1), 'en.1') AS code`);
    // Leagues made before any season was imported (a verified fan joins the global league at once).
    if (code === 'en.1') {
      await q.query(`INSERT INTO competitions (code, name) SELECT 'en.1', 'English Premier League' WHERE EXISTS (SELECT 1 FROM leagues) ON CONFLICT (code) DO NOTHING`);
    }
    await q.query(`ALTER TABLE leagues ADD COLUMN competition_code varchar(16) REFERENCES competitions(code)`);
    await q.query(`UPDATE leagues SET competition_code = $1`, [code]);
    await q.query(`ALTER TABLE leagues ALTER COLUMN competition_code SET NOT NULL`);

    await q.query(`DROP INDEX leagues_one_global`);
    await q.query(`DROP INDEX leagues_one_per_country`);
    await q.query(`DROP INDEX leagues_one_per_club`);
    await q.query(`CREATE UNIQUE INDEX leagues_one_global ON leagues (competition_code) WHERE type = 'global'`);
    await q.query(`CREATE UNIQUE INDEX leagues_one_per_country ON leagues (competition_code, country_id) WHERE type = 'country'`);
    await q.query(`CREATE UNIQUE INDEX leagues_one_per_club ON leagues (competition_code, club_id) WHERE type = 'club'`);

    await q.query(`
      CREATE TABLE user_competitions (
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        competition_code varchar(16) NOT NULL REFERENCES competitions(code),
        team_id int REFERENCES clubs(id),
        joined_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, competition_code)
      )`);
    // Fan-outs per competition (reminders, digests) walk its players in user id order.
    await q.query(`CREATE INDEX user_competitions_competition_user_idx ON user_competitions (competition_code, user_id)`);
    await q.query(`
      INSERT INTO user_competitions (user_id, competition_code, joined_at)
      SELECT played.user_id, played.competition_code, min(played.since)
      FROM (SELECT m.user_id, l.competition_code, m.joined_at AS since
            FROM league_members m JOIN leagues l ON l.id = m.league_id
            UNION ALL
            SELECT p.user_id, s.league_code, min(p.created_at)
            FROM predictions p JOIN seasons s ON s.id = p.season_id
            GROUP BY p.user_id, s.league_code) played
      GROUP BY played.user_id, played.competition_code`);

    await q.query(`ALTER TABLE user_preferences ADD COLUMN current_competition varchar(16) REFERENCES competitions(code)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_preferences DROP COLUMN current_competition`);
    await q.query(`DROP TABLE user_competitions`);

    // One automatic league of a kind again: the oldest keeps the members of the others, which go.
    const duplicates = `
      SELECT l.id AS dropped,
             first_value(l.id) OVER (PARTITION BY l.type, l.country_id, l.club_id ORDER BY l.id) AS kept
      FROM leagues l WHERE l.type IN ('global', 'country', 'club')`;
    await q.query(`
      INSERT INTO league_members (league_id, user_id, role, joined_at)
      SELECT d.kept, m.user_id, 'member', m.joined_at
      FROM (${duplicates}) d JOIN league_members m ON m.league_id = d.dropped
      WHERE d.dropped <> d.kept
      ON CONFLICT DO NOTHING`);
    await q.query(`DELETE FROM leagues l USING (${duplicates}) d WHERE l.id = d.dropped AND d.dropped <> d.kept`);
    await q.query(`DROP INDEX leagues_one_global`);
    await q.query(`DROP INDEX leagues_one_per_country`);
    await q.query(`DROP INDEX leagues_one_per_club`);
    await q.query(`CREATE UNIQUE INDEX leagues_one_global ON leagues (type) WHERE type = 'global'`);
    await q.query(`CREATE UNIQUE INDEX leagues_one_per_country ON leagues (country_id) WHERE type = 'country'`);
    await q.query(`CREATE UNIQUE INDEX leagues_one_per_club ON leagues (club_id) WHERE type = 'club'`);
    await q.query(`ALTER TABLE leagues DROP COLUMN competition_code`);

    await q.query(`ALTER TABLE seasons DROP CONSTRAINT seasons_league_code_fkey`);
    // Competitions are the clubs' (the reference data); a season's code alone had none.
    await q.query(`DELETE FROM competitions c WHERE NOT EXISTS (SELECT 1 FROM clubs WHERE competition_id = c.id)`);
  }
}
