import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { scorePrediction } from '@scoreline/contracts/game/scoring';
import { parseEnv } from '@scoreline/backend/config/env';
import { ensureDatabaseExists, migrateAndSeed } from '@scoreline/backend/database/migrate';
import { NO_PASSWORD_HASH } from '@scoreline/backend/auth/password-hashing';
import { DEMO_EMAIL_DOMAIN } from '@scoreline/backend/demo/demo-world-plan';
import { DEMO_FAN_COUNT, seedDemoWorld } from '@scoreline/backend/demo/demo-world';
import { OpsService } from '@scoreline/backend/ops/ops.service';
import { DRIFTING_FIXTURES_SQL, DRIFTING_STANDINGS_SQL, DRIFTING_TOTALS_SQL } from '@scoreline/backend/reconcile/reconcile.sql';
import { SeasonContextService } from '@scoreline/backend/standings/season-context.service';
import { expectErrorShape } from '../api/api-helpers';
import { assertTestDatabase } from '../setup/test-env';

/**
 * The first start's demo world, on databases of its own (the run's shared database must stay
 * without a season): one started with SEED_DEMO on, one with it off.
 */
const runDatabase = process.env.DATABASE_URL!;
function databaseNamed(suffix: string): string {
  const url = new URL(runDatabase);
  url.pathname = `${url.pathname}_${suffix}`;
  assertTestDatabase(url.toString());
  return url.toString();
}
const demoUrl = databaseNamed('demo_on');
const SEED_TIMEOUT_MS = 240_000;
const plainUrl = databaseNamed('demo_off');

async function firstStart(url: string, seedDemo: boolean): Promise<void> {
  await ensureDatabaseExists(url);
  await migrateAndSeed(url, parseEnv({ ...process.env, DATABASE_URL: url, SEED_DEMO: String(seedDemo) }));
}

async function connect(url: string): Promise<DataSource> {
  return new DataSource({ type: 'postgres', url }).initialize();
}

async function dropDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const db = await connect(admin.toString());
  await db.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await db.destroy();
}

const one = async <T>(db: DataSource, sql: string, params: unknown[] = []): Promise<T> => ((await db.query(sql, params)) as T[])[0];

