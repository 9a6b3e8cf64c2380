/**
 * The Socket.IO contract: every server→client event and its payload, defined once and imported
 * by the backend gateway, the workers (who publish) and the frontend (who listens).
 *
 * Rooms: `user:{id}` (one user's sockets), `league:{id}` (members of a league), `matches`
 * (every signed-in socket: live scores are public within the game).
 */
import type { FixtureStatus } from './game/gameweek-status';
import type { PredictionOutcome } from './game/scoring';

export interface FixtureUpdatedPayload {
  fixtureId: number;
  gameweekId: number;
  /** The fixture's season and competition (its code, 'en.1'): every socket gets every match, a screen keeps its competition's. */
  seasonId: number;
  competition: string;
  status: FixtureStatus;
  homeScore: number | null;
  awayScore: number | null;
  minute: number | null;
}

export interface PointsUpdatedPayload {
  fixtureId: number;
  gameweekId: number;
  /** This fixture's points for the user (null before kick-off). */
  points: number | null;
  outcome: PredictionOutcome | null;
  /** True while the match is in play: the points may still change. */
  provisional: boolean;
  gameweekTotal: number;
  seasonTotal: number;
}

/**
 * A league's table moved. A small league's comes after its stored recompute, with the rows that
 * moved; a big league's (1,000 members or more) with each goal, correction, full time or
 * postponement, `truncated` and without rows, since its live table answers from that moment.
 */
export interface LeaderboardUpdatedPayload {
  leagueId: number;
  /** Rows whose rank or points changed (at most 100); none when `truncated`. */
  changed: { userId: number; rank: number; previousRank: number | null; totalPoints: number; recentPoints: number }[];
  /** True when more rows moved than `changed` may hold, or members came or went: clients refetch instead of patching. */
  truncated: boolean;
}

/** New entries in a league's feed (one push per batch): refetch the feed. */
export interface ActivityCreatedPayload {
  leagueId: number;
  /** The newest entry of the batch. */
  activityId: number;
}

export interface RequestCreatedPayload {
  leagueId: number;
  leagueName: string;
  requestId: number;
  userId: number;
  username: string;
  fullName: string;
  message: string;
  createdAt: string;
}

export interface RequestDecidedPayload {
  leagueId: number;
  leagueName: string;
  requestId: number;
  decision: 'approved' | 'rejected';
}

export interface MemberJoinedPayload {
  leagueId: number;
  userId: number;
  username: string;
}

export interface ServerToClientEvents {
  'fixture.updated': (payload: FixtureUpdatedPayload) => void;
  'points.updated': (payload: PointsUpdatedPayload) => void;
  'leaderboard.updated': (payload: LeaderboardUpdatedPayload) => void;
  'activity.created': (payload: ActivityCreatedPayload) => void;
  'request.created': (payload: RequestCreatedPayload) => void;
  'request.decided': (payload: RequestDecidedPayload) => void;
  'member.joined': (payload: MemberJoinedPayload) => void;
}

/** The client sends nothing: rooms follow league membership on the server. */
export type ClientToServerEvents = Record<string, never>;

export type LiveEventName = keyof ServerToClientEvents;
export type LivePayload<N extends LiveEventName> = Parameters<ServerToClientEvents[N]>[0];

type Check = (v: unknown) => boolean;
const int: Check = (v) => Number.isInteger(v);
const intOrNull: Check = (v) => v === null || Number.isInteger(v);
const str: Check = (v) => typeof v === 'string';
const bool: Check = (v) => typeof v === 'boolean';
const oneOf = (...values: unknown[]): Check => (v) => values.includes(v);

const SHAPES: { [N in LiveEventName]: Record<keyof LivePayload<N>, Check> } = {
  'fixture.updated': {
    fixtureId: int,
    gameweekId: int,
    seasonId: int,
    competition: str,
    status: oneOf('scheduled', 'live', 'finished', 'postponed'),
    homeScore: intOrNull,
    awayScore: intOrNull,
    minute: intOrNull,
  },
  'points.updated': {
    fixtureId: int,
    gameweekId: int,
    points: intOrNull,
    outcome: oneOf(null, 'exact', 'correct', 'wrong', 'void'),
    provisional: bool,
    gameweekTotal: int,
    seasonTotal: int,
  },
  'leaderboard.updated': {
    leagueId: int,
    changed: (v) =>
      Array.isArray(v) &&
      v.every((r) => int(r?.userId) && int(r?.rank) && intOrNull(r?.previousRank) && int(r?.totalPoints) && int(r?.recentPoints)),
    truncated: bool,
  },
  'activity.created': { leagueId: int, activityId: int },
  'request.created': { leagueId: int, leagueName: str, requestId: int, userId: int, username: str, fullName: str, message: str, createdAt: str },
  'request.decided': { leagueId: int, leagueName: str, requestId: int, decision: oneOf('approved', 'rejected') },
  'member.joined': { leagueId: int, userId: int, username: str },
};

/** Problems with a payload ([] when it matches its event's shape exactly). */
export function livePayloadProblems(event: string, payload: unknown): string[] {
  const shape = (SHAPES as Record<string, Record<string, Check>>)[event];
  if (!shape) return [`unknown live event "${event}"`];
  if (typeof payload !== 'object' || payload === null) return [`${event}: payload is not an object`];
  const problems: string[] = [];
  for (const [key, check] of Object.entries(shape)) {
    if (!check((payload as Record<string, unknown>)[key])) problems.push(`${event}.${key} is invalid`);
  }
  for (const key of Object.keys(payload)) if (!(key in shape)) problems.push(`${event}.${key} is not part of the event`);
  return problems;
}

export const userRoom = (userId: number): string => `user:${userId}`;
export const leagueRoom = (leagueId: number): string => `league:${leagueId}`;
export const MATCHES_ROOM = 'matches';
