import type { APIRequestContext } from '@playwright/test';

/**
 * The football-data.org stand-in of the run (scripts/start.js starts it on E2E_STAND_IN_PORT,
 * playwright.config.ts; the workers' feed polls it), scripted over its control routes
 * (backend/src/feed/stand-in/stand-in.ts): a whole match put into a competition, a match patched.
 */

/** A side as football-data.org v4 writes it. */
export interface StandInTeam {
  id: number;
  name: string;
  shortName: string;
  tla: string;
}

export interface StandInGoals {
  home: number | null;
  away: number | null;
}

/** A v4 match, the fields the feed reads (backend/src/feed/football-data/football-data.schema.ts holds the whole shape). */
export interface StandInMatch {
  id: number;
  utcDate: string;
  status: 'SCHEDULED' | 'TIMED' | 'IN_PLAY' | 'PAUSED' | 'FINISHED' | 'SUSPENDED' | 'POSTPONED' | 'CANCELLED' | 'AWARDED';
  minute: number | null;
  matchday: number | null;
  homeTeam: StandInTeam;
  awayTeam: StandInTeam;
  score: { winner: 'HOME_TEAM' | 'AWAY_TEAM' | 'DRAW' | null; duration: 'REGULAR'; fullTime: StandInGoals; halfTime: StandInGoals };
}

export type StandInPatch = Partial<Omit<StandInMatch, 'id' | 'score'>> & { score?: Partial<StandInMatch['score']> };

function standInUrl(path: string): string {
  const base = process.env.E2E_STAND_IN_URL;
  if (!base) throw new Error('E2E_STAND_IN_URL is not set (playwright.config.ts sets it)');
  return `${base}/__stand-in/${path}`;
}

async function send(request: APIRequestContext, method: 'post' | 'patch', path: string, data: unknown): Promise<void> {
  const res = await request[method](standInUrl(path), { data });
  if (!res.ok()) throw new Error(`stand-in ${method.toUpperCase()} ${path} → ${res.status()}: ${await res.text()}`);
}

/** An instant as the provider writes it: "2026-12-01T19:30:00Z". */
export function providerInstant(at: Date | string | number): string {
  return new Date(at).toISOString().replace('.000Z', 'Z');
}

/** A match not started yet, in the provider's words. */
export function scheduledMatch(m: { id: number; utcDate: string; matchday: number; home: StandInTeam; away: StandInTeam }): StandInMatch {
  return {
    id: m.id,
    utcDate: m.utcDate,
    status: 'TIMED',
    minute: null,
    matchday: m.matchday,
    homeTeam: m.home,
    awayTeam: m.away,
    score: { winner: null, duration: 'REGULAR', fullTime: { home: null, away: null }, halfTime: { home: null, away: null } },
  };
}

/** Serves `match` in the provider's competition `code` ("BL1"), in place of any match of that id. */
export function putStandInMatch(request: APIRequestContext, code: string, match: StandInMatch): Promise<void> {
  return send(request, 'post', `matches/${code}`, match);
}

/** Changes some fields of a served match (nested objects merge). */
export function patchStandInMatch(request: APIRequestContext, id: number, patch: StandInPatch): Promise<void> {
  return send(request, 'patch', `matches/${id}`, patch);
}
