import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { scorePrediction } from '@scoreline/contracts/game/scoring';
import { parseEnv } from '@scoreline/backend/platform/config/env';
import { ensureDatabaseExists, migrateAndSeed } from '@scoreline/backend/platform/database/migrate';
import { NO_PASSWORD_HASH } from '@scoreline/backend/auth/password-hashing';
import { DEMO_EMAIL_DOMAIN } from '@scoreline/backend/demo/demo-world-plan';
import { DEMO_FAN_COUNT, seedDemoWorld } from '@scoreline/backend/demo/demo-world';
import { OpsService } from '@scoreline/backend/ops/ops.service';
import { AuditService } from '@scoreline/backend/audit/audit.service';
import { UsersService } from '@scoreline/backend/users/users.service';
import { OutboxService } from '@scoreline/backend/platform/outbox/outbox.service';
import { SeasonImportService } from '@scoreline/backend/season-import/season-import.service';
import { seedDemoIfEmpty, seedDemoSeasonAndWorld } from '@scoreline/backend/demo/demo-seed';
import { JwtService } from '@nestjs/jwt';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Competition } from '@scoreline/contracts/api/competitions';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { LeagueTableResponse } from '@scoreline/contracts/api/tables';
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
  const env = parseEnv({ ...process.env, DATABASE_URL: url, SEED_DEMO: String(seedDemo) });
  await migrateAndSeed(url, (db) => seedDemoIfEmpty(db, env));
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

const LEAGUE = 'en.1';
const WORLD_CUP = 'fifa.wc';
/** The demo fans who play the World Cup too: half of them. */
const WORLD_CUP_FANS = DEMO_FAN_COUNT / 2;
const HOUR = 60 * 60 * 1000;

const seasonOf = async (db: DataSource, code: string): Promise<number> =>
  (await one<{ id: number }>(db, `SELECT id FROM seasons WHERE is_active AND league_code = $1`, [code])).id;

