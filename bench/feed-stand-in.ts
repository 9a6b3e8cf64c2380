import { performance } from 'node:perf_hooks';
import type { FootballDataMatch } from '@scoreline/backend/feed/football-data/football-data.schema';
import { startFootballDataStandIn, type FootballDataStandIn } from '@scoreline/backend/feed/stand-in/stand-in';

/**
 * The feed case's provider (issue 35 §4): the football-data.org stand-in, started in the bench
 * process before the apps, since the workers read FOOTBALL_DATA_BASE_URL and FEED_* once, when
 * their modules load. Every answer it gives is noted with its time, so the case can tell which
 * poll carried a goal.
 */

/** Epoch milliseconds with a fraction, monotonic within the run: comparable with the database's clock on this machine. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/** What the feed case runs with (BENCH_FEED_*). */
export interface FeedBenchSettings {
  /** BENCH_FEED_MINUTES: how long the Saturday's goals go on (default 10). */
  minutes: number;
  /** BENCH_FEED_GOAL_SECONDS: a goal somewhere every this many seconds (default 20). */
  goalSeconds: number;
  /** BENCH_FEED_REQUESTS_PER_MINUTE: the provider's budget, the app's FEED_REQUESTS_PER_MINUTE (default 10, the free tier's: a poll every 6 s). */
  requestsPerMinute: number;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number | string {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : `${name} must be a whole number ${min}..${max}, got ${raw}`;
}

/** The settings, or the first bad one said in a line. */
export function feedBenchSettings(env: NodeJS.ProcessEnv): { ok: true; settings: FeedBenchSettings } | { ok: false; problem: string } {
  const minutes = wholeNumber(env, 'BENCH_FEED_MINUTES', 10, 1, 120);
  const goalSeconds = wholeNumber(env, 'BENCH_FEED_GOAL_SECONDS', 20, 5, 600);
  const requestsPerMinute = wholeNumber(env, 'BENCH_FEED_REQUESTS_PER_MINUTE', 10, 1, 1000);
  for (const v of [minutes, goalSeconds, requestsPerMinute]) if (typeof v === 'string') return { ok: false, problem: v };
  return { ok: true, settings: { minutes: minutes as number, goalSeconds: goalSeconds as number, requestsPerMinute: requestsPerMinute as number } };
}

/** The app's poll interval at that budget, as FeedPoller spaces its requests (feed-schedule.ts nextRequestAt). */
export const pollIntervalMs = (requestsPerMinute: number): number => Math.ceil(60_000 / requestsPerMinute);

/** One answer of the stand-in to a provider request. */
export interface StandInAnswer {
  /** epochNow() when it was sent. */
  at: number;
  status: number;
}

export interface BenchFeed {
  standIn: FootballDataStandIn;
  settings: FeedBenchSettings;
  /** Every provider answer so far, in order. */
  answers: StandInAnswer[];
  /** The apps' environment for this stand-in. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** "GET /v4/competitions/PL/matches?… 200": a provider request's log line (the control routes are under /__stand-in/). */
const PROVIDER_LINE = /^GET \/v4\/\S+ (\d{3})$/;

/** The stand-in on a free port of 127.0.0.1, its budget the app's; the feed on in the apps against it. */
export async function startBenchFeed(settings: FeedBenchSettings): Promise<BenchFeed> {
  const answers: StandInAnswer[] = [];
  const standIn = await startFootballDataStandIn({
    port: 0,
    requestsPerMinute: settings.requestsPerMinute,
    log: (line) => {
      const m = PROVIDER_LINE.exec(line);
      if (m) answers.push({ at: epochNow(), status: Number(m[1]) });
      else if (!line.startsWith('GET ') && !line.startsWith('PATCH ') && !line.startsWith('POST ')) process.stderr.write(`[bench] stand-in: ${line}\n`);
    },
  });
  return {
    standIn,
    settings,
    answers,
    env: {
      FEED_ENABLED: 'true',
      FOOTBALL_DATA_BASE_URL: standIn.url,
      FEED_REQUESTS_PER_MINUTE: String(settings.requestsPerMinute),
    },
    stop: () => standIn.stop(),
  };
}

/** A club as the season stores it: the provider names it the same way. */
export interface StoredClub {
  id: number;
  name: string;
  short_name: string | null;
}

/** Provider ids of the bench's scripted teams and matches: far from any real one. */
export const PROVIDER_TEAM_ID_BASE = 900_000;
export const PROVIDER_MATCH_ID_BASE = 800_000;

/** A Premier League match in play, 0–0 at minute 1, between two clubs named as we store them (football-data v4's shape). */
export function inPlayMatch(index: number, kickoffAt: Date, home: StoredClub, away: StoredClub): FootballDataMatch {
  const team = (c: StoredClub) => ({ id: PROVIDER_TEAM_ID_BASE + c.id, name: c.name, shortName: c.short_name, tla: null, crest: null });
  return {
    competition: { id: 2021, name: 'Premier League', code: 'PL', type: 'LEAGUE', emblem: null },
    id: PROVIDER_MATCH_ID_BASE + index,
    utcDate: kickoffAt.toISOString(),
    status: 'IN_PLAY',
    minute: 1,
    injuryTime: null,
    matchday: 1,
    stage: 'REGULAR_SEASON',
    group: null,
    lastUpdated: null,
    homeTeam: team(home),
    awayTeam: team(away),
    score: { winner: null, duration: 'REGULAR', fullTime: { home: 0, away: 0 }, halfTime: { home: null, away: null } },
  };
}

/** The last answer sent at or before `at` (the poll that carried what was stored after it), or null. */
export function lastAnswerBefore(answers: readonly StandInAnswer[], at: number): StandInAnswer | null {
  let found: StandInAnswer | null = null;
  for (const a of answers) {
    if (a.at > at) break;
    if (a.status === 200) found = a;
  }
  return found;
}

/** The median time between good answers from `from` on (ms), or null with fewer than two. */
export function medianPollGap(answers: readonly StandInAnswer[], from: number): number | null {
  const times = answers.filter((a) => a.at >= from && a.status === 200).map((a) => a.at);
  const gaps = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
  return gaps.length === 0 ? null : gaps[Math.floor((gaps.length - 1) / 2)];
}
