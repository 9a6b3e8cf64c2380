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
 * and ranked here, by the table rule, in a few hundred ms for a million members. The base is
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
 * A base in table order (sorted once, when it is loaded): the columns are permuted so that a live
 * re-rank reads each run of fans front to back (a gather in user id order would miss the cache
 * for almost every member of a big table).
 */
export interface OrderedBase extends BaseColumns {
  readonly inTableOrder: true;
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
  return Object.assign(base, { inTableOrder: true as const });
}

/**
 * The members' figures with every move applied, ranked: columns in table order. Fans whose
 * figures moved by the same amount keep their order among themselves, so the live order is a
 * merge of a few runs of the base order (one per distinct move: ~20 for a goal), not a sort —
 * ~0.1 s for a million members.
 */
export function liveColumns(base: OrderedBase, moves: readonly FixtureMove[]): RankedColumns {
  const n = base.user_ids.length;
  const ids = base.user_ids;
  const points = base.points.slice();
  const exact = base.exact.slice();
  const correct = base.correct.slice();
  const liveScored = base.live_scored.slice();
  const deltas = moves.map(moveDeltas);
  moves.forEach((move, m) => {
    const delta = deltas[m];
    for (let i = 0; i < n; i++) {
      const code = move.picks.pickOf(ids[i]);
      if (code === NO_PICK) continue;
      points[i] += delta.points[code];
      exact[i] += delta.exact[code];
      correct[i] += delta.correct[code];
      liveScored[i] += delta.live[code];
    }
  });
  // Each member's run: the distinct (points, exact, correct) moves, numbered; and its live key.
  const runOf = new Int32Array(n);
  const key = new Float64Array(n);
  const shiftRuns = new ShiftRuns(deltas);
  for (let i = 0; i < n; i++) {
    runOf[i] = shiftRuns.runOf(points[i] - base.points[i], exact[i] - base.exact[i], correct[i] - base.correct[i]);
    key[i] = tableKey(points[i], exact[i], correct[i]);
  }
  // The runs, each in base order: one flat array, run r at [at[r], end[r]).
  const k = shiftRuns.count;
  const start = new Int32Array(k + 1);
  for (let i = 0; i < n; i++) start[runOf[i] + 1]++;
  for (let r = 0; r < k; r++) start[r + 1] += start[r];
  const fill = start.slice(0, k);
  const flat = new Int32Array(n);
  for (let i = 0; i < n; i++) flat[fill[runOf[i]]++] = i;
  const at = start.slice(0, k);
  const end = start.subarray(1);
  // Member a before member b: the better key, then the lower user id.
  const before = (a: number, b: number) => key[a] > key[b] || (key[a] === key[b] && ids[a] < ids[b]);
  // A binary heap of the runs, by the member each is at.
  const heapRun = new Int32Array(k);
  const heapMember = new Int32Array(k);
  let size = 0;
  const siftDown = (h: number) => {
    const run = heapRun[h];
    const member = heapMember[h];
    for (;;) {
      const left = 2 * h + 1;
      if (left >= size) break;
      const right = left + 1;
      const child = right < size && before(heapMember[right], heapMember[left]) ? right : left;
      if (!before(heapMember[child], member)) break;
      heapRun[h] = heapRun[child];
      heapMember[h] = heapMember[child];
      h = child;
    }
    heapRun[h] = run;
    heapMember[h] = member;
  };
  for (let r = 0; r < k; r++) {
    if (at[r] === end[r]) continue;
    let h = size++;
    const member = flat[at[r]];
    while (h > 0 && before(member, heapMember[(h - 1) >> 1])) {
      const parent = (h - 1) >> 1;
      heapRun[h] = heapRun[parent];
      heapMember[h] = heapMember[parent];
      h = parent;
    }
    heapRun[h] = r;
    heapMember[h] = member;
  }
  const out = emptyColumns(n);
  let lastKey = -1;
  let lastRank = 0;
  for (let position = 0; position < n; position++) {
    const r = heapRun[0];
    const i = heapMember[0];
    at[r]++;
    if (at[r] < end[r]) {
      heapMember[0] = flat[at[r]];
    } else {
      size--;
      heapRun[0] = heapRun[size];
      heapMember[0] = heapMember[size];
    }
    if (size > 1) siftDown(0);
    // A full tie with the member before shares its rank (1, 1, 3).
    if (key[i] !== lastKey) {
      lastKey = key[i];
      lastRank = position + 1;
    }
    out.user_ids[position] = ids[i];
    out.ranks[position] = lastRank;
    out.points[position] = points[i];
    out.exact[position] = exact[i];
    out.correct[position] = correct[i];
    out.provisional[position] = liveScored[i] > 0 ? 1 : 0;
  }
  return out;
}

