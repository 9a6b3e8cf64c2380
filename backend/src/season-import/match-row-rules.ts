/**
 * The rules one match row of an openfootball file must meet to be imported, as small pure
 * functions. A row that breaks any of them is refused on its own (named in the import's report)
 * and the rest of the file is imported; see validateFootballJson.
 *
 * Score shape (openfootball): `ht` half time, `ft` after 90 minutes, `et` after extra time
 * (goals of the whole match, so never below `ft`), `p` the penalty shoot-out; each a pair
 * [team1 goals, team2 goals].
 */
import type { FootballJsonScore } from './football-json';

/** One problem of a row: the field it is in ('' for the row as a whole) and what is wrong. */
export interface RowProblem {
  field: string;
  message: string;
}

export const MAX_TEAM_NAME_LENGTH = 100;
export const MAX_GOALS = 99;

export const ROUND_RE = /^(?:Matchday|Round|Matchweek) (\d+)$/;
export const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Values quoted in messages are cut here: a report must not echo a huge input back. */
const MAX_SHOWN_CHARS = 100;

/** A value as a message quotes it ("nothing" for undefined), cut to 100 characters. */
export function show(v: unknown): string {
  const text = v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v));
  return text.length > MAX_SHOWN_CHARS ? `${text.slice(0, MAX_SHOWN_CHARS)}…` : text;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The round number from "Matchday 12" / "Round 12" / "Matchweek 12", or null. */
export function parseRoundNumber(round: string): number | null {
  const m = ROUND_RE.exec(round);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 ? n : null;
}

/** Day number (days since 1970-01-01) of a real YYYY-MM-DD date, or null. */
export function dayNumber(date: string): number | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  // Date.UTC rolls 2024-02-30 over to March; a real date survives the round trip.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

// ---------------------------------------------------------------------------------------
// One field at a time
// ---------------------------------------------------------------------------------------

export function roundProblem(round: unknown): string | null {
  if (typeof round !== 'string') return `expected a string like "Matchday 1", got ${show(round)}`;
  if (parseRoundNumber(round) === null) return `expected "Matchday N" (or "Round N" / "Matchweek N") with N ≥ 1, got ${show(round)}`;
  return null;
}

export function dateProblem(date: unknown): string | null {
  if (typeof date !== 'string' || !DATE_RE.test(date)) return `expected YYYY-MM-DD, got ${show(date)}`;
  if (dayNumber(date) === null) return `${show(date)} is not a real date`;
  return null;
}

/** A missing time is allowed (a kick-off to be confirmed). */
export function timeProblem(time: unknown): string | null {
  if (time === undefined || (typeof time === 'string' && TIME_RE.test(time))) return null;
  return `expected HH:MM (00:00–23:59) or no time, got ${show(time)}`;
}

export function teamProblem(team: unknown): string | null {
  if (typeof team !== 'string' || team.trim() === '') return `expected a non-empty team name, got ${show(team)}`;
  if (team.length > MAX_TEAM_NAME_LENGTH) return `team name longer than ${MAX_TEAM_NAME_LENGTH} characters`;
  return null;
}

/** A score pair: two whole numbers 0–99; a negative one is named as such. */
export function goalPairProblem(pair: unknown): string | null {
  if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((g) => typeof g === 'number' && Number.isFinite(g))) {
    return `expected two integers 0–${MAX_GOALS}, got ${show(pair)}`;
  }
  if (pair.some((g: number) => g < 0)) return `a score cannot be negative, got ${show(pair)}`;
  if (!pair.every((g: number) => Number.isInteger(g) && g <= MAX_GOALS)) return `expected two integers 0–${MAX_GOALS}, got ${show(pair)}`;
  return null;
}

// ---------------------------------------------------------------------------------------
// A score's parts against each other (each part already a valid pair)
// ---------------------------------------------------------------------------------------

/** A shoot-out comes after extra time: `p` without `et` cannot be. */
export function penaltiesWithoutExtraTime(score: FootballJsonScore): RowProblem | null {
  if (score.p === undefined || score.et !== undefined) return null;
  return { field: 'score.p', message: 'penalties without extra time (a shoot-out follows extra time, and score.et is missing)' };
}

