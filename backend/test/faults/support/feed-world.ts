import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { outageLog } from '@scoreline/backend/platform/common/outage';
import { ensureDatabaseExists, migrateAndSeed } from '@scoreline/backend/platform/database/migrate';
import { PostgresClient } from '@scoreline/backend/platform/database/postgres-client';
import { defaultPollerOptions } from '@scoreline/backend/feed/feed-poller';
import { DEFAULT_FOOTBALL_DATA_TIMEOUT_MS, FootballDataProvider } from '@scoreline/backend/feed/football-data/football-data.provider';
import type { ProviderMatch } from '@scoreline/backend/feed/provider';
import { planReplay, type PlannedFixture } from '@scoreline/backend/feed/stand-in/replay';
import { readReplayFile } from '@scoreline/backend/feed/stand-in/replay-file';
import { startFootballDataStandIn, type FootballDataStandIn } from '@scoreline/backend/feed/stand-in/stand-in';
import { OutboxService } from '@scoreline/backend/platform/outbox/outbox.service';
import { prepareTournamentImport, writeTournamentImport } from '@scoreline/backend/season-import/import-tournament';
import { roundsOf } from '@scoreline/backend/season-import/tournament-json';
import { updateSeasonShift } from '@scoreline/backend/seasons/seasons.queries';
import { AppProcess, startAppProcess } from '../../support/processes';
import { freePort, killOwned, ownChild, pollUntil } from '../../support/owned-processes';
import { PrivateRedis } from '../../support/private-redis';
import { PrivatePostgres } from './private-postgres';

/*
 * The world of the results feed's fault suite (issue 35 §4): a private PostgreSQL and Redis, the
 * real World Cup 2026 imported from its 28 June snapshot and moved in time the way the demo moves
 * it (every kick-off by one whole-hour shift, kept in seasons.shift_ms), fans with predictions on
 * the Round of 32, the football-data stand-in replaying the tournament's FINAL file with the same
 * shift on a clock this process sets, and worker processes of the real build polling it.
 */

const quiet = { warn: () => undefined };
outageLog('PostgreSQL', quiet);
outageLog('Redis', quiet);

const ROOT = join(__dirname, '..', '..', '..', '..');
const DATA = join(ROOT, 'backend', 'data', 'openfootball', '2026');
export const SNAPSHOT_FILE = join(DATA, 'worldcup-2026-06-28.json');
export const FINAL_FILE = join(DATA, 'worldcup.json');
const SQUADS_FILE = join(DATA, 'worldcup.squads.json');
const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
const QUEUE_PREFIX = 'feedfaults';

/** The feed's settings in this suite: 10 polls a second, idle competitions every 10 s, a 4 s back-off cap. */
export const FEED_ENV = {
  FEED_REQUESTS_PER_MINUTE: '600',
  FEED_IDLE_POLL_SECONDS: '10',
  FEED_MAX_BACKOFF_SECONDS: '4',
};
/** What the workers' poller runs with (its lease, its tick, the back-off cap from FEED_ENV), as they compute it. */
export const POLLER = defaultPollerOptions({
  queuePrefix: QUEUE_PREFIX,
  requestsPerMinute: Number(FEED_ENV.FEED_REQUESTS_PER_MINUTE),
  idlePollSeconds: Number(FEED_ENV.FEED_IDLE_POLL_SECONDS),
  maxBackoffSeconds: Number(FEED_ENV.FEED_MAX_BACKOFF_SECONDS),
});
/** The adapter gives a call up after this (not settable). */
export const PROVIDER_TIMEOUT_MS = DEFAULT_FOOTBALL_DATA_TIMEOUT_MS;

interface FileRow {
  round: string;
  date: string;
  team1: string;
  team2: string;
}

/** A match of the replay with our fixture of it. */
export interface PlayedMatch {
  fixtureId: number;
  label: string;
  replay: PlannedFixture;
}

/** What our fixture holds of a provider state (the operator's model: status, score, minute, extra time, shoot-out). */
export interface HeldState {
  status: 'scheduled' | 'live' | 'finished';
  home: number | null;
  away: number | null;
  minute: number | null;
  etHome: number | null;
  etAway: number | null;
  penHome: number | null;
  penAway: number | null;
}