/** Beyond this many possible (points, exact, correct) shifts the runs are numbered through a map. */
const DENSE_SHIFTS = 1 << 22;

/**
 * Numbers the distinct shifts of (points, exact, correct) in the order met. The moves bound each
 * figure's shift (the sum of their smallest and largest deltas), so the numbers live in a dense
 * array over that box — a Map lookup per member cost more than the rest of a re-rank's bookkeeping.
 */
class ShiftRuns {
  count = 0;
  private readonly low: [number, number, number] = [0, 0, 0];
  private readonly span: [number, number, number] = [1, 1, 1];
  private readonly dense: Int32Array | null;
  private readonly sparse = new Map<number, number>();

  constructor(deltas: readonly Record<keyof Contribution, Int16Array>[]) {
    (['points', 'exact', 'correct'] as const).forEach((figure, f) => {
      let low = 0;
      let high = 0;
      for (const delta of deltas) {
        let min = 0;
        let max = 0;
        for (const d of delta[figure]) {
          if (d < min) min = d;
          if (d > max) max = d;
        }
        low += min;
        high += max;
      }
      this.low[f] = low;
      this.span[f] = high - low + 1;
    });
    const cells = this.span[0] * this.span[1] * this.span[2];
    this.dense = cells <= DENSE_SHIFTS ? new Int32Array(cells).fill(-1) : null;
  }

  runOf(points: number, exact: number, correct: number): number {
    const cell = ((points - this.low[0]) * this.span[1] + (exact - this.low[1])) * this.span[2] + (correct - this.low[2]);
    if (this.dense) {
      let run = this.dense[cell];
      if (run < 0) this.dense[cell] = run = this.count++;
      return run;
    }
    let run = this.sparse.get(cell);
    if (run === undefined) this.sparse.set(cell, (run = this.count++));
    return run;
  }
}

/** A member's place in the table as one number: more points, then exact, then correct, is larger. */
function tableKey(points: number, exact: number, correct: number): number {
  if (exact < 0 || correct < 0 || exact >= FIGURE_BITS || correct >= FIGURE_BITS) throw new RangeError('a table figure out of range');
  return (points * FIGURE_BITS + exact) * FIGURE_BITS + correct;
}

const deltaCache = new Map<string, Record<keyof Contribution, Int16Array>>();

/** now − then per pick code, for every possible pick (20,000 codes: a few ms, not a call per fan); the last few kept. */
function moveDeltas(move: FixtureMove): Record<keyof Contribution, Int16Array> {
  const key = JSON.stringify([move.from, move.to]);
  const kept = deltaCache.get(key);
  if (kept) return kept;
  const out = { points: new Int16Array(PICK_CODES), exact: new Int16Array(PICK_CODES), correct: new Int16Array(PICK_CODES), live: new Int16Array(PICK_CODES) };
  for (let code = 0; code < PICK_CODES; code++) {
    const then = pickContribution(code, move.from);
    const now = pickContribution(code, move.to);
    out.points[code] = now.points - then.points;
    out.exact[code] = now.exact - then.exact;
    out.correct[code] = now.correct - then.correct;
    out.live[code] = now.live - then.live;
  }
  if (deltaCache.size >= 64) deltaCache.delete(deltaCache.keys().next().value as string);
  deltaCache.set(key, out);
  return out;
}

function emptyColumns(n: number): RankedColumns {
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
const FIGURE_BITS = 1024;

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

/** A fixture's picks, looked up by user id: a direct array when ids are dense (2 bytes a possible id), else a map. */
export function picksByUser(userIds: Int32Array, codes: Int32Array): FixturePicks {
  let maxId = 0;
  for (let i = 0; i < userIds.length; i++) if (userIds[i] > maxId) maxId = userIds[i];
  if (maxId <= 4 * userIds.length + 1024) {
    const direct = new Int16Array(maxId + 1).fill(NO_PICK);
    for (let i = 0; i < userIds.length; i++) direct[userIds[i]] = codes[i];
    return { pickOf: (userId) => (userId >= 0 && userId < direct.length ? direct[userId] : NO_PICK) };
  }
  const map = new Map<number, PickCode>();
  for (let i = 0; i < userIds.length; i++) map.set(userIds[i], codes[i]);
  return { pickOf: (userId) => map.get(userId) ?? NO_PICK };
}
