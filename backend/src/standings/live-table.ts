import { scoreAtState } from '@scoreline/contracts/game/scoring';
import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import type { RankedColumns } from './ranked-table';

/**
 * Live tables (issue 12's headline): a league's table as the fixtures' CURRENT scores make it,
 * without waiting for the per-fan writes. A goal in a match predicted by a million fans takes
 * the scorer and the recomputes tens of seconds to write; meanwhile a table is answered as
 *
 *   live figures = the figures loaded at a base moment
 *                  + Σ over the open fixtures (what the pick gives at the current score − what it gave at the base's score)
 *
 * and ranked by the table rule as runs of the base (live-ranking.ts): ~30 ms for a million members and one goal. The base is
 * loaded (live-tables.queries.ts) while no scorer is writing, with the score each open fixture
 * had been scored at, so each member's loaded totals hold exactly "what the pick gave at the
 * base's score". Once the writes land, the difference is zero and the answer is the stored one.
 */

/** A fixture's score and status as the scorer reads them (or null: never scored, nothing counted). */
export interface FixtureScoreState {
  status: FixtureStatus;
  home: number | null;
  away: number | null;
}

/** A pick packed in one integer: ((home × 100) + away) × 2 + banker; NO_PICK when the fan made none. */
export type PickCode = number;
export const NO_PICK = -1;
/** Scores are 0–99 (the schema's check), so every code is below this. */
export const PICK_CODES = 100 * 100 * 2;

export function packPick(home: number, away: number, banker: boolean): PickCode {
  return (home * 100 + away) * 2 + (banker ? 1 : 0);
}

/** What a pick adds to its fan's totals (points, exact, correct, live-scored): the scorer's rule (score-fixture.sql.ts). */
export interface Contribution {
  points: number;
  exact: number;
  correct: number;
  /** 1 while the match is in play and the pick was scored: the figures are provisional. */
  live: number;
}

const NOTHING: Contribution = { points: 0, exact: 0, correct: 0, live: 0 };

export function pickContribution(code: PickCode, state: FixtureScoreState | null): Contribution {
  if (code === NO_PICK || state === null) return NOTHING;
  const banker = code % 2 === 1;
  const pick = (code - (banker ? 1 : 0)) / 2;
  const { outcome, points } = scoreAtState({ home: Math.floor(pick / 100), away: pick % 100, banker }, state);
  // Void (postponed): no points, not scored. No score yet: not scored either (the SQL's NULL).
  if (outcome === null || outcome === 'void') return NOTHING;
  return {
    points,
    exact: outcome === 'exact' ? 1 : 0,
    correct: outcome === 'exact' || outcome === 'correct' ? 1 : 0,
    live: state.status === 'finished' ? 0 : 1,
  };
}

/** Whether every pick counts the same at both states (e.g. never scored, and kicked off without a score yet). */
export function sameContribution(a: FixtureScoreState | null, b: FixtureScoreState | null): boolean {
  const counts = (s: FixtureScoreState | null): s is FixtureScoreState => s !== null && s.status !== 'postponed' && s.home !== null && s.away !== null;
  if (!counts(a) || !counts(b)) return !counts(a) && !counts(b);
  return a.home === b.home && a.away === b.away && (a.status === 'finished') === (b.status === 'finished');
}

/** The picks of one fixture by user id. */
export interface FixturePicks {
  pickOf(userId: number): PickCode;
  /** The distinct codes picked: a move's deltas are worked out for these only. */
  readonly codes: Int32Array;
}

/** A fixture whose score moved since the base: what each pick gave then, and gives now. */
export interface FixtureMove {
  picks: FixturePicks;
  from: FixtureScoreState | null;
  to: FixtureScoreState;
}

/** A table's figures at the base moment, one element per member, in user id order. */
export interface BaseColumns {
  user_ids: Int32Array;
  points: Int32Array;
  exact: Int32Array;
  correct: Int32Array;
  /** Scored picks of matches still in play (provisional while above 0). */
  live_scored: Int32Array;
}