export const SCHEDULED: HeldState = { status: 'scheduled', home: null, away: null, minute: null, etHome: null, etAway: null, penHome: null, penAway: null };

/**
 * A provider state as our fixture can hold it: in play or at a break, the 90 minutes' score, the
 * minute and the whole match after extra time (a shoot-out's running score is not held while it
 * is being taken); finished, the score, extra time and the shoot-out. Two provider states that
 * hold the same are one state (a poll of either changes nothing).
 */
export function heldStateOf(m: ProviderMatch, before: HeldState): HeldState {
  switch (m.status) {
    case 'scheduled':
      return before;
    case 'live':
    case 'paused':
      return {
        status: 'live',
        home: m.regularTime?.home ?? before.home ?? 0,
        away: m.regularTime?.away ?? before.away ?? 0,
        minute: m.minute ?? before.minute,
        etHome: m.extraTime?.home ?? null,
        etAway: m.extraTime?.away ?? null,
        penHome: null,
        penAway: null,
      };
    case 'finished':
      return {
        status: 'finished',
        home: m.regularTime!.home,
        away: m.regularTime!.away,
        minute: null,
        etHome: m.extraTime?.home ?? null,
        etAway: m.extraTime?.away ?? null,
        penHome: m.penalties?.home ?? null,
        penAway: m.penalties?.away ?? null,
      };
    default:
      throw new Error(`the replay showed ${m.status}: not expected on these match days`);
  }
}

export const sameHeld = (a: HeldState, b: HeldState) => JSON.stringify(a) === JSON.stringify(b);

export const describeHeld = (s: HeldState) =>
  s.status === 'scheduled'
    ? 'scheduled'
    : `${s.status} ${s.home}–${s.away}${s.minute !== null ? ` ${s.minute}'` : ''}${s.etHome !== null ? ` aet ${s.etHome}–${s.etAway}` : ''}${s.penHome !== null ? ` pens ${s.penHome}–${s.penAway}` : ''}`;

/** One provider request of the feed, as the stand-in logged it (when it finished, or was given up on). */
export interface FeedRequest {
  at: number;
  /** "200", "500", "no answer (down)"… */
  outcome: string;
}

export class FeedWorld {
  db!: DataSource;
  standIn!: FootballDataStandIn;
  /** Added to every kick-off of the files (whole hours), as seasons.shift_ms holds it. */
  shiftMs = 0;
  seasonId = 0;
  /** Fans with predictions on the Round of 32. */
  fans = 0;
  predictions = 0;
  /** The outbox's last id before the feed ran: result.recorded events after it are the feed's. */
  eventsFrom = 0;
  readonly workers: AppProcess[] = [];
  /** The feed's requests only (this process's own reads are left out). */
  readonly feedRequests: FeedRequest[] = [];
  private plan!: ReturnType<typeof planReplay>;
  private fixtureIds = new Map<string, number>();
  private clockMs = 0;
  private readonly ownPaths = new Set<string>();
  private reader!: FootballDataProvider;
  private redisClient: Redis | null = null;
  private env: Record<string, string> = {};
  private dataDir = '';

  private constructor(
    readonly pg: PrivatePostgres,
    readonly redis: PrivateRedis,
  ) {}

  static async start(opts: { workers: number; fans: number }): Promise<FeedWorld> {
    const [pg, redis] = await Promise.all([PrivatePostgres.start(), PrivateRedis.start()]);
    const world = new FeedWorld(pg, redis);
    try {
      await world.setUp(opts);
      return world;
    } catch (error) {
      await world.stop();
      throw error;
    }
  }

