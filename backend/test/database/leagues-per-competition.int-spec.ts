import type { DataSource, EntityManager, MigrationInterface } from 'typeorm';
import { LeaguesPerCompetition1766400000000 } from '@scoreline/backend/platform/database/migrations/1766400000000-leagues-per-competition';
import { OneActiveSeasonPerCompetition1766700000000 } from '@scoreline/backend/platform/database/migrations/1766700000000-one-active-season-per-competition';
import { ensureClubLeague, ensureCountryLeague, ensureGlobalLeague, insertMissingLeaguesOfUsers } from '@scoreline/backend/leagues/automatic-membership.queries';
import { AutomaticMembershipService } from '@scoreline/backend/leagues/automatic-membership.service';
import { OutboxService } from '@scoreline/backend/platform/outbox/outbox.service';
import { SeasonsService } from '@scoreline/backend/seasons/seasons.service';
import { bearer, insertVerifiedUsers } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { ownDatabase, runMigrationStep } from '../support/own-database';

/**
 * Migration 1766400000000: leagues belong to a competition. Down and up on a database of its own,
 * populated as the game left it before (automatic, private and public leagues, members, predictions
 * in the active season and in an old one of another code); then the automatic leagues made per
 * competition.
 */
describe('migration: leagues per competition', () => {
  const own = ownDatabase('leagues_per_competition');
  let db: DataSource;
  const migration = new LeaguesPerCompetition1766400000000();

  const run = (step: 'up' | 'down', which: MigrationInterface = migration): Promise<void> => runMigrationStep(db, which, step);
  const indexOf = async (index: string): Promise<string | undefined> =>
    (await db.query(`SELECT indexdef FROM pg_indexes WHERE indexname = $1`, [index]))[0]?.indexdef;
  const playedBy = (): Promise<{ user_id: number; competition_code: string }[]> =>
    db.query(`SELECT user_id, competition_code FROM user_competitions ORDER BY user_id, competition_code`);

  beforeAll(async () => {
    db = await own.open();
  });

  afterAll(() => own.drop(db));

  interface World {
    users: number[];
    leagues: { global: number; country: number; club: number; private: number; public: number };
  }
  let world: World;

  it('goes down to the shape before it, where a season names a code no competition has', async () => {
    // The later migration of the seasons' active index first (this file checks the one-active index of its time).
    await run('down', new OneActiveSeasonPerCompetition1766700000000());
    await run('down');
    expect(await indexOf('leagues_one_global')).toContain('(type)');
    expect(await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'user_competitions'`)).toEqual([]);

    // Seasons: the active Premier League one, an old one of a made-up league, a tournament not active.
    const season = async (seasonName: string, label: string, code: string, active: boolean): Promise<{ season: number; fixture: number }> => {
      const [{ id }]: { id: number }[] = await db.query(`INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, $2, $3, $4) RETURNING id`, [
        seasonName,
        label,
        code,
        active,
      ]);
      const [{ id: gameweek }]: { id: number }[] = await db.query(`INSERT INTO gameweeks (season_id, number) VALUES ($1, 1) RETURNING id`, [id]);
      const [{ id: fixture }]: { id: number }[] = await db.query(
        `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at)
         SELECT $1, $2, min(id), max(id), now() + interval '1 day' FROM clubs WHERE kind = 'club' RETURNING id`,
        [id, gameweek],
      );
      return { season: id, fixture };
    };
    const premier = await season('English Premier League 2090/91', '2090/91', 'en.1', true);
    const madeUp = await season('Made-up League 2089/90', '2089/90', 'zz.9', false);
    await season('World Cup 2026', '2026', 'fifa.wc', false);

    const [club]: { id: number; country_id: number }[] = await db.query(`SELECT id, country_id FROM clubs WHERE kind = 'club' AND country_id IS NOT NULL ORDER BY id LIMIT 1`);
    const users: number[] = (
      await db.query(
        `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at, country_id, club_id)
         SELECT 'lpc' || i, 'lpc' || i || '@example.com', 'Fan', 'No' || i, 'x', now(), $1, $2 FROM generate_series(1, 6) AS i ORDER BY i RETURNING id`,
        [club.country_id, club.id],
      )
    ).map((r: { id: number }) => r.id);
    const league = async (type: string, extra: { country?: number; club?: number; owner?: number } = {}): Promise<number> =>
      (
        await db.query(`INSERT INTO leagues (name, type, country_id, club_id, owner_id) VALUES ($1, $1, $2, $3, $4) RETURNING id`, [
          type,
          extra.country ?? null,
          extra.club ?? null,
          extra.owner ?? null,
        ])
      )[0].id;
    const leagues = {
      global: await league('global'),
      country: await league('country', { country: club.country_id }),
      club: await league('club', { club: club.id }),
      private: await league('private', { owner: users[0] }),
      public: await league('public', { owner: users[1] }),
    };
    // Users 1–3 in the automatic leagues, 1 and 2 in their own; 4 predicted only (in the old made-up
    // season and the active one); 5 predicted in the old season only; 6 plays nothing.
    await db.query(
      `INSERT INTO league_members (league_id, user_id, role)
       SELECT l, u, 'member' FROM unnest($1::int[]) AS l CROSS JOIN unnest($2::int[]) AS u`,
      [[leagues.global, leagues.country, leagues.club], users.slice(0, 3)],
    );
    await db.query(`INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'owner'), ($3, $4, 'owner')`, [leagues.private, users[0], leagues.public, users[1]]);
    const predict = (user: number, s: { season: number; fixture: number }) =>
      db.query(
        `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score)
         SELECT $1, f.id, f.gameweek_id, f.season_id, 1, 0 FROM fixtures f WHERE f.id = $2`,
        [user, s.fixture],
      );
    await predict(users[0], premier);
    await predict(users[3], premier);
    await predict(users[3], madeUp);
    await predict(users[4], madeUp);
    await db.query(`INSERT INTO user_preferences (user_id, theme) VALUES ($1, 'light')`, [users[0]]);
    world = { users, leagues };
  });

  it('comes up with a competition per season code, every league in the active one and the fans in what they play', async () => {
    await run('up');
    const { users, leagues } = world;

    const competitions: { code: string; name: string }[] = await db.query(
      `SELECT code, name FROM competitions WHERE code IN ('en.1', 'zz.9', 'fifa.wc') ORDER BY code`,
    );
    expect(competitions).toEqual([
      { code: 'en.1', name: 'English Premier League' },
      { code: 'fifa.wc', name: 'World Cup' },
      { code: 'zz.9', name: 'Made-up League' },
    ]);
    await expect(db.query(`INSERT INTO seasons (name, label, league_code) VALUES ('Nowhere 2090/91', '2090/91', 'no.where')`)).rejects.toThrow(/seasons_league_code_fkey/);

    const codes: { id: number; competition_code: string }[] = await db.query(`SELECT id, competition_code FROM leagues ORDER BY id`);
    expect(codes).toEqual(Object.values(leagues).sort((a, b) => a - b).map((id) => ({ id, competition_code: 'en.1' })));
    await expect(db.query(`INSERT INTO leagues (name, type) VALUES ('No competition', 'public')`)).rejects.toThrow(/competition_code/);

    expect(await indexOf('leagues_one_global')).toMatch(/\(competition_code\) WHERE \(\(type\)::text = 'global'/);
    expect(await indexOf('leagues_one_per_country')).toMatch(/\(competition_code, country_id\) WHERE \(\(type\)::text = 'country'/);
    expect(await indexOf('leagues_one_per_club')).toMatch(/\(competition_code, club_id\) WHERE \(\(type\)::text = 'club'/);
    expect(await indexOf('user_competitions_competition_user_idx')).toContain('(competition_code, user_id)');
    expect(await indexOf('seasons_one_active')).toContain('(is_active) WHERE is_active');

    expect(await playedBy()).toEqual([
      { user_id: users[0], competition_code: 'en.1' },
      { user_id: users[1], competition_code: 'en.1' },
      { user_id: users[2], competition_code: 'en.1' },
      { user_id: users[3], competition_code: 'en.1' },
      { user_id: users[3], competition_code: 'zz.9' },
      { user_id: users[4], competition_code: 'zz.9' },
    ]);
    expect(await db.query(`SELECT count(*)::int AS n FROM user_competitions WHERE team_id IS NOT NULL`)).toEqual([{ n: 0 }]);
    expect(await db.query(`SELECT user_id, current_competition FROM user_preferences`)).toEqual([{ user_id: users[0], current_competition: null }]);
  });

  it('makes the automatic leagues once per competition', async () => {
    const { users, leagues } = world;
    const [club]: { id: number; country_id: number }[] = await db.query(`SELECT club_id AS id, country_id FROM users WHERE id = $1`, [users[0]]);
    await db.transaction(async (tx: EntityManager) => {
      // The Premier League's are there already; the World Cup's are new, each made once.
      expect(await ensureGlobalLeague(tx, 'en.1')).toBe(leagues.global);
      expect(await ensureCountryLeague(tx, 'en.1', club.country_id)).toBe(leagues.country);
      expect(await ensureClubLeague(tx, 'en.1', club.id)).toBe(leagues.club);
      const worldCup = { global: await ensureGlobalLeague(tx, 'fifa.wc'), country: await ensureCountryLeague(tx, 'fifa.wc', club.country_id) };
      expect(Object.values(worldCup)).not.toContain(leagues.global);
      expect(Object.values(worldCup)).not.toContain(leagues.country);
      expect(await ensureGlobalLeague(tx, 'fifa.wc')).toBe(worldCup.global);
      expect(await ensureCountryLeague(tx, 'fifa.wc', club.country_id)).toBe(worldCup.country);
      await insertMissingLeaguesOfUsers(tx, 'fifa.wc', users);
      await insertMissingLeaguesOfUsers(tx, 'fifa.wc', users);
    });
    const automatic: { type: string; competition_code: string; n: number }[] = await db.query(
      `SELECT type, competition_code, count(*)::int AS n FROM leagues WHERE type IN ('global', 'country', 'club') GROUP BY 1, 2 ORDER BY 2, 1`,
    );
    expect(automatic).toEqual([
      { type: 'club', competition_code: 'en.1', n: 1 },
      { type: 'country', competition_code: 'en.1', n: 1 },
      { type: 'global', competition_code: 'en.1', n: 1 },
      { type: 'club', competition_code: 'fifa.wc', n: 1 },
      { type: 'country', competition_code: 'fifa.wc', n: 1 },
      { type: 'global', competition_code: 'fifa.wc', n: 1 },
    ]);
  });

  it('joins the active competition\'s automatic leagues, and the fan then plays it', async () => {
    const { users, leagues } = world;
    const memberships = new AutomaticMembershipService(new OutboxService(db), new SeasonsService(db));
    const leaguesOf = (user: number): Promise<{ type: string; competition_code: string }[]> =>
      db.query(`SELECT l.type, l.competition_code FROM league_members m JOIN leagues l ON l.id = m.league_id WHERE m.user_id = $1 ORDER BY l.type`, [user]);

    // The Premier League is active: user 6 joins its leagues, and plays it from now on.
    await db.transaction((tx) => memberships.syncPreferences(tx, users[5]));
    expect(await leaguesOf(users[5])).toEqual(['club', 'country', 'global'].map((type) => ({ type, competition_code: 'en.1' })));
    expect((await playedBy()).filter((p) => p.user_id === users[5])).toEqual([{ user_id: users[5], competition_code: 'en.1' }]);

    // Another competition active: user 5 joins its global league, not the Premier League's.
    await db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await db.query(`UPDATE seasons SET is_active = true WHERE league_code = 'zz.9'`);
    await db.transaction((tx) => memberships.joinAutomaticLeaguesOfMany(tx, [users[4]]));
    const joined = await leaguesOf(users[4]);
    expect(joined).toEqual(['club', 'country', 'global'].map((type) => ({ type, competition_code: 'zz.9' })));
    expect(await db.query(`SELECT 1 FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagues.global, users[4]])).toEqual([]);
    expect((await playedBy()).filter((p) => p.user_id === users[4])).toEqual([{ user_id: users[4], competition_code: 'zz.9' }]);
  });

  it('goes down with two competitions\' automatic leagues (the oldest keeps every member) and up again', async () => {
    const { users, leagues } = world;
    await run('down');
    const automatic: { id: number; type: string }[] = await db.query(`SELECT id, type FROM leagues WHERE type IN ('global', 'country', 'club') ORDER BY id`);
    expect(automatic).toEqual([
      { id: leagues.global, type: 'global' },
      { id: leagues.country, type: 'country' },
      { id: leagues.club, type: 'club' },
    ]);
    const members: { user_id: number }[] = await db.query(`SELECT user_id FROM league_members WHERE league_id = $1 ORDER BY user_id`, [leagues.global]);
    expect(members.map((m) => m.user_id)).toEqual([users[0], users[1], users[2], users[4], users[5]]);
    expect(await db.query(`SELECT code FROM competitions WHERE code IN ('zz.9', 'fifa.wc')`)).toEqual([]);

    // zz.9 is active now: every league is backfilled with it.
    await run('up');
    expect(await db.query(`SELECT DISTINCT competition_code FROM leagues`)).toEqual([{ competition_code: 'zz.9' }]);
    expect((await playedBy()).filter((p) => p.user_id === users[4])).toEqual([
      { user_id: users[4], competition_code: 'zz.9' },
    ]);
  });

  it('backfills the home competition when no season is active', async () => {
    await run('down');
    await db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await run('up');
    expect(await db.query(`SELECT DISTINCT competition_code FROM leagues`)).toEqual([{ competition_code: 'en.1' }]);
  });
});

describe('POST /leagues and joining: the league plays the active competition, and so do its members', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys?.close();
  });

  it('writes the competition of the league and of its owner and members', async () => {
    const [owner, joiner] = await insertVerifiedUsers(sys, 2, 'lpcapi', { onboarded: true });
    const competition = await sys.api.get(SeasonsService).activeCompetitionCode();
    const created = await sys.http.post('/api/leagues/').set(bearer(owner.token)).send({ name: 'Competition mates', type: 'public' }).expect(201);
    const leagueId: number = created.body.data.id;
    expect(await sys.db.query(`SELECT competition_code FROM leagues WHERE id = $1`, [leagueId])).toEqual([{ competition_code: competition }]);
    await sys.http.post('/api/leagues/join/').set(bearer(joiner.token)).send({ type: 'public', league_id: leagueId }).expect(200);
    expect(
      await sys.db.query(`SELECT user_id, competition_code FROM user_competitions WHERE user_id = ANY($1::int[]) ORDER BY user_id`, [[owner.id, joiner.id]]),
    ).toEqual([
      { user_id: owner.id, competition_code: competition },
      { user_id: joiner.id, competition_code: competition },
    ]);
  });
});