describe('the demo world of a first start', () => {
  let db: DataSource;

  // A first start seeds in 5–10 s on an idle 2-core machine; a loaded one (tests running beside) can take minutes.
  beforeAll(async () => {
    await firstStart(demoUrl, true);
    db = await connect(demoUrl);
  }, SEED_TIMEOUT_MS);

  afterAll(async () => {
    await db?.destroy();
    if (!process.env.KEEP_TEST_DB) await dropDatabase(demoUrl);
  });

  it('makes the demo fans: marked, no usable password, undeliverable addresses, onboarded, silent', async () => {
    const fans = await one<Record<string, number>>(
      db,
      `SELECT count(*)::int AS fans,
              count(*) FILTER (WHERE u.password_hash = $1)::int AS no_password,
              count(*) FILTER (WHERE u.email LIKE '%@' || $2)::int AS reserved_domain,
              count(*) FILTER (WHERE u.email_verified_at IS NULL)::int AS unverified,
              count(*) FILTER (WHERE u.country_id IS NOT NULL AND u.club_id IS NOT NULL AND u.onboarding_completed_at IS NOT NULL)::int AS onboarded,
              count(*) FILTER (WHERE NOT (p.notify_gameweek_deadlines OR p.notify_league_updates OR p.notify_match_results OR p.notify_weekly_digest))::int AS silent,
              count(DISTINCT u.country_id)::int AS countries, count(DISTINCT u.club_id)::int AS clubs
       FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id WHERE u.is_demo`,
      [NO_PASSWORD_HASH, DEMO_EMAIL_DOMAIN],
    );
    expect(fans).toEqual({
      fans: DEMO_FAN_COUNT,
      no_password: DEMO_FAN_COUNT,
      reserved_domain: DEMO_FAN_COUNT,
      unverified: DEMO_FAN_COUNT,
      onboarded: DEMO_FAN_COUNT,
      silent: DEMO_FAN_COUNT,
      countries: expect.any(Number),
      clubs: expect.any(Number),
    });
    expect(fans.countries).toBeGreaterThanOrEqual(10);
    expect(fans.clubs).toBeGreaterThanOrEqual(20);
    expect((await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM users WHERE NOT is_demo`)).n).toBe(0);
  });

  it('has predictions for every past gameweek, the current and the next: one banker at most, everyone in the open ones', async () => {
    const ctx = (await new SeasonContextService(db).load((await one<{ id: number }>(db, `SELECT id FROM seasons WHERE is_active`)).id))!;
    const current = ctx.current!;
    expect(current.number).toBeGreaterThan(1);
    const perGameweek: { number: number; fans: number; fixtures: number; predicted_fixtures: number; max_bankers: number }[] = await db.query(
      `SELECT g.number, count(DISTINCT p.user_id)::int AS fans,
              (SELECT count(*) FROM fixtures f WHERE f.gameweek_id = g.id)::int AS fixtures,
              count(DISTINCT p.fixture_id)::int AS predicted_fixtures,
              coalesce((SELECT max(b) FROM (SELECT count(*) FILTER (WHERE q.is_banker) AS b FROM predictions q WHERE q.gameweek_id = g.id GROUP BY q.user_id) x), 0)::int AS max_bankers
       FROM gameweeks g JOIN seasons s ON s.id = g.season_id AND s.is_active
       LEFT JOIN predictions p ON p.gameweek_id = g.id
       GROUP BY g.id, g.number ORDER BY g.number`,
    );
    for (const gw of perGameweek) {
      if (gw.number > current.number + 1) {
        expect(gw.fans).toBe(0);
        continue;
      }
      expect(gw.predicted_fixtures).toBe(gw.fixtures);
      expect(gw.max_bankers).toBe(1);
      if (gw.number >= current.number) expect(gw.fans).toBe(DEMO_FAN_COUNT);
      else expect(gw.fans).toBeGreaterThan(DEMO_FAN_COUNT * 0.8);
    }
    // Each fan who plays a gameweek predicts all of it.
    const partial = await one<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM (
         SELECT p.user_id, p.gameweek_id, count(*) AS made, (SELECT count(*) FROM fixtures f WHERE f.gameweek_id = p.gameweek_id) AS fixtures
         FROM predictions p GROUP BY p.user_id, p.gameweek_id) x WHERE made <> fixtures`,
    );
    expect(partial.n).toBe(0);
  });

  it('fills global, country, club, private and public leagues, each with a computed table', async () => {
    const kinds: { type: string; leagues: number; members: number; smallest: number }[] = await db.query(
      `SELECT l.type, count(*)::int AS leagues, sum(x.members)::int AS members, min(x.members)::int AS smallest
       FROM leagues l CROSS JOIN LATERAL (SELECT count(*)::int AS members FROM league_members m WHERE m.league_id = l.id) x
       GROUP BY l.type ORDER BY l.type`,
    );
    const of = (type: string) => kinds.find((k) => k.type === type)!;
    expect(of('global')).toEqual({ type: 'global', leagues: 1, members: DEMO_FAN_COUNT, smallest: DEMO_FAN_COUNT });
    expect(of('country').members).toBe(DEMO_FAN_COUNT);
    expect(of('country').leagues).toBeGreaterThanOrEqual(10);
    expect(of('club').members).toBe(DEMO_FAN_COUNT);
    expect(of('club').leagues).toBeGreaterThanOrEqual(20);
    expect(of('private').leagues).toBeGreaterThanOrEqual(3);
    expect(of('public').leagues).toBeGreaterThanOrEqual(2);
    expect(of('private').smallest).toBeGreaterThanOrEqual(5);
    // Owners are members with the owner role; private leagues have invite codes and a cap.
    const owners = await one<{ bad: number }>(
      db,
      `SELECT count(*)::int AS bad FROM leagues l
       WHERE l.type IN ('private', 'public')
         AND (NOT EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = l.id AND m.user_id = l.owner_id AND m.role = 'owner')
              OR (l.type = 'private' AND (l.code IS NULL OR l.max_members IS NULL)) OR (l.type = 'public' AND l.code IS NOT NULL))`,
    );
    expect(owners.bad).toBe(0);
    const tables = await one<{ leagues: number; missing_rows: number; missing_summaries: number }>(
      db,
      `SELECT count(*)::int AS leagues,
              sum((SELECT count(*) FROM league_members m WHERE m.league_id = l.id) - (SELECT count(*) FROM league_standings s WHERE s.league_id = l.id))::int AS missing_rows,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM league_standings_summary s WHERE s.league_id = l.id))::int AS missing_summaries
       FROM leagues l`,
    );
    expect(tables).toEqual({ leagues: expect.any(Number), missing_rows: 0, missing_summaries: 0 });
  });

  it('has points, totals and tables equal to a recomputation from the results', async () => {
    // Independent of the scoring SQL: the rules' TypeScript function over every prediction.
    const rows: { user_id: number; home: number; away: number; banker: boolean; status: string; fh: number | null; fa: number | null; points: number | null }[] =
      await db.query(
        `SELECT p.user_id, p.home_score AS home, p.away_score AS away, p.is_banker AS banker, f.status, f.home_score AS fh, f.away_score AS fa, p.points
         FROM predictions p JOIN fixtures f ON f.id = p.fixture_id`,
      );
    const expected = new Map<number, number>();
    const wrong: typeof rows = [];
    let scored = 0;
    for (const r of rows) {
      if (r.status === 'scheduled') {
        if (r.points !== null) wrong.push(r);
        continue;
      }
      const { points } = scorePrediction({
        predictedHome: r.home,
        predictedAway: r.away,
        actualHome: r.fh,
        actualAway: r.fa,
        isBanker: r.banker,
        isVoid: r.status === 'postponed',
      });
      if (r.points !== points) wrong.push(r);
      expected.set(r.user_id, (expected.get(r.user_id) ?? 0) + points);
      scored += 1;
    }
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(scored).toBeGreaterThan(DEMO_FAN_COUNT * 10);
    const totals: { user_id: number; points: number }[] = await db.query(`SELECT user_id, points FROM user_season_totals`);
    expect(totals).toHaveLength(DEMO_FAN_COUNT);
    expect(totals.filter((t) => t.points !== (expected.get(t.user_id) ?? 0))).toEqual([]);
    // A table worth looking at: a spread of totals.
    expect(new Set(totals.map((t) => t.points)).size).toBeGreaterThan(100);

    // And the reconciler, which recomputes every layer from the one below, finds nothing to repair.
    expect(await db.query(DRIFTING_FIXTURES_SQL, [0])).toEqual([]);
    expect(await db.query(DRIFTING_TOTALS_SQL)).toEqual([]);
    const ctx = (await new SeasonContextService(db).load((await one<{ id: number }>(db, `SELECT id FROM seasons WHERE is_active`)).id))!;
    expect(await db.query(DRIFTING_STANDINGS_SQL, [ctx.seasonId, ctx.recent?.id ?? null, ctx.recent?.number ?? null, 0])).toEqual([]);
  });

  it('consumes the scores.updated it raised itself: activity entries and winners written, no backlog left for the workers', async () => {
    const events = await one<{ n: number; owed: number }>(
      db,
      `SELECT count(DISTINCT payload->>'fixtureId')::int AS n,
              count(*) FILTER (WHERE dispatched_at IS NULL OR pending_queues <> '{}')::int AS owed
       FROM outbox_events WHERE name = 'scores.updated'`,
    );
    const played = await one<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM fixtures f WHERE f.status <> 'scheduled' AND EXISTS (SELECT 1 FROM predictions p WHERE p.fixture_id = f.id)`,
    );
    expect(played.n).toBeGreaterThan(100);
    expect(events).toEqual({ n: played.n, owed: 0 });
    // What the activity and standings workers would have written: exact scores and bankers of
    // the played matches, each completed gameweek's scorers and its winners in the global league.
    const entries = await one<{ hits: number; scored: number; won: number; completed: number }>(
      db,
      `SELECT (SELECT count(*) FROM league_activities WHERE kind IN ('exact_score', 'banker_hit'))::int AS hits,
              (SELECT count(DISTINCT metadata->>'gameweek') FROM league_activities WHERE kind = 'gameweek_scored')::int AS scored,
              (SELECT count(DISTINCT a.metadata->>'gameweek') FROM league_activities a JOIN leagues l ON l.id = a.league_id AND l.type = 'global'
               WHERE a.kind = 'gameweek_won')::int AS won,
              (SELECT count(*) FROM gameweeks g WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id)
                 AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed')))::int AS completed`,
    );
    expect(entries.completed).toBeGreaterThan(5);
    expect(entries.hits).toBeGreaterThan(0);
    expect(entries).toMatchObject({ scored: entries.completed, won: entries.completed });
  });

  it('does not seed again on a second start', async () => {
    const before = await one<{ users: number; predictions: number; leagues: number; events: number }>(
      db,
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM predictions)::int AS predictions,
              (SELECT count(*) FROM leagues)::int AS leagues, (SELECT count(*) FROM outbox_events)::int AS events`,
    );
    await firstStart(demoUrl, true);
    expect(await seedDemoWorld(db)).toBeNull();
    const after = await one<typeof before>(
      db,
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM predictions)::int AS predictions,
              (SELECT count(*) FROM leagues)::int AS leagues, (SELECT count(*) FROM outbox_events)::int AS events`,
    );
    expect(after).toEqual(before);
  });

  describe('signing in as a demo fan', () => {
    let api: INestApplication;
    const saved = process.env.DATABASE_URL;

    beforeAll(async () => {
      // The app reads its environment when its module loads: point it at the demo database first.
      process.env.DATABASE_URL = demoUrl;
      const { createApiApp } = await import('@scoreline/backend/app.factory');
      api = await createApiApp();
      await api.init();
    });

    afterAll(async () => {
      await api?.close();
      process.env.DATABASE_URL = saved;
    });

    it('answers 401, exactly as a wrong password or an unknown address does, and sends nothing', async () => {
      const [fan]: { email: string }[] = await db.query(`SELECT email FROM users WHERE is_demo ORDER BY id LIMIT 1`);
      const http = request(api.getHttpServer());
      const asFan = await http.post('/api/auth/login/').send({ email: fan.email, password: 'any-password-1' });
      expectErrorShape(asFan, 401);
      const asMarker = await http.post('/api/auth/login/').send({ email: fan.email, password: NO_PASSWORD_HASH });
      expectErrorShape(asMarker, 401);
      const unknown = await http.post('/api/auth/login/').send({ email: `nobody@${DEMO_EMAIL_DOMAIN}`, password: 'any-password-1' });
      expect(asFan.body).toEqual(unknown.body);
      expect(asMarker.body).toEqual(unknown.body);
      // Forgot-password and sign-up with a demo fan's address answer as usual and issue no code.
      await http.post('/api/auth/forgot-password/').send({ email: fan.email });
      await http
        .post('/api/auth/register/')
        .send({ username: 'someone_new', email: fan.email, first_name: 'A', last_name: 'B', password: 'correct-horse-1', password_confirm: 'correct-horse-1' });
      await new Promise((r) => setTimeout(r, 300));
      const codes = await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM email_codes c JOIN users u ON u.id = c.user_id WHERE u.is_demo`);
      expect(codes.n).toBe(0);
      const mails = await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM outbox_events WHERE name IN ('otp.requested', 'account.exists')`);
      expect(mails.n).toBe(0);
    });
  });
});