  private async setUp(opts: { workers: number; fans: number }): Promise<void> {
    const databaseUrl = this.pg.url('scoreline_feed_faults');
    await ensureDatabaseExists(databaseUrl);
    await migrateAndSeed(databaseUrl);
    this.db = new DataSource({ type: 'postgres', url: databaseUrl, extra: { max: 4, Client: PostgresClient }, poolErrorHandler: () => undefined });
    await this.db.initialize();
    this.redisClient = new Redis(this.redis.url, { maxRetriesPerRequest: 1 });

    await this.importWorldCup();
    await this.seedFans(opts.fans);
    const [{ last }]: { last: string }[] = await this.db.query(`SELECT coalesce(max(id), 0)::text AS last FROM outbox_events`);
    this.eventsFrom = Number(last);

    // The provider: the final file with the same shift, its clock set by this process (frozen between steps).
    this.clockMs = this.firstKickoffOf('2026-06-29') - 5 * MINUTE_MS;
    this.standIn = await startFootballDataStandIn({
      requestsPerMinute: 100_000,
      now: () => this.clockMs,
      log: (line) => this.logged(line),
    });
    this.standIn.replay('WC', FINAL_FILE, { shiftMs: this.shiftMs, speed: 1, squadsFile: SQUADS_FILE });
    this.reader = new FootballDataProvider({ baseUrl: this.standIn.url, token: '', timeoutMs: 5_000 });

    this.dataDir = mkdtempSync(join(tmpdir(), 'scoreline-feed-faults-data-'));
    this.env = {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: this.redis.url,
      SMTP_URL: '',
      JWT_SECRET: 'feed-faults-secret-0123456789',
      APP_URL: 'http://127.0.0.1:9',
      ADMIN_EMAILS: '',
      QUEUE_PREFIX,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NOTIFICATION_SCHEDULER: 'false',
      DATA_DIR: this.dataDir,
      FEED_ENABLED: 'true',
      FOOTBALL_DATA_TOKEN: '',
      FOOTBALL_DATA_BASE_URL: this.standIn.url,
      FOOTBALL_DATA_COMPETITIONS: 'fifa.wc=WC',
      ...FEED_ENV,
    };
    await Promise.all(Array.from({ length: opts.workers }, () => this.startWorker()));
  }

  /**
   * The 28 June snapshot through the tournament import (as the demo seeds it: demo-seed.ts), every
   * kick-off moved by whole hours so that 29 June's last kick-off (01:00 UTC on the 30th) lies
   * 20–80 minutes before now: its matches are "late to start" for the feed (polled at every turn)
   * while their scores are still to come. The snapshot has no result from 29 June on, so none is hidden.
   */
  private async importWorldCup(): Promise<void> {
    const raw = JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as unknown;
    const prepared = prepareTournamentImport(raw, { squads: JSON.parse(readFileSync(SQUADS_FILE, 'utf8')) as unknown });
    if (!prepared.ok) throw new Error(`the World Cup snapshot: ${prepared.message}`);
    const lastOfDay = Math.max(...this.kickoffsOfDay(prepared.plan.tournament.matches, '2026-06-29'));
    this.shiftMs = Math.floor((Date.now() - 20 * MINUTE_MS - lastOfDay) / HOUR_MS) * HOUR_MS;
    const now = new Date();
    const matches = prepared.plan.tournament.matches.map((m) => {
      const kickoffAt = new Date(m.kickoffAt.getTime() + this.shiftMs);
      if (m.status === 'finished' && kickoffAt.getTime() > now.getTime()) throw new Error(`the snapshot's result of ${m.externalKey} would lie ahead`);
      return { ...m, kickoffAt };
    });
    const tournament = { ...prepared.plan.tournament, rounds: roundsOf(matches), matches };
    const outbox = new OutboxService(this.db);
    this.seasonId = await this.db.transaction(async (tx) => {
      const result = await writeTournamentImport(tx, { ...prepared.plan, tournament }, { now, activate: true }, outbox);
      await updateSeasonShift(tx, result.season.id, this.shiftMs);
      return result.season.id;
    });
    const rows: { id: number; home: string; away: string }[] = await this.db.query(
      `SELECT f.id, h.name AS home, a.name AS away FROM fixtures f JOIN clubs h ON h.id = f.home_club_id JOIN clubs a ON a.id = f.away_club_id
       WHERE f.season_id = $1`,
      [this.seasonId],
    );
    for (const r of rows) this.fixtureIds.set(`${r.home}|${r.away}`, r.id);

    const reading = readReplayFile(JSON.parse(readFileSync(FINAL_FILE, 'utf8')), {
      code: 'WC',
      shiftMs: this.shiftMs,
      squads: JSON.parse(readFileSync(SQUADS_FILE, 'utf8')) as unknown,
    });
    if (!reading.ok) throw new Error(`the final file: ${reading.errors.join('; ')}`);
    this.plan = planReplay(reading.fixtures);
  }