/**
 * A base in table order (sorted once, when it is loaded): the columns are permuted so that each
 * run of a live table (live-ranking.ts) is in base order, and a page of it reads the runs front to
 * back. Its members are found by user id through `indexOf`, built once with the order.
 */
export interface OrderedBase extends BaseColumns {
  readonly inTableOrder: true;
  /** A member's index in the base (table order), or undefined for a user not in it. */
  indexOf(userId: number): number | undefined;
}

export function ordered(base: BaseColumns): OrderedBase {
  const order = tableOrderOf(base);
  // One column at a time, each replacing its unordered self in `base` at once, so a big base is
  // not held twice (20 MB more at 1M) while it is put in order.
  for (const name of ['user_ids', 'points', 'exact', 'correct', 'live_scored'] as const) {
    const column = base[name];
    const inOrder = new Int32Array(order.length);
    for (let j = 0; j < order.length; j++) inOrder[j] = column[order[j]];
    base[name] = inOrder;
  }
  return Object.assign(base, { inTableOrder: true as const, indexOf: indexByUser(base.user_ids) });
}

/** User id → index: a direct array when ids are dense (4 bytes a possible id beat a map's ~30 a member), else a map. */
function indexByUser(userIds: Int32Array): (userId: number) => number | undefined {
  let maxId = 0;
  for (let i = 0; i < userIds.length; i++) if (userIds[i] > maxId) maxId = userIds[i];
  if (maxId <= 4 * userIds.length + 1024) {
    const direct = new Int32Array(maxId + 1);
    for (let i = 0; i < userIds.length; i++) direct[userIds[i]] = i + 1;
    return (userId) => (userId >= 0 && userId < direct.length && direct[userId] > 0 ? direct[userId] - 1 : undefined);
  }
  const map = new Map<number, number>();
  for (let i = 0; i < userIds.length; i++) map.set(userIds[i], i);
  return (userId) => map.get(userId);
}

/** A member's place in the table as one number: more points, then exact, then correct, is larger. */
export function tableKey(points: number, exact: number, correct: number): number {
  if (exact < 0 || correct < 0 || exact >= FIGURE_BITS || correct >= FIGURE_BITS) throw new RangeError('a table figure out of range');
  return (points * FIGURE_BITS + exact) * FIGURE_BITS + correct;
}

/** Each fixture's picks' deltas by move, the last few kept (a correction back and forth is two). */
const deltaCache = new WeakMap<FixturePicks, Map<string, Record<keyof Contribution, Int16Array>>>();
const EVERY_CODE = Int32Array.from({ length: PICK_CODES }, (_, code) => code);

/**
 * now − then per pick code, indexed by code: worked out once per move for the codes picked (a
 * few hundred; all 20,000 took ~130 ms of a goal's re-ranks at 1M), not once per fan. Codes
 * nobody picked stay 0, so they are kept per fixture's picks.
 */
export function moveDeltas(move: FixtureMove): Record<keyof Contribution, Int16Array> {
  const key = JSON.stringify([move.from, move.to]);
  let kept = deltaCache.get(move.picks);
  if (!kept) deltaCache.set(move.picks, (kept = new Map()));
  const found = kept.get(key);
  if (found) return found;
  const out = { points: new Int16Array(PICK_CODES), exact: new Int16Array(PICK_CODES), correct: new Int16Array(PICK_CODES), live: new Int16Array(PICK_CODES) };
  for (const code of move.picks.codes) {
    const then = pickContribution(code, move.from);
    const now = pickContribution(code, move.to);
    out.points[code] = now.points - then.points;
    out.exact[code] = now.exact - then.exact;
    out.correct[code] = now.correct - then.correct;
    out.live[code] = now.live - then.live;
  }
  if (kept.size >= 16) kept.delete(kept.keys().next().value as string);
  kept.set(key, out);
  return out;
}