describe('a first start with SEED_DEMO=false', () => {
  afterAll(async () => {
    if (!process.env.KEEP_TEST_DB) await dropDatabase(plainUrl);
  });

  it('creates no season and no demo fans', async () => {
    await firstStart(plainUrl, false);
    const db = await connect(plainUrl);
    try {
      const counts = await one<{ users: number; fixtures: number; leagues: number }>(
        db,
        `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM fixtures)::int AS fixtures, (SELECT count(*) FROM leagues)::int AS leagues`,
      );
      expect(counts).toEqual({ users: 0, fixtures: 0, leagues: 0 });
    } finally {
      await db.destroy();
    }
  });

  it('then `npm run ops -- seed-demo` makes the whole demo world, and a second run nothing', async () => {
    const db = await connect(plainUrl);
    const world = () =>
      one<Record<string, number>>(
        db,
        `SELECT (SELECT count(*) FROM users WHERE is_demo)::int AS fans, (SELECT count(*) FROM users)::int AS users,
                (SELECT count(*) FROM seasons)::int AS seasons, (SELECT count(*) FROM seasons WHERE is_active)::int AS active,
                (SELECT count(*) FROM fixtures)::int AS fixtures, (SELECT count(*) FROM predictions)::int AS predictions,
                (SELECT count(*) FROM predictions WHERE points IS NOT NULL)::int AS scored,
                (SELECT count(*) FROM leagues)::int AS leagues, (SELECT count(*) FROM leagues WHERE type IN ('private', 'public'))::int AS own_leagues,
                (SELECT count(*) FROM league_members)::int AS members, (SELECT count(*) FROM league_standings)::int AS standings,
                (SELECT count(*) FROM outbox_events)::int AS events`,
      );
    try {
      const ops = new OpsService(db);
      const first = await ops.seedDemo();
      if (!first.seeded) throw new Error('the first seed-demo seeded nothing');
      expect(first.season.season).toMatchObject({ name: 'English Premier League 2025/26', is_active: true });
      expect(first.world).toMatchObject({ fans: DEMO_FAN_COUNT, seasonId: first.season.season.id });
      const made = await world();
      expect(made).toMatchObject({ fans: DEMO_FAN_COUNT, users: DEMO_FAN_COUNT, seasons: 1, active: 1 });
      expect(made.predictions).toBe(first.world!.predictions);
      expect(made.scored).toBeGreaterThan(0);
      expect(made.own_leagues).toBe(first.world!.privateAndPublicLeagueIds.length);
      expect(made.own_leagues).toBeGreaterThan(0);
      expect(made.standings).toBeGreaterThanOrEqual(made.members);

      expect(await ops.seedDemo()).toEqual({ seeded: false, demoFans: true });
      expect(await world()).toEqual(made);
    } finally {
      await db.destroy();
    }
  }, SEED_TIMEOUT_MS);
});