  /** The Round of 32's kick-offs of one day as the file dates it (local dates: 29 June runs to 01:00 UTC on the 30th). */
  private kickoffsOfDay(matches: readonly { round: string; home: { name: string }; away: { name: string }; kickoffAt: Date }[], date: string): number[] {
    const day = this.rowsOfDay(date).map((r) => `${r.team1}|${r.team2}`);
    return matches.filter((m) => day.includes(`${m.home.name}|${m.away.name}`)).map((m) => m.kickoffAt.getTime());
  }

  private rowsOfDay(date: string): FileRow[] {
    const raw = JSON.parse(readFileSync(FINAL_FILE, 'utf8')) as { matches: FileRow[] };
    return raw.matches.filter((r) => r.round === 'Round of 32' && r.date === date);
  }

  /** The Round of 32's matches of a day (the file's date), in kick-off order, with our fixture of each. */
  matchesOfDay(date: string): PlayedMatch[] {
    return this.rowsOfDay(date)
      .map((r) => {
        const replay = this.plan.fixtures.find((f) => f.home?.name === r.team1 && f.away?.name === r.team2);
        const fixtureId = this.fixtureIds.get(`${r.team1}|${r.team2}`);
        if (!replay || fixtureId === undefined) throw new Error(`${r.team1} v ${r.team2}: not in the replay or not imported`);
        return { fixtureId, label: `${r.team1} v ${r.team2}`, replay };
      })
      .sort((a, b) => a.replay.kickoffMs - b.replay.kickoffMs);
  }

  private firstKickoffOf(date: string): number {
    return Math.min(...this.matchesOfDay(date).map((m) => m.replay.kickoffMs));
  }