/** Rows of every table the demo writes, and the kick-offs: what a second seeding must leave as it is. */
const DEMO_COUNTS_SQL = `
  SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM user_competitions)::int AS plays,
         (SELECT count(*) FROM seasons)::int AS seasons, (SELECT count(*) FROM seasons WHERE is_active)::int AS active,
         (SELECT count(*) FROM gameweeks)::int AS gameweeks, (SELECT count(*) FROM fixtures)::int AS fixtures,
         (SELECT count(*) FROM fixtures WHERE status = 'finished')::int AS finished,
         (SELECT coalesce(sum(extract(epoch FROM kickoff_at)), 0)::bigint::text FROM fixtures) AS kickoffs,
         (SELECT count(*) FROM predictions)::int AS predictions, (SELECT count(*) FROM predictions WHERE points IS NOT NULL)::int AS scored,
         (SELECT count(*) FROM predictions WHERE advance IS NOT NULL)::int AS advance_picks,
         (SELECT count(*) FROM bonus_answers)::int AS bonus_answers,
         (SELECT count(*) FROM leagues)::int AS leagues, (SELECT count(*) FROM league_members)::int AS members,
         (SELECT count(*) FROM league_standings)::int AS standings, (SELECT count(*) FROM league_activities)::int AS activities,
         (SELECT count(*) FROM user_season_totals)::int AS season_totals, (SELECT count(*) FROM outbox_events)::int AS events`;

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
    const ctx = (await new SeasonContextService(db).load(await seasonOf(db, LEAGUE)))!;
    const current = ctx.current!;
    expect(current.number).toBeGreaterThan(1);
    const perGameweek: { number: number; fans: number; fixtures: number; predicted_fixtures: number; max_bankers: number }[] = await db.query(
      `SELECT g.number, count(DISTINCT p.user_id)::int AS fans,
              (SELECT count(*) FROM fixtures f WHERE f.gameweek_id = g.id)::int AS fixtures,
              count(DISTINCT p.fixture_id)::int AS predicted_fixtures,
              coalesce((SELECT max(b) FROM (SELECT count(*) FILTER (WHERE q.is_banker) AS b FROM predictions q WHERE q.gameweek_id = g.id GROUP BY q.user_id) x), 0)::int AS max_bankers
       FROM gameweeks g JOIN seasons s ON s.id = g.season_id AND s.is_active AND s.league_code = $1
       LEFT JOIN predictions p ON p.gameweek_id = g.id
       GROUP BY g.id, g.number ORDER BY g.number`,
      [LEAGUE],
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
    // Each fan who plays a gameweek predicts all of it (every match whose teams are known, in either competition).
    const partial = await one<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM (
         SELECT p.user_id, p.gameweek_id, count(*) AS made,
                (SELECT count(*) FROM fixtures f WHERE f.gameweek_id = p.gameweek_id AND f.home_club_id IS NOT NULL AND f.away_club_id IS NOT NULL) AS fixtures
         FROM predictions p GROUP BY p.user_id, p.gameweek_id) x WHERE made <> fixtures`,
    );
    expect(partial.n).toBe(0);
  });

  it('fills global, country, club, private and public leagues, each with a computed table', async () => {
    const kinds: { type: string; leagues: number; members: number; smallest: number }[] = await db.query(
      `SELECT l.type, count(*)::int AS leagues, sum(x.members)::int AS members, min(x.members)::int AS smallest
       FROM leagues l CROSS JOIN LATERAL (SELECT count(*)::int AS members FROM league_members m WHERE m.league_id = l.id) x
       WHERE l.competition_code = $1
       GROUP BY l.type ORDER BY l.type`,
      [LEAGUE],
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
    const rows: { user_id: number; season_id: number; home: number; away: number; banker: boolean; status: string; fh: number | null; fa: number | null; points: number | null }[] =
      await db.query(
        `SELECT p.user_id, p.season_id, p.home_score AS home, p.away_score AS away, p.is_banker AS banker, f.status, f.home_score AS fh, f.away_score AS fa, p.points
         FROM predictions p JOIN fixtures f ON f.id = p.fixture_id`,
      );
    const expected = new Map<string, number>();
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
      // No knockout match is played yet in the demo: no "who goes through" points to add.
      expected.set(`${r.user_id}:${r.season_id}`, (expected.get(`${r.user_id}:${r.season_id}`) ?? 0) + points);
      scored += 1;
    }
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(scored).toBeGreaterThan(DEMO_FAN_COUNT * 10);
    const totals: { user_id: number; season_id: number; points: number }[] = await db.query(`SELECT user_id, season_id, points FROM user_season_totals`);
    expect(totals).toHaveLength(DEMO_FAN_COUNT + WORLD_CUP_FANS);
    expect(totals.filter((t) => t.points !== (expected.get(`${t.user_id}:${t.season_id}`) ?? 0))).toEqual([]);
    // A table worth looking at: a spread of totals.
    const league = await seasonOf(db, LEAGUE);
    expect(new Set(totals.filter((t) => t.season_id === league).map((t) => t.points)).size).toBeGreaterThan(100);
    expect(new Set(totals.filter((t) => t.season_id !== league).map((t) => t.points)).size).toBeGreaterThan(30);

    // And the reconciler, which recomputes every layer from the one below, finds nothing to repair in either competition.
    expect(await db.query(DRIFTING_FIXTURES_SQL, [0])).toEqual([]);
    expect(await db.query(DRIFTING_TOTALS_SQL)).toEqual([]);
    for (const code of [LEAGUE, WORLD_CUP]) {
      const ctx = (await new SeasonContextService(db).load(await seasonOf(db, code)))!;
      expect(await db.query(DRIFTING_STANDINGS_SQL, [ctx.seasonId, ctx.recent?.id ?? null, ctx.recent?.number ?? null, 0])).toEqual([]);
    }
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
              (SELECT count(DISTINCT (l.competition_code, a.metadata->>'gameweek')) FROM league_activities a JOIN leagues l ON l.id = a.league_id
               WHERE a.kind = 'gameweek_scored')::int AS scored,
              (SELECT count(DISTINCT (l.competition_code, a.metadata->>'gameweek')) FROM league_activities a JOIN leagues l ON l.id = a.league_id AND l.type = 'global'
               WHERE a.kind = 'gameweek_won')::int AS won,
              (SELECT count(*) FROM gameweeks g WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id)
                 AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed')))::int AS completed`,
    );
    expect(entries.completed).toBeGreaterThan(5);
    expect(entries.hits).toBeGreaterThan(0);
    expect(entries).toMatchObject({ scored: entries.completed, won: entries.completed });
  });

  it('does not seed again on a second start: every count and every kick-off as they were', async () => {
    const before = await one<Record<string, number | string>>(db, DEMO_COUNTS_SQL);
    expect(before).toMatchObject({ users: DEMO_FAN_COUNT, seasons: 2, active: 2, plays: DEMO_FAN_COUNT + WORLD_CUP_FANS });
    await firstStart(demoUrl, true);
    expect(await seedDemoWorld(db)).toBeNull();
    expect(await seedDemoSeasonAndWorld(db)).toEqual({ seeded: false, demoFans: true });
    expect(await one(db, DEMO_COUNTS_SQL)).toEqual(before);
  });

  describe('the World Cup beside the Premier League', () => {
    const worldCup = () => seasonOf(db, WORLD_CUP);

    it('has both competitions active, the league first (the default of a fan who plays neither)', async () => {
      const active: { code: string; name: string }[] = await db.query(`SELECT league_code AS code, name FROM seasons WHERE is_active ORDER BY id`);
      expect(active).toEqual([
        { code: LEAGUE, name: 'English Premier League 2025/26' },
        { code: WORLD_CUP, name: 'World Cup 2026' },
      ]);
    });

    it("remembers how far each competition was moved, so that the results feed's stand-in replays the same instants", async () => {
      const rows: { code: string; shift_ms: string; first: Date }[] = await db.query(
        `SELECT s.league_code AS code, s.shift_ms::text AS shift_ms, min(f.kickoff_at) AS first
         FROM seasons s JOIN fixtures f ON f.season_id = s.id WHERE s.is_active GROUP BY s.id ORDER BY s.id`,
      );
      // The files' first kick-offs: 15 August 2025, 20:00 in London; 11 June 2026, 13:00 UTC-6 (Mexico v South Africa).
      const fileFirst: Record<string, string> = { [LEAGUE]: '2025-08-15T19:00:00.000Z', [WORLD_CUP]: '2026-06-11T19:00:00.000Z' };
      for (const r of rows) {
        const shift = Number(r.shift_ms);
        expect(shift % HOUR).toBe(0);
        expect(shift).toBeGreaterThan(0);
        expect(new Date(new Date(r.first).getTime() - shift).toISOString()).toBe(fileFirst[r.code]);
      }
      expect(rows.map((r) => r.code)).toEqual([LEAGUE, WORLD_CUP]);
    });

    it('has played its group stage, its Round of 32 open and kicking off within hours, the later rounds still placeholders', async () => {
      const rounds: { number: number; kind: string; fixtures: number; finished: number; placeholders: number; starts_at: Date; past_unplayed: number; future_played: number }[] =
        await db.query(
          `SELECT g.number, g.kind, count(f.id)::int AS fixtures, count(*) FILTER (WHERE f.status = 'finished')::int AS finished,
                  count(*) FILTER (WHERE f.home_club_id IS NULL OR f.away_club_id IS NULL)::int AS placeholders, g.starts_at,
                  count(*) FILTER (WHERE f.kickoff_at < now() - interval '2 hours' AND f.status <> 'finished')::int AS past_unplayed,
                  count(*) FILTER (WHERE f.kickoff_at > now() AND f.status <> 'scheduled')::int AS future_played
           FROM gameweeks g JOIN fixtures f ON f.gameweek_id = g.id WHERE g.season_id = $1
           GROUP BY g.id ORDER BY g.number`,
          [await worldCup()],
        );
      const group = rounds.filter((r) => r.kind === 'group');
      expect(group).toHaveLength(17);
      expect(group.every((r) => r.finished === r.fixtures && r.past_unplayed === 0)).toBe(true);
      expect(group.reduce((n, r) => n + r.finished, 0)).toBe(72);
      const [r32, ...later] = rounds.filter((r) => r.kind === 'knockout');
      expect(r32).toMatchObject({ number: 103, fixtures: 16, finished: 0, placeholders: 0 });
      const ahead = new Date(r32.starts_at).getTime() - Date.now();
      expect(ahead).toBeGreaterThan(HOUR);
      expect(ahead).toBeLessThan(12 * HOUR);
      expect(later.map((r) => r.number)).toEqual([104, 105, 106, 107, 108]);
      expect(later.every((r) => r.placeholders === r.fixtures && r.finished === 0)).toBe(true);
      expect(rounds.every((r) => r.future_played === 0)).toBe(true);
      const ctx = (await new SeasonContextService(db).load(await worldCup()))!;
      expect(ctx.current?.number).toBe(103);
    });

    it('is played by half the demo fans, each with a national team of the tournament', async () => {
      const plays: { code: string; fans: number; with_team: number; teams: number; of_season: number }[] = await db.query(
        `SELECT uc.competition_code AS code, count(*)::int AS fans, count(uc.team_id)::int AS with_team, count(DISTINCT uc.team_id)::int AS teams,
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM fixtures f JOIN seasons s ON s.id = f.season_id AND s.league_code = uc.competition_code AND s.is_active
                                               WHERE f.home_club_id = uc.team_id OR f.away_club_id = uc.team_id))::int AS of_season
         FROM user_competitions uc JOIN users u ON u.id = uc.user_id AND u.is_demo
         GROUP BY uc.competition_code ORDER BY uc.competition_code`,
      );
      expect(plays).toEqual([
        { code: LEAGUE, fans: DEMO_FAN_COUNT, with_team: 0, teams: 0, of_season: 0 },
        { code: WORLD_CUP, fans: WORLD_CUP_FANS, with_team: WORLD_CUP_FANS, teams: expect.any(Number), of_season: WORLD_CUP_FANS },
      ]);
      expect(plays[1].teams).toBeGreaterThanOrEqual(10);
      // Mostly England: most demo fans live there.
      const [{ england }] = await db.query(
        `SELECT count(*)::int AS england FROM user_competitions uc JOIN clubs c ON c.id = uc.team_id WHERE uc.competition_code = $1 AND c.name = 'England'`,
        [WORLD_CUP],
      );
      expect(england).toBeGreaterThan(WORLD_CUP_FANS / 4);
    });

    it('has their predictions for every played round and the open one, "who goes through" in the Round of 32, one banker a round', async () => {
      const perRound: { number: number; kind: string; fans: number; predictions: number; picks: number; max_bankers: number }[] = await db.query(
        `SELECT g.number, g.kind, count(DISTINCT p.user_id)::int AS fans, count(p.*)::int AS predictions, count(p.advance)::int AS picks,
                coalesce((SELECT max(b) FROM (SELECT count(*) FILTER (WHERE q.is_banker) AS b FROM predictions q WHERE q.gameweek_id = g.id GROUP BY q.user_id) x), 0)::int AS max_bankers
         FROM gameweeks g LEFT JOIN predictions p ON p.gameweek_id = g.id WHERE g.season_id = $1
         GROUP BY g.id ORDER BY g.number`,
        [await worldCup()],
      );
      const demoFans = await one<{ n: number }>(db, `SELECT count(DISTINCT p.user_id)::int AS n FROM predictions p WHERE p.season_id = $1`, [await worldCup()]);
      expect(demoFans.n).toBe(WORLD_CUP_FANS);
      for (const r of perRound.filter((x) => x.kind === 'group')) {
        expect(r.fans).toBeGreaterThan(WORLD_CUP_FANS * 0.7);
        expect(r.picks).toBe(0);
        expect(r.max_bankers).toBe(1);
      }
      const r32 = perRound.find((r) => r.number === 103)!;
      expect(r32).toEqual({ number: 103, kind: 'knockout', fans: WORLD_CUP_FANS, predictions: WORLD_CUP_FANS * 16, picks: WORLD_CUP_FANS * 16, max_bankers: 1 });
      // A side the predicted score sends through (either after a predicted draw).
      const [{ against }] = await db.query(
        `SELECT count(*)::int AS against FROM predictions WHERE season_id = $1 AND advance IS NOT NULL
           AND ((home_score > away_score AND advance <> 'home') OR (home_score < away_score AND advance <> 'away'))`,
        [await worldCup()],
      );
      expect(against).toBe(0);
      expect(perRound.filter((r) => r.number > 103).every((r) => r.predictions === 0)).toBe(true);
    });

    it('puts its players in its global, country and team leagues and one private league; the demo\'s other private leagues stay Premier League', async () => {
      const leagues: { code: string; type: string; name: string; members: number; outsiders: number }[] = await db.query(
        `SELECT l.competition_code AS code, l.type, l.name, count(m.user_id)::int AS members,
                count(m.user_id) FILTER (WHERE NOT EXISTS (SELECT 1 FROM user_competitions uc WHERE uc.user_id = m.user_id AND uc.competition_code = l.competition_code))::int AS outsiders
         FROM leagues l LEFT JOIN league_members m ON m.league_id = l.id
         GROUP BY l.id ORDER BY l.competition_code, l.type, l.name`,
      );
      const of = (code: string, type: string) => leagues.filter((l) => l.code === code && l.type === type);
      expect(leagues.every((l) => l.outsiders === 0)).toBe(true);
      expect(of(WORLD_CUP, 'global')).toEqual([expect.objectContaining({ members: WORLD_CUP_FANS })]);
      expect(of(WORLD_CUP, 'country').reduce((n, l) => n + l.members, 0)).toBe(WORLD_CUP_FANS);
      expect(of(WORLD_CUP, 'club').reduce((n, l) => n + l.members, 0)).toBe(WORLD_CUP_FANS);
      expect(of(WORLD_CUP, 'private')).toEqual([expect.objectContaining({ name: 'World Cup Sweepstake', members: 16 })]);
      expect(of(WORLD_CUP, 'public')).toEqual([]);
      expect(of(LEAGUE, 'private').map((l) => l.name)).toEqual(['Family Predictor Cup', 'Sunday League Lads', 'The Office Sweepstake', 'Uni Flatmates 2019']);
      expect(of(LEAGUE, 'public')).toHaveLength(3);
      // Its tables are computed: a row per member, ranked on the World Cup's points only.
      const [{ rows, members, wrong }] = await db.query(
        `SELECT (SELECT count(*) FROM league_standings s JOIN leagues l ON l.id = s.league_id WHERE l.competition_code = $1)::int AS rows,
                (SELECT count(*) FROM league_members m JOIN leagues l ON l.id = m.league_id WHERE l.competition_code = $1)::int AS members,
                (SELECT count(*) FROM league_standings s JOIN leagues l ON l.id = s.league_id AND l.competition_code = $1
                 JOIN user_season_totals t ON t.user_id = s.user_id AND t.season_id = $2
                 WHERE s.total_points <> t.points)::int AS wrong`,
        [WORLD_CUP, await worldCup()],
      );
      expect({ rows, wrong }).toEqual({ rows: members, wrong: 0 });
    });

    it('has a few bonus answers in each competition, given before its questions locked, naming its own teams', async () => {
      const answers: { code: string; question: string; answers: number; fans: number; late: number; foreign: number }[] = await db.query(
        `SELECT s.league_code AS code, b.question, count(*)::int AS answers, count(DISTINCT b.user_id)::int AS fans,
                count(*) FILTER (WHERE b.answered_at >= (SELECT min(kickoff_at) FROM fixtures f WHERE f.season_id = s.id))::int AS late,
                count(*) FILTER (WHERE b.team_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.season_id = s.id AND b.team_id IN (f.home_club_id, f.away_club_id)))::int AS foreign
         FROM bonus_answers b JOIN seasons s ON s.id = b.season_id
         GROUP BY s.id, b.question ORDER BY s.league_code, b.question`,
      );
      expect(answers.map((a) => `${a.code} ${a.question}`)).toEqual([`${LEAGUE} bottom`, `${LEAGUE} champion`, `${LEAGUE} top_scorer`, `${WORLD_CUP} champion`, `${WORLD_CUP} top_scorer`]);
      expect(answers.every((a) => a.late === 0 && a.foreign === 0 && a.answers === a.fans && a.answers >= 10)).toBe(true);
      const [{ outsiders }] = await db.query(
        `SELECT count(*)::int AS outsiders FROM bonus_answers b JOIN seasons s ON s.id = b.season_id
         WHERE NOT EXISTS (SELECT 1 FROM user_competitions uc WHERE uc.user_id = b.user_id AND uc.competition_code = s.league_code)`,
      );
      expect(outsiders).toBe(0);
    });
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

    /** A demo fan who plays both competitions, signed in with a token of their own (they have no password). */
    async function fanOfBoth(): Promise<{ id: number; auth: { Authorization: string } }> {
      const [fan]: { id: number; username: string; token_version: number }[] = await db.query(
        `SELECT u.id, u.username, u.token_version FROM users u JOIN user_competitions uc ON uc.user_id = u.id AND uc.competition_code = $1
         WHERE u.is_demo ORDER BY u.id LIMIT 1`,
        [WORLD_CUP],
      );
      const token = api.get(JwtService, { strict: false }).sign({ sub: fan.id, tv: fan.token_version, username: fan.username });
      return { id: fan.id, auth: { Authorization: `Bearer ${token}` } };
    }

    it('lists both competitions to a fan who plays both, with their national team in the World Cup', async () => {
      const fan = await fanOfBoth();
      const http = request(api.getHttpServer());
      const competitions = (await http.get('/api/competitions/').set(fan.auth).expect(200)).body.data as Competition[];
      expect(competitions.map((c) => [c.code, c.playing])).toEqual([
        [LEAGUE, true],
        [WORLD_CUP, true],
      ]);
      expect(competitions[1].team).toEqual(expect.objectContaining({ id: expect.any(Number), name: expect.any(String) }));
      expect(competitions[1].team_locked).toBe(true);
    });

    it('opens the Round of 32 to them: sixteen matches with a "who goes through" pick, saved before its first kick-off', async () => {
      const fan = await fanOfBoth();
      const http = request(api.getHttpServer());
      const rounds = (await http.get(`/api/seasons/gameweeks/?competition=${WORLD_CUP}`).set(fan.auth).expect(200)).body.data as GameweekSummary[];
      const current = rounds.find((g) => g.status === 'current')!;
      expect(current).toMatchObject({ number: 103, is_open: true, fixture_count: 16 });
      expect(Date.parse(current.deadline!) - Date.now()).toBeGreaterThan(HOUR);
      expect(rounds.filter((g) => g.number < 103).every((g) => g.status === 'completed')).toBe(true);
      // The league keeps its own open gameweek beside it.
      const league = (await http.get('/api/seasons/gameweeks/').set(fan.auth).expect(200)).body.data as GameweekSummary[];
      expect(league.find((g) => g.status === 'current')).toMatchObject({ is_open: true, fixture_count: 10 });

      const fixtures = (await http.get(`/api/fixtures/current/?competition=${WORLD_CUP}`).set(fan.auth).expect(200)).body.data.fixtures as { id: number; advance_pick: boolean; round_kind: string }[];
      expect(fixtures).toHaveLength(16);
      expect(fixtures.every((f) => f.advance_pick && f.round_kind === 'knockout')).toBe(true);
      await http
        .post('/api/predictions/')
        .set(fan.auth)
        .send({ predictions: [{ fixture: fixtures[0].id, home_score: 1, away_score: 1, is_banker: true, advance: 'away' }] })
        .expect((res) => expect(res.status).toBeLessThan(300));
      const [saved] = await db.query(`SELECT home_score, away_score, is_banker, advance FROM predictions WHERE user_id = $1 AND fixture_id = $2`, [fan.id, fixtures[0].id]);
      expect(saved).toEqual({ home_score: 1, away_score: 1, is_banker: true, advance: 'away' });
    });

    it('shows the World Cup global league\'s table through the API: its players, ranked on World Cup points', async () => {
      const fan = await fanOfBoth();
      const http = request(api.getHttpServer());
      const [{ id }] = await db.query(`SELECT id FROM leagues WHERE type = 'global' AND competition_code = $1`, [WORLD_CUP]);
      const table = (await http.get(`/api/leagues/${id}/table/?page_size=100`).set(fan.auth).expect(200)).body.data as LeagueTableResponse;
      expect(table.total_count).toBe(WORLD_CUP_FANS);
      expect(table.rows).toHaveLength(100);
      expect(table.current_user).toMatchObject({ user_id: fan.id });
      expect(table.rows[0].rank).toBe(1);
      expect(table.rows[0].points).toBeGreaterThan(table.rows.at(-1)!.points);
      const [{ points }] = await db.query(`SELECT t.points FROM user_season_totals t JOIN seasons s ON s.id = t.season_id AND s.league_code = $2 WHERE t.user_id = $1`, [table.rows[0].user_id, WORLD_CUP]);
      expect(table.rows[0].points).toBe(points + table.rows[0].bonus_points);
      // Its gameweeks are the World Cup's rounds, not the league's.
      expect(table.gameweeks.map((g) => g.number)).toEqual(expect.arrayContaining([1, 17, 103, 108]));
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
      const ops = new OpsService(db, new AuditService(db), new UsersService(db));
      const first = await ops.seedDemo();
      if (!first.seeded) throw new Error('the first seed-demo seeded nothing');
      expect(first.season.season).toMatchObject({ name: 'English Premier League 2025/26', is_active: true });
      expect(first.tournament.season).toMatchObject({ name: 'World Cup 2026', league_code: WORLD_CUP, is_active: true });
      expect(first.tournament.fixtures).toMatchObject({ total: 104, created: 104 });
      expect(first.world).toMatchObject({ fans: DEMO_FAN_COUNT, seasonId: first.season.season.id });
      expect(first.world!.otherCompetitions).toEqual([
        expect.objectContaining({ seasonId: first.tournament.season.id, code: WORLD_CUP, userIds: expect.any(Array), predictions: expect.any(Number) }),
      ]);
      expect(first.world!.otherCompetitions[0].userIds).toHaveLength(WORLD_CUP_FANS);
      const made = await world();
      expect(made).toMatchObject({ fans: DEMO_FAN_COUNT, users: DEMO_FAN_COUNT, seasons: 2, active: 2 });
      expect(made.predictions).toBe(first.world!.predictions + first.world!.otherCompetitions[0].predictions);
      expect(made.scored).toBeGreaterThan(0);
      // The league's private and public leagues, and the World Cup's private one.
      expect(made.own_leagues).toBe(first.world!.privateAndPublicLeagueIds.length + 1);
      expect(made.own_leagues).toBeGreaterThan(0);
      expect(made.standings).toBeGreaterThanOrEqual(made.members);

      expect(await ops.seedDemo()).toEqual({ seeded: false, demoFans: true });
      expect(await world()).toEqual(made);
    } finally {
      await db.destroy();
    }
  }, SEED_TIMEOUT_MS);

  it('then `npm run ops -- import` brings another competition beside the two, and the same file again changes nothing', async () => {
    const db = await connect(plainUrl);
    try {
      const imports = new SeasonImportService(db, new OutboxService(db));
      const raw: unknown = JSON.parse(readFileSync(join(__dirname, '../../../../shared/data/openfootball/2024-25/uefa.cl.json'), 'utf8'));
      const first = await imports.import(raw);
      expect(first.season).toMatchObject({ league_code: 'uefa.cl', is_active: true });
      expect(first.fixtures.created).toBeGreaterThan(100);
      const before = await one(db, DEMO_COUNTS_SQL);
      expect(before).toMatchObject({ active: 3 });
      const again = await imports.import(raw);
      expect(again.fixtures).toMatchObject({ created: 0, updated: 0 });
      expect(again.results_recorded).toBe(0);
      expect(await one(db, DEMO_COUNTS_SQL)).toEqual(before);
    } finally {
      await db.destroy();
    }
  }, SEED_TIMEOUT_MS);
});