export function emptyColumns(n: number): RankedColumns {
  return {
    user_ids: new Int32Array(n),
    ranks: new Int32Array(n),
    points: new Int32Array(n),
    exact: new Int32Array(n),
    correct: new Int32Array(n),
    provisional: new Uint8Array(n),
  };
}

/** Exact scores and correct results fit 10 bits each (a season has at most 380 matches). */
export const FIGURE_BITS = 1024;

/**
 * The members' positions in table order by the rule (contracts/game/table-ranking.ts: points,
 * then exact, then correct; ties by user id). Input in user id order. Two stable counting passes
 * (exact and correct together, then points), each best first: no comparison sort, and ties keep
 * the input's user id order.
 */
export function tableOrderOf(members: Pick<BaseColumns, 'user_ids' | 'points' | 'exact' | 'correct'>): Int32Array {
  const n = members.user_ids.length;
  for (let i = 1; i < n; i++) {
    if (members.user_ids[i] <= members.user_ids[i - 1]) throw new RangeError('tableOrderOf: members must come in user id order');
  }
  const tieBreak = new Int32Array(n);
  let minPoints = 0;
  let maxPoints = 0;
  for (let i = 0; i < n; i++) {
    const exact = members.exact[i];
    const correct = members.correct[i];
    if (exact < 0 || correct < 0 || exact >= FIGURE_BITS || correct >= FIGURE_BITS) throw new RangeError('a table figure out of range');
    tieBreak[i] = exact * FIGURE_BITS + correct;
    if (members.points[i] < minPoints) minPoints = members.points[i];
    if (members.points[i] > maxPoints) maxPoints = members.points[i];
  }
  const byTieBreak = countingOrder(new Int32Array(n).map((_, i) => i), (i) => tieBreak[i], 0, FIGURE_BITS * FIGURE_BITS - 1);
  return countingOrder(byTieBreak, (i) => members.points[i], minPoints, maxPoints);
}

/** `items` reordered by value, largest first; items of one value keep their order (stable). */
function countingOrder(items: Int32Array, valueOf: (item: number) => number, min: number, max: number): Int32Array {
  // slot[v] counts, then gives the first position, of value max − v.
  const slot = new Int32Array(max - min + 2);
  for (const item of items) slot[max - valueOf(item) + 1]++;
  for (let v = 1; v < slot.length; v++) slot[v] += slot[v - 1];
  const out = new Int32Array(items.length);
  for (const item of items) out[slot[max - valueOf(item)]++] = item;
  return out;
}

/** The codes among `codes` (NO_PICK aside), each once, in code order. */
export function distinctCodes(codes: Iterable<PickCode>): Int32Array {
  const picked = new Uint8Array(PICK_CODES);
  for (const code of codes) if (code !== NO_PICK) picked[code] = 1;
  return EVERY_CODE.filter((code) => picked[code] === 1);
}

/** A fixture's picks, looked up by user id: a direct array when ids are dense (2 bytes a possible id), else a map. */
export function picksByUser(userIds: Int32Array, codes: Int32Array): FixturePicks {
  const distinct = distinctCodes(codes);
  let maxId = 0;
  for (let i = 0; i < userIds.length; i++) if (userIds[i] > maxId) maxId = userIds[i];
  if (maxId <= 4 * userIds.length + 1024) {
    const direct = new Int16Array(maxId + 1).fill(NO_PICK);
    for (let i = 0; i < userIds.length; i++) direct[userIds[i]] = codes[i];
    return { pickOf: (userId) => (userId >= 0 && userId < direct.length ? direct[userId] : NO_PICK), codes: distinct };
  }
  const map = new Map<number, PickCode>();
  for (let i = 0; i < userIds.length; i++) map.set(userIds[i], codes[i]);
  return { pickOf: (userId) => map.get(userId) ?? NO_PICK, codes: distinct };
}