  /**
   * Fans in SQL, as the fault dataset makes them: each predicts every Round of 32 match (a banker
   * each, a "who goes through" pick on two matches in three), in the competition's global league
   * and one of five private ones; totals and standings as the app keeps them before any score.
   */
  private async seedFans(count: number): Promise<void> {
    const code = 'fifa.wc';
    const [{ id: roundId }]: { id: number }[] = await this.db.query(`SELECT id FROM gameweeks WHERE season_id = $1 AND name = 'Round of 32'`, [this.seasonId]);
    await this.db.query(
      `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at, onboarding_completed_at)
       SELECT 'feedfan' || i, 'feedfan' || i || '@faults.test', 'Fan', 'No' || i, 'not-a-password-hash', now(), now()
       FROM generate_series(1, $1::int) i`,
      [count],
    );
    await this.db.query(`INSERT INTO leagues (name, type, competition_code) VALUES ('Global', 'global', $1) ON CONFLICT DO NOTHING`, [code]);
    await this.db.query(
      `WITH fan AS (SELECT id, row_number() OVER (ORDER BY id)::int AS r FROM users WHERE email LIKE 'feedfan%@faults.test')
       INSERT INTO leagues (name, type, competition_code, code, max_members, owner_id)
       SELECT 'Feed private ' || k, 'private', $1, 'FF' || lpad(k::text, 6, '0'), 1000, (SELECT min(id) FROM fan WHERE r % 5 = k)
       FROM generate_series(0, 4) k`,
      [code],
    );
    await this.db.query(
      `WITH fan AS (SELECT id, row_number() OVER (ORDER BY id)::int AS r FROM users WHERE email LIKE 'feedfan%@faults.test')
       INSERT INTO league_members (league_id, user_id, role)
       SELECT l.id, fan.id, CASE WHEN l.owner_id = fan.id THEN 'owner' ELSE 'member' END
       FROM fan JOIN leagues l ON l.competition_code = $1 AND (l.type = 'global' OR (l.type = 'private' AND l.code = 'FF' || lpad((fan.r % 5)::text, 6, '0')))`,
      [code],
    );
    await this.db.query(
      `WITH rf AS (SELECT f.id, row_number() OVER (ORDER BY f.kickoff_at, f.id)::int AS k, count(*) OVER ()::int AS n
                   FROM fixtures f WHERE f.gameweek_id = $1 AND f.status = 'scheduled')
       INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker, advance)
       SELECT u.id, rf.id, $1, $2, (u.id * 7 + rf.id * 3) % 4, (u.id * 5 + rf.id * 11) % 3,
              rf.k = 1 + u.id % rf.n,
              CASE (u.id + rf.id) % 3 WHEN 0 THEN 'home' WHEN 1 THEN 'away' END
       FROM users u CROSS JOIN rf WHERE u.email LIKE 'feedfan%@faults.test'`,
      [roundId, this.seasonId],
    );
    const aggregates = `coalesce(sum(points), 0), count(*),
            count(*) FILTER (WHERE outcome IN ('exact', 'correct', 'wrong')),
            count(*) FILTER (WHERE outcome IN ('exact', 'correct')),
            count(*) FILTER (WHERE outcome = 'exact'),
            count(*) FILTER (WHERE outcome IN ('exact', 'correct', 'wrong') AND NOT is_final)`;
    await this.db.query(
      `INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, points, predictions, scored, correct, exact, live_scored)
       SELECT user_id, gameweek_id, season_id, ${aggregates} FROM predictions WHERE season_id = $1 GROUP BY 1, 2, 3`,
      [this.seasonId],
    );
    await this.db.query(
      `INSERT INTO user_season_totals (user_id, season_id, points, predictions, scored, correct, exact, live_scored)
       SELECT user_id, season_id, ${aggregates} FROM predictions WHERE season_id = $1 GROUP BY 1, 2`,
      [this.seasonId],
    );
    await this.db.query(
      `INSERT INTO league_standings (league_id, user_id, total_points, exact, correct, recent_points, provisional)
       SELECT m.league_id, m.user_id, 0, 0, 0, 0, false FROM league_members m JOIN leagues l ON l.id = m.league_id WHERE l.competition_code = $1`,
      [code],
    );
    await this.db.query(
      `INSERT INTO league_key_counts (league_id, points, exact, correct, n)
       SELECT s.league_id, s.total_points, s.exact, s.correct, count(*)::int FROM league_standings s JOIN leagues l ON l.id = s.league_id
       WHERE l.competition_code = $1 GROUP BY 1, 2, 3, 4`,
      [code],
    );
    const [{ n }]: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM predictions WHERE season_id = $1`, [this.seasonId]);
    this.fans = count;
    this.predictions = n;
    await this.db.query('ANALYZE');
  }

  // -------------------------------------------------------------------------------------
  // The provider's clock and what it shows
  // -------------------------------------------------------------------------------------

  /** The stand-in's clock (the match days' time, shifted): it stays where it is put. */
  get clock(): number {
    return this.clockMs;
  }

  setClock(ms: number): void {
    if (ms < this.clockMs) throw new Error('the stand-in clock only goes forward');
    this.clockMs = ms;
  }

  /** The provider's matches now, read as the feed reads them (the adapter), but through a window of this process's own. */
  async showing(): Promise<Map<number, ProviderMatch>> {
    const window = { from: new Date(Date.now() - 24 * HOUR_MS), to: new Date(Date.now() + 2 * 24 * HOUR_MS) };
    const url = new URL(this.reader.matchesUrl('WC', window));
    this.ownPaths.add(url.pathname + url.search);
    const answer = await this.reader.matches('WC', window);
    return new Map(answer.matches.map((m) => [m.id, m]));
  }

  private logged(line: string): void {
    // "GET /v4/competitions/WC/matches?… 200", or "… no answer (down)" when a held request is given up.
    const m = /^GET (\/v4\/competitions\/WC\/matches\?\S+) (.+)$/.exec(line);
    if (!m || this.ownPaths.has(m[1])) return;
    this.feedRequests.push({ at: Date.now(), outcome: m[2] });
  }

  // -------------------------------------------------------------------------------------
  // Our side
  // -------------------------------------------------------------------------------------

  async heldState(fixtureId: number): Promise<HeldState> {
    const [r]: {
      status: HeldState['status'];
      home_score: number | null;
      away_score: number | null;
      minute: number | null;
      et_home: number | null;
      et_away: number | null;
      pen_home: number | null;
      pen_away: number | null;
    }[] = await this.db.query(`SELECT status, home_score, away_score, minute, et_home, et_away, pen_home, pen_away FROM fixtures WHERE id = $1`, [fixtureId]);
    return {
      status: r.status,
      home: r.home_score,
      away: r.away_score,
      minute: r.minute,
      etHome: r.et_home,
      etAway: r.et_away,
      penHome: r.pen_home,
      penAway: r.pen_away,
    };
  }

  /** The feed's result.recorded events (after the set-up), in order, with when each was committed. */
  async resultEvents(): Promise<{ id: number; fixtureId: number; status: string; home: number | null; away: number | null; minute: number | null; at: Date }[]> {
    return this.db.query(
      `SELECT id::int, (payload->>'fixtureId')::int AS "fixtureId", payload->>'status' AS status, (payload->>'homeScore')::int AS home,
              (payload->>'awayScore')::int AS away, (payload->>'minute')::int AS minute, created_at AS at
       FROM outbox_events WHERE name = 'result.recorded' AND id > $1 ORDER BY id`,
      [this.eventsFrom],
    );
  }

  // -------------------------------------------------------------------------------------
  // The worker processes
  // -------------------------------------------------------------------------------------

  async startWorker(): Promise<AppProcess> {
    const healthPort = await freePort();
    const worker = startAppProcess('workers', { ...this.env, HEALTH_PORT: String(healthPort) });
    ownChild(worker.child, 'feed worker');
    this.workers.push(worker);
    // pollUntil takes a failed check for "not yet": an exit is told by the output on the way out.
    await pollUntil('worker health', 90_000, async () => {
      if (worker.child.exitCode !== null) return false;
      const res = await fetch(`http://127.0.0.1:${healthPort}/health`);
      return res.ok ? true : undefined;
    }, 200).then(
      (healthy) => {
        if (!healthy) throw new Error(`a worker exited at start:\n${worker.output.join('')}`);
      },
      (error: Error) => {
        throw new Error(`${error.message}:\n${worker.output.join('')}`);
      },
    );
    return worker;
  }

  get liveWorkers(): AppProcess[] {
    return this.workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
  }

  /** The PID in the lease's token ("<pid>-<random>"), null while nobody holds it. */
  async leaseHolderPid(): Promise<number | null> {
    const token = await this.redisClient!.get(POLLER.leaseKey);
    return token === null ? null : Number(token.split('-')[0]);
  }

  /** SIGKILL by PID: no shutdown hook runs, the lease is not given up, it lapses. */
  async kill(worker: AppProcess): Promise<void> {
    if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
    const exited = new Promise((r) => worker.child.once('exit', r));
    process.kill(worker.child.pid!, 'SIGKILL');
    await exited;
  }

  /** What the workers printed (for a failure's message). */
  output(): string {
    return this.workers.map((w, i) => `--- worker ${i} (pid ${w.child.pid}) ---\n${w.output.join('').slice(-4000)}`).join('\n');
  }

  /** Stop everything this world started, by PID, whatever state it is in. */
  async stop(): Promise<void> {
    // AppProcess.stop waits for an exit: one already SIGKILLed has had its own.
    await Promise.all(this.liveWorkers.map((w) => w.stop().catch(() => undefined)));
    await this.standIn?.stop().catch(() => undefined);
    this.redisClient?.disconnect();
    await this.db?.destroy().catch(() => undefined);
    await this.redis.stop();
    await this.pg.destroy();
    killOwned();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
