/**
 * The stand-in's answers, pure: the matches endpoint's JSON around a competition's matches, the
 * provider's error bodies, the request budget and its headers. Typed with the schema's own types,
 * so what the stand-in says is what the adapter reads.
 */
import type { FootballDataAnswer, FootballDataError, FootballDataMatch } from '../football-data/football-data.schema';
import { stableId } from './replay-file';
import { inDayWindow, type DayWindow } from './stand-in-controls';

type Competition = NonNullable<FootballDataAnswer['competition']>;
type Area = NonNullable<FootballDataMatch['area']>;
type Season = NonNullable<FootballDataMatch['season']>;

export interface CompetitionInfo {
  competition: Competition;
  area: Area;
}

const WORLD: Area = { id: 2267, name: 'World', code: 'INT', flag: null };
const EUROPE: Area = { id: 2077, name: 'Europe', code: 'EUR', flag: null };

/** football-data's own ids and names of the competitions Scoreline plays. */
const KNOWN: Readonly<Record<string, CompetitionInfo>> = {
  WC: { competition: { id: 2000, name: 'FIFA World Cup', code: 'WC', type: 'CUP', emblem: null }, area: WORLD },
  CL: { competition: { id: 2001, name: 'UEFA Champions League', code: 'CL', type: 'CUP', emblem: null }, area: EUROPE },
  PL: { competition: { id: 2021, name: 'Premier League', code: 'PL', type: 'LEAGUE', emblem: null }, area: { id: 2072, name: 'England', code: 'ENG', flag: null } },
  BL1: { competition: { id: 2002, name: 'Bundesliga', code: 'BL1', type: 'LEAGUE', emblem: null }, area: { id: 2088, name: 'Germany', code: 'DEU', flag: null } },
  PD: { competition: { id: 2014, name: 'Primera Division', code: 'PD', type: 'LEAGUE', emblem: null }, area: { id: 2224, name: 'Spain', code: 'ESP', flag: null } },
  SA: { competition: { id: 2019, name: 'Serie A', code: 'SA', type: 'LEAGUE', emblem: null }, area: { id: 2114, name: 'Italy', code: 'ITA', flag: null } },
  FL1: { competition: { id: 2015, name: 'Ligue 1', code: 'FL1', type: 'LEAGUE', emblem: null }, area: { id: 2081, name: 'France', code: 'FRA', flag: null } },
};

/** The competition and area nodes of a code; a code football-data does not have here gets made-up, stable ones. */
export function competitionInfoOf(code: string): CompetitionInfo {
  return KNOWN[code] ?? { competition: { id: 10_000 + (stableId(`competition|${code}`) % 90_000), name: code, code, type: 'LEAGUE', emblem: null }, area: WORLD };
}

const isPlayed = (m: FootballDataMatch) => m.status === 'FINISHED' || m.status === 'AWARDED';
const isStarted = (m: FootballDataMatch) => m.status !== 'SCHEDULED' && m.status !== 'TIMED' && m.status !== 'POSTPONED' && m.status !== 'CANCELLED';

/** The season node: its first and last days, and the matchday of the latest match started (the first before any). */
export function seasonOf(code: string, matches: readonly FootballDataMatch[]): Season {
  const days = matches.map((m) => m.utcDate.slice(0, 10)).sort();
  const started = matches.filter(isStarted).sort((a, b) => a.utcDate.localeCompare(b.utcDate));
  const matchdays = matches.flatMap((m) => (m.matchday ? [m.matchday] : []));
  const current = started.length > 0 ? (started[started.length - 1].matchday ?? null) : matchdays.length > 0 ? Math.min(...matchdays) : null;
  const startDate = days[0] ?? null;
  return { id: 1000 + (stableId(`season|${code}|${startDate ?? ''}`) % 9000), startDate, endDate: days[days.length - 1] ?? null, currentMatchday: current };
}

/**
 * The answer of GET /competitions/{code}/matches: every match of the competition (each with its
 * area, competition and season), those of the window kept, in kick-off order.
 */
export function matchesAnswer(code: string, all: readonly FootballDataMatch[], window: DayWindow): FootballDataAnswer {
  const { competition, area } = competitionInfoOf(code);
  const season = seasonOf(code, all);
  const matches = all
    .filter((m) => inDayWindow(m.utcDate, window))
    .sort((a, b) => a.utcDate.localeCompare(b.utcDate) || a.id - b.id)
    // A scripted match may bring its own nodes.
    .map(({ area: ownArea, competition: ownCompetition, season: ownSeason, ...m }): FootballDataMatch => ({
      area: ownArea ?? area,
      competition: ownCompetition ?? { ...competition },
      season: ownSeason ?? season,
      ...m,
    }));
  const filters: Record<string, unknown> = { season: season.startDate?.slice(0, 4) ?? null };
  if (window.from !== null) Object.assign(filters, { dateFrom: window.from, dateTo: window.to });
  return {
    filters,
    resultSet: { count: matches.length, first: matches[0]?.utcDate.slice(0, 10) ?? null, last: matches[matches.length - 1]?.utcDate.slice(0, 10) ?? null, played: matches.filter(isPlayed).length },
    competition,
    matches,
  };
}

/** The same answer with a schema breach the adapter must refuse: a score of 150 (or a match without an id when there is none). */
export function breachingAnswer(answer: FootballDataAnswer): unknown {
  const json = JSON.parse(JSON.stringify(answer)) as { matches: Record<string, unknown>[] };
  if (json.matches.length === 0) json.matches.push({ utcDate: '2026-06-11T19:00:00Z' });
  else (json.matches[0].score as { fullTime: { home: unknown } }).fullTime.home = 150;
  return json;
}

export function errorBody(errorCode: number, message: string): FootballDataError {
  return { message, errorCode };
}

export const RATE_LIMIT_MESSAGE = (waitSeconds: number) => `You reached your request limit. Wait ${waitSeconds} seconds.`;
export const BAD_TOKEN_MESSAGE = 'Your API token is invalid.';
export const NOT_FOUND_MESSAGE = 'The resource you are looking for does not exist.';

// ---------------------------------------------------------------------------------------
// The budget: N requests a minute, counted from the window's first request
// ---------------------------------------------------------------------------------------

export interface BudgetState {
  /** Start of the current minute; null before the first request. */
  windowStartMs: number | null;
  used: number;
}

export interface BudgetAnswer {
  allowed: boolean;
  /** X-Requests-Available-Minute. */
  left: number;
  /** X-RequestCounter-Reset: whole seconds until the minute is over. */
  resetSeconds: number;
  state: BudgetState;
}

const WINDOW_MS = 60_000;

/** What the budget says at `nowMs`, before or after spending one request. */
export function budgetAt(state: BudgetState, limit: number, nowMs: number, spend: boolean): BudgetAnswer {
  const fresh = state.windowStartMs === null || nowMs >= state.windowStartMs + WINDOW_MS || nowMs < state.windowStartMs;
  const current: BudgetState = fresh ? { windowStartMs: spend ? nowMs : null, used: 0 } : state;
  const resetSeconds = current.windowStartMs === null ? 60 : Math.max(1, Math.ceil((current.windowStartMs + WINDOW_MS - nowMs) / 1000));
  if (!spend) return { allowed: current.used < limit, left: Math.max(0, limit - current.used), resetSeconds, state: current };
  if (current.used >= limit) return { allowed: false, left: 0, resetSeconds, state: current };
  const next = { windowStartMs: current.windowStartMs, used: current.used + 1 };
  return { allowed: true, left: limit - next.used, resetSeconds, state: next };
}