/** A shoot-out always has a winner (the source writes two of them 4–4). */
export function drawnShootOut(score: FootballJsonScore): RowProblem | null {
  if (score.p === undefined || score.p[0] !== score.p[1]) return null;
  return { field: 'score.p', message: `a drawn shoot-out cannot be (a shoot-out always has a winner), got ${show(score.p)}` };
}

/** `et` counts the whole match: it needs `ft` and is never below it. */
export function extraTimeProblem(score: FootballJsonScore): RowProblem | null {
  const { et, ft } = score;
  if (et === undefined) return null;
  if (ft === undefined) return { field: 'score.et', message: 'extra time without a full-time score (score.ft is missing)' };
  if (et[0] < ft[0] || et[1] < ft[1]) {
    return { field: 'score.et', message: `the score after extra time ${show(et)} is below the full-time score ${show(ft)} (it counts the whole match)` };
  }
  return null;
}

/** Goals are not taken away: half time is never above full time, except in an awarded result (a desk's score). */
export function halfTimeAboveFullTime(score: FootballJsonScore, awarded: boolean): RowProblem | null {
  const { ht, ft } = score;
  if (awarded || ht === undefined || ft === undefined) return null;
  if (ht[0] <= ft[0] && ht[1] <= ft[1]) return null;
  return { field: 'score.ht', message: `the half-time score ${show(ht)} is above the full-time score ${show(ft)}` };
}

// ---------------------------------------------------------------------------------------
// A whole row
// ---------------------------------------------------------------------------------------

const SCORE_PARTS = ['ht', 'ft', 'et', 'p'] as const;

/** The score's shape, then its parts against each other; also the status against the score. */
export function scoreAndStatusProblems(score: unknown, status: unknown): RowProblem[] {
  const problems: RowProblem[] = [];
  let hasFt = false;
  if (score !== undefined) {
    if (!isPlainObject(score)) {
      problems.push({ field: 'score', message: `expected an object such as {"ft": [1, 0]} or {}, got ${show(score)}` });
    } else {
      for (const part of SCORE_PARTS) {
        const problem = score[part] === undefined ? null : goalPairProblem(score[part]);
        if (problem) problems.push({ field: `score.${part}`, message: problem });
      }
      hasFt = score.ft !== undefined;
      if (problems.length === 0) {
        const pairs = score as FootballJsonScore;
        for (const problem of [
          extraTimeProblem(pairs),
          penaltiesWithoutExtraTime(pairs),
          drawnShootOut(pairs),
          halfTimeAboveFullTime(pairs, status === 'awarded'),
        ]) {
          if (problem) problems.push(problem);
        }
      }
    }
  }

  if (status !== undefined && status !== 'postponed' && status !== 'awarded') {
    problems.push({ field: 'status', message: `expected "postponed", "awarded" or no status, got ${show(status)}` });
  } else if (status === 'awarded' && !hasFt) {
    problems.push({ field: 'score.ft', message: 'an awarded match needs its awarded full-time score' });
  } else if (status === 'postponed' && hasFt) {
    problems.push({ field: 'score.ft', message: 'a postponed match cannot have a full-time score' });
  }
  return problems;
}

/** How a row's round and time are checked: league files and tournament files write them differently. */
export interface RoundAndTimeRules {
  round: (round: unknown) => string | null;
  time: (time: unknown) => string | null;
}

export const LEAGUE_ROUND_AND_TIME: RoundAndTimeRules = { round: roundProblem, time: timeProblem };

/** Every problem of one row on its own (duplicates across rows are found by the caller). */
export function matchRowProblems(row: Record<string, unknown>, rules: RoundAndTimeRules = LEAGUE_ROUND_AND_TIME): RowProblem[] {
  const problems: RowProblem[] = [];
  const add = (field: string, message: string | null) => {
    if (message !== null) problems.push({ field, message });
  };
  add('round', rules.round(row.round));
  add('date', dateProblem(row.date));
  add('time', rules.time(row.time));
  add('team1', teamProblem(row.team1));
  add('team2', teamProblem(row.team2));
  if (typeof row.team1 === 'string' && row.team1 === row.team2) add('team2', 'a team cannot play itself');
  problems.push(...scoreAndStatusProblems(row.score, row.status));
  return problems;
}

/** "score.p: a drawn shoot-out …; date: …": one row's problems as one reason. */
export function describeProblems(problems: readonly RowProblem[]): string {
  return problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)).join('; ');
}
