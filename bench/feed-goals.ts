import { scoreAtState } from '@scoreline/contracts/game/scoring';
import { percentile } from './percentile';

/**
 * The feed case's match day as rules (issue 35 §4): which match scores when, what each sampled
 * fan's points are after each goal (by the scorer's own rule), when a read or a push shows a goal,
 * and whether the queues' lag grows over the afternoon. Pure: feed.bench.ts does the I/O.
 */

export interface Score {
  home: number;
  away: number;
}

/** A fan's pick of one match. */
export interface Pick {
  home: number;
  away: number;
  banker: boolean;
}

/** One goal of the script: where it is scored, and every match's score after it. */
export interface ScriptedGoal {
  /** 0: the first goal of the afternoon. */
  index: number;
  /** Which match (0-based) scores. */
  match: number;
  side: 'home' | 'away';
  /** The minute the provider shows with it. */
  minute: number;
  /** Every match's score after this goal. */
  scores: Score[];
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * `goals` goals over `matches` matches, all 0–0 at first: each match in turn in a fixed shuffled
 * order (a stride coprime with the count, so every match scores once before any scores again),
 * two home goals to one away goal, the minute moving on by three a goal up to 90.
 */
export function goalScript(matches: number, goals: number): ScriptedGoal[] {
  if (!Number.isInteger(matches) || matches < 1) throw new RangeError(`matches must be a whole number ≥ 1, got ${matches}`);
  const stride = [7, 3, 1].find((s) => gcd(s, matches) === 1)!;
  const scores: Score[] = Array.from({ length: matches }, () => ({ home: 0, away: 0 }));
  const script: ScriptedGoal[] = [];
  for (let index = 0; index < goals; index += 1) {
    const match = (index * stride) % matches;
    const side = index % 3 === 2 ? 'away' : 'home';
    scores[match] = { ...scores[match], [side]: scores[match][side] + 1 };
    script.push({ index, match, side, minute: Math.min(90, 2 + index * 3), scores: scores.map((s) => ({ ...s })) });
  }
  return script;
}

/** A fan's gameweek points with every match in play at `scores` (the scorer's rule; a match without a pick adds nothing). */
export function gameweekPoints(picks: readonly (Pick | null)[], scores: readonly Score[]): number {
  let points = 0;
  for (const [i, pick] of picks.entries()) {
    if (pick === null) continue;
    points += scoreAtState(pick, { status: 'live', home: scores[i].home, away: scores[i].away }).points ?? 0;
  }
  return points;
}

/** What a fan's two tables show at a moment: the season's points (its seeded base plus the day's) and the gameweek's. */
export interface Expected {
  season: number;
  gameweek: number;
}

export function expectedAt(seasonBase: number, picks: readonly (Pick | null)[], scores: readonly Score[]): Expected {
  const gameweek = gameweekPoints(picks, scores);
  return { season: seasonBase + gameweek, gameweek };
}

/** A fan's own row as a table answers it. */
export interface OwnRead {
  points: number;
  /** The table's version (its updated_at), epoch ms; 0 when it has none. */
  updatedAt: number;
}

/**
 * Whether a read shows a goal: the table's version is not older than the goal's row in our
 * database (its fixture's updated_at, epoch ms: the live tables' version is the newest moved
 * fixture's), and the points are those after it or after a later goal already set (goals keep
 * coming while one is measured; a later one may be stored first within the same poll).
 * updated_at is sent to the millisecond; the row's has microseconds.
 */
export function readShowsGoal(read: OwnRead, recordedAtMs: number, points: ReadonlySet<number>): boolean {
  return read.updatedAt >= Math.floor(recordedAtMs) && points.has(read.points);
}

/** A samples' series split in thirds, and whether it grows from the first to the last. */
export interface Trend {
  /** Median of the first third. */
  first: number;
  /** Median of the last third. */
  last: number;
  max: number;
  grows: boolean;
}

/**
 * Bounded, or growing from goal to goal: the last third's median above twice the first third's
 * plus `slack` (the noise of one goal's own work caught at the moment of sampling). A backlog that
 * builds up goal after goal is many times the first third's by the last third; one that is drained
 * between goals stays where it began. Fewer than three samples: nothing to compare, not growing.
 */
export function trendOf(samples: readonly number[], slack: number): Trend {
  const max = samples.length === 0 ? 0 : Math.max(...samples);
  if (samples.length < 3) return { first: samples[0] ?? 0, last: samples[samples.length - 1] ?? 0, max, grows: false };
  const third = Math.floor(samples.length / 3);
  const first = percentile(samples.slice(0, third), 0.5);
  const last = percentile(samples.slice(samples.length - third), 0.5);
  return { first, last, max, grows: last > 2 * first + slack };
}
