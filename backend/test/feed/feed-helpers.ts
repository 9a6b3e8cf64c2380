import type { FootballDataMatch, FootballDataStatus } from '@scoreline/backend/feed/football-data/football-data.schema';
import { ensureCompetition } from '../support/competitions';
import type { TestSystem } from '../support/test-system';

/** Helpers of the results feed's suites: matches as football-data v4 writes them, and seasons written in SQL. */

export interface V4Side {
  id: number | null;
  name: string | null;
  tla?: string | null;
}

export const UNKNOWN_SIDE: V4Side = { id: null, name: null, tla: null };

type Pair = [number, number];

export interface V4MatchInput {
  id: number;
  at: Date;
  status: FootballDataStatus;
  home: V4Side;
  away: V4Side;
  minute?: number | null;
  /** The running score (REGULAR); the 90 minutes' score once extra time started. */
  score?: Pair | null;
  halfTime?: Pair | null;
  duration?: 'REGULAR' | 'EXTRA_TIME' | 'PENALTY_SHOOTOUT';
  /** Only the goals of extra time. */
  extraTime?: Pair | null;
  penalties?: Pair | null;
  stage?: string;
  matchday?: number | null;
}

const pair = (p: Pair | null | undefined) => ({ home: p?.[0] ?? null, away: p?.[1] ?? null });
const team = (s: V4Side) => ({ id: s.id, name: s.name, shortName: s.name, tla: s.tla ?? null, crest: null });

/** A match as football-data v4 answers it: past 90 minutes `fullTime` is the sum of the parts, `regularTime` the 90 minutes. */
export function v4Match(m: V4MatchInput): FootballDataMatch {
  const duration = m.duration ?? 'REGULAR';
  const parts = [m.score, m.extraTime, m.penalties].filter((p): p is Pair => p != null);
  const fullTime: Pair | null = m.score == null ? null : [parts.reduce((n, p) => n + p[0], 0), parts.reduce((n, p) => n + p[1], 0)];
  return {
    id: m.id,
    utcDate: m.at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    status: m.status,
    minute: m.minute ?? null,
    injuryTime: null,
    matchday: m.matchday ?? null,
    stage: m.stage ?? 'LAST_16',
    group: null,
    lastUpdated: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    homeTeam: team(m.home),
    awayTeam: team(m.away),
    score: {
      winner: null,
      duration,
      fullTime: pair(fullTime),
      halfTime: pair(m.halfTime),
      ...(duration === 'REGULAR' ? {} : { regularTime: pair(m.score), extraTime: pair(m.extraTime) }),
      ...(duration === 'PENALTY_SHOOTOUT' ? { penalties: pair(m.penalties) } : {}),
    },
  };
}

export interface SeasonFixtureInput {
  key: string;
  /** A club id, or a placeholder ("W1"). */
  home: number | string;
  away: number | string;
  at: Date;
  /** A result already played (finished). */
  score?: [number, number];
}

export interface SeasonRoundInput {
  name: string | null;
  kind: 'league' | 'group' | 'knockout';
  fixtures: SeasonFixtureInput[];
}

/**
 * An active season, written in SQL (a tournament's round with placeholders cannot be imported as
 * the active season through the admin API): its rounds' ids in order, its fixtures' ids by key.
 */
export async function insertActiveSeason(
  sys: TestSystem,
  s: { code: string; name: string; rounds: SeasonRoundInput[] },
): Promise<{ seasonId: number; gameweekIds: number[]; fixtures: Record<string, number> }> {
  await ensureCompetition(sys.db, s.code, s.name);
  const [{ id: seasonId }]: { id: number }[] = await sys.db.query(
    `INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, '2099', $2, true) RETURNING id`,
    [s.name, s.code],
  );
  const gameweekIds: number[] = [];
  const fixtures: Record<string, number> = {};
  for (const [i, round] of s.rounds.entries()) {
    const times = round.fixtures.map((f) => f.at.getTime());
    const [{ id: gameweekId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, name, kind, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [seasonId, i + 1, round.name, round.kind, new Date(Math.min(...times)), new Date(Math.max(...times))],
    );
    gameweekIds.push(gameweekId);
    for (const f of round.fixtures) {
      const [{ id }]: { id: number }[] = await sys.db.query(
        `INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, home_placeholder, away_placeholder, kickoff_at,
                               status, home_score, away_score)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          seasonId,
          gameweekId,
          f.key,
          typeof f.home === 'number' ? f.home : null,
          typeof f.away === 'number' ? f.away : null,
          typeof f.home === 'string' ? f.home : null,
          typeof f.away === 'string' ? f.away : null,
          f.at,
          f.score ? 'finished' : 'scheduled',
          f.score?.[0] ?? null,
          f.score?.[1] ?? null,
        ],
      );
      fixtures[f.key] = id;
    }
  }
  return { seasonId, gameweekIds, fixtures };
}

/** Clubs (or national teams) of the given names, created; their ids in order. */
export async function insertTeams(sys: TestSystem, names: string[], kind: 'club' | 'national'): Promise<number[]> {
  const rows: { id: number; name: string }[] = await sys.db.query(
    `INSERT INTO clubs (name, short_name, kind) SELECT n, left(n, 40), $2 FROM unnest($1::text[]) AS n RETURNING id, name`,
    [names, kind],
  );
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  return names.map((n) => byName.get(n)!);
}

/** A kick-off on a whole minute, `minutes` from now. */
export function kickoffIn(minutes: number): Date {
  return new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutes * 60_000);
}

/** Provider ids of this run: teams and matches of earlier runs on the same database never collide. */
export function providerIdBase(): number {
  return 100_000 + Math.floor(Math.random() * 1_000_000) * 100;
}

/** The value of one series of a Prometheus text ("name{a="x",b="y"} 3"), 0 when absent. */
export function metricValue(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}'));
    const found = Object.fromEntries([...inside.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(line.slice(line.lastIndexOf('}') + 1).trim());
  }
  return 0;
}
