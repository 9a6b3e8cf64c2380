import { emptyColumns, FIGURE_BITS, moveDeltas, NO_PICK, PICK_CODES, tableKey, type Contribution, type FixtureMove, type OrderedBase } from './live-table';
import type { RankedColumns, RankedMember, TableView } from './ranked-table';

/**
 * A live table without rewriting a row per member (issue 12: ranks derived, not rewritten).
 *
 * A goal moves each fan by what their pick gives now minus what it gave then. Fans who moved by
 * the same (points, exact, correct, live) form a run; there are a few dozen runs for a goal. A
 * run keeps the base's table order (a table key is linear in the figures, so adding one shift to
 * every fan of a run changes no order within it). So the live table is the base plus, per
 * member, a run number, plus each run's members in base order. Everything a reader asks is a
 * binary search in each run:
 * - a member's position: how many in each run come before them;
 * - a member's rank: 1 + how many in each run have a better key;
 * - the member at a position: the key, then the user id, that splits the runs there;
 * - a page: from those split points, a merge of the runs' heads.
 * Building it is one pass over the members (their picks) and a counting pass into runs. The
 * whole order is merged only when a reader asks for it (everyone's picks, with a search).
 */
export class LiveRanking implements TableView {
  readonly size: number;
  private readonly runs: number;
  /** Each run's shift of the table key, and of the live (provisional) count. */
  private readonly keyShift: Float64Array;
  private readonly liveShift: Int32Array;
  private readonly pointsShift: Int32Array;
  private readonly exactShift: Int32Array;
  private readonly correctShift: Int32Array;
  private merged: RankedColumns | null = null;

  constructor(
    private readonly base: OrderedBase,
    shifts: { points: number[]; exact: number[]; correct: number[]; live: number[] },
    /** Base index → run. */
    private readonly runOf: Uint8Array | Uint16Array | Int32Array,
    /** Base indexes, run by run, each run in base order: run r at [start[r], start[r + 1]). */
    private readonly flat: Int32Array,
    private readonly start: Int32Array,
  ) {
    this.size = base.user_ids.length;
    this.runs = start.length - 1;
    this.pointsShift = Int32Array.from(shifts.points);
    this.exactShift = Int32Array.from(shifts.exact);
    this.correctShift = Int32Array.from(shifts.correct);
    this.liveShift = Int32Array.from(shifts.live);
    this.keyShift = Float64Array.from(shifts.points, (p, r) => (p * FIGURE_BITS + shifts.exact[r]) * FIGURE_BITS + shifts.correct[r]);
  }

  at(position: number): RankedMember {
    const [member] = this.slice(position, position + 1);
    if (!member) throw new RangeError(`no member at position ${position} of a table of ${this.size}`);
    return member;
  }

  slice(from: number, to: number): RankedMember[] {
    const start = Math.max(0, from);
    const end = Math.min(to, this.size);
    if (start >= end) return [];
    if (this.merged) return sliceColumns(this.merged, start, end);
    const cursor = this.cursorsAt(start);
    const rows: RankedMember[] = [];
    let lastKey = Number.NaN;
    let lastRank = 0;
    for (let position = start; position < end; position++) {
      // The next member: the run head that comes first (a few dozen runs: a scan beats a heap for a page).
      let best = -1;
      for (let r = 0; r < this.runs; r++) {
        if (this.start[r] + cursor[r] >= this.start[r + 1]) continue;
        if (best < 0 || this.before(this.flat[this.start[r] + cursor[r]], this.flat[this.start[best] + cursor[best]])) best = r;
      }
      const i = this.flat[this.start[best] + cursor[best]++];
      const key = this.keyOf(i);
      if (key !== lastKey) {
        // A full tie with the member before shares its rank; else all before it are better.
        lastRank = position === start ? 1 + this.countKeyAbove(key) : position + 1;
        lastKey = key;
      }
      rows.push(this.memberAt(i, lastRank));
    }
    return rows;
  }

  orderColumns(): { userIds: Int32Array; ranks: Int32Array } {
    const merged = this.columns();
    return { userIds: merged.user_ids, ranks: merged.ranks };
  }

  positionOf(userId: number): number | undefined {
    const i = this.base.indexOf(userId);
    return i === undefined ? undefined : this.positionAt(i);
  }

  memberOf(userId: number): { position: number; member: RankedMember } | undefined {
    const i = this.base.indexOf(userId);
    if (i === undefined) return undefined;
    return { position: this.positionAt(i), member: this.memberAt(i, 1 + this.countKeyAbove(this.keyOf(i))) };
  }

  /** The live position of the base's i-th member: how many members of every run come before it. */
  private positionAt(i: number): number {
    let position = 0;
    for (let r = 0; r < this.runs; r++) position += this.countInRun(r, (j) => this.before(j, i));
    return position;
  }

  countBelow(points: number): number {
    let below = 0;
    for (let r = 0; r < this.runs; r++) {
      const shift = this.pointsShift[r];
      // Points never rise along a run: those with at least `points` come first.
      below += this.start[r + 1] - this.start[r] - this.countInRun(r, (j) => this.base.points[j] + shift >= points);
    }
    return below;
  }

  /** The whole table in order, merged once (a heap of the runs' heads) and kept: everyone's picks reads it whole. */
  columns(): RankedColumns {
    if (this.merged) return this.merged;
    const n = this.size;
    const k = this.runs;
    const at = this.start.slice(0, k);
    const end = this.start.subarray(1);
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
        const child = right < size && this.before(heapMember[right], heapMember[left]) ? right : left;
        if (!this.before(heapMember[child], member)) break;
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
      const member = this.flat[at[r]];
      while (h > 0 && this.before(member, heapMember[(h - 1) >> 1])) {
        const parent = (h - 1) >> 1;
        heapRun[h] = heapRun[parent];
        heapMember[h] = heapMember[parent];
        h = parent;
      }
      heapRun[h] = r;
      heapMember[h] = member;
    }
    const out = emptyColumns(n);
    let lastKey = Number.NaN;
    let lastRank = 0;
    for (let position = 0; position < n; position++) {
      const r = heapRun[0];
      const i = heapMember[0];
      at[r]++;
      if (at[r] < end[r]) {
        heapMember[0] = this.flat[at[r]];
      } else {
        size--;
        heapRun[0] = heapRun[size];
        heapMember[0] = heapMember[size];
      }
      if (size > 1) siftDown(0);
      const key = this.keyOf(i);
      if (key !== lastKey) {
        lastKey = key;
        lastRank = position + 1;
      }
      const run = this.runOf[i];
      out.user_ids[position] = this.base.user_ids[i];
      out.ranks[position] = lastRank;
      out.points[position] = this.base.points[i] + this.pointsShift[run];
      // tableKey checks the figures' range once per member here.
      out.exact[position] = this.base.exact[i] + this.exactShift[run];
      out.correct[position] = this.base.correct[i] + this.correctShift[run];
      tableKey(out.points[position], out.exact[position], out.correct[position]);
      out.provisional[position] = this.base.live_scored[i] + this.liveShift[run] > 0 ? 1 : 0;
    }
    this.merged = out;
    return out;
  }

  /** A base member's live table key (points, then exact, then correct: larger is better). */
  private keyOf(i: number): number {
    return (this.base.points[i] * FIGURE_BITS + this.base.exact[i]) * FIGURE_BITS + this.base.correct[i] + this.keyShift[this.runOf[i]];
  }

  /** Member a before member b: the better key, then the lower user id (the table rule). */
  private before(a: number, b: number): boolean {
    const ka = this.keyOf(a);
    const kb = this.keyOf(b);
    return ka > kb || (ka === kb && this.base.user_ids[a] < this.base.user_ids[b]);
  }

  private memberAt(i: number, rank: number): RankedMember {
    const run = this.runOf[i];
    return {
      user_id: this.base.user_ids[i],
      rank,
      points: this.base.points[i] + this.pointsShift[run],
      exact: this.base.exact[i] + this.exactShift[run],
      correct: this.base.correct[i] + this.correctShift[run],
      provisional: this.base.live_scored[i] + this.liveShift[run] > 0,
    };
  }

  /** How many of run r's members satisfy `holds`, which holds for a prefix of the run. */
  private countInRun(r: number, holds: (i: number) => boolean): number {
    let lo = this.start[r];
    let hi = this.start[r + 1];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (holds(this.flat[mid])) lo = mid + 1;
      else hi = mid;
    }
    return lo - this.start[r];
  }

  /** How many members have a key above `key`. */
  private countKeyAbove(key: number): number {
    let above = 0;
    for (let r = 0; r < this.runs; r++) above += this.countInRun(r, (j) => this.keyOf(j) > key);
    return above;
  }

  /**
   * How many of each run's members come before the member at `position` (0 ≤ position < size):
   * the key there is the smallest with at most `position` members above it; among the members
   * of that key (each run's in user id order), the user id with `position − above` of them before it.
   */
  private cursorsAt(position: number): Int32Array {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let r = 0; r < this.runs; r++) {
      if (this.start[r] === this.start[r + 1]) continue;
      hi = Math.max(hi, this.keyOf(this.flat[this.start[r]]));
      lo = Math.min(lo, this.keyOf(this.flat[this.start[r + 1] - 1]));
    }
    // Keys are whole numbers below 2^53: a binary search over them, not over members.
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.countKeyAbove(mid) <= position) hi = mid;
      else lo = mid + 1;
    }
    const key = lo;
    const tied = position - this.countKeyAbove(key);
    // Each run's members of that key: [from[r], to[r]) of the run, in user id order.
    const from = new Int32Array(this.runs);
    const to = new Int32Array(this.runs);
    let idLo = Number.POSITIVE_INFINITY;
    let idHi = Number.NEGATIVE_INFINITY;
    for (let r = 0; r < this.runs; r++) {
      from[r] = this.countInRun(r, (j) => this.keyOf(j) > key);
      to[r] = this.countInRun(r, (j) => this.keyOf(j) >= key);
      if (from[r] < to[r]) {
        idLo = Math.min(idLo, this.base.user_ids[this.flat[this.start[r] + from[r]]]);
        idHi = Math.max(idHi, this.base.user_ids[this.flat[this.start[r] + to[r] - 1]]);
      }
    }
    // The smallest user id with more than `tied` of the key's members at or below it: the member at `position`.
    const idsUpTo = (id: number, r: number) => {
      let a = this.start[r] + from[r];
      let b = this.start[r] + to[r];
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (this.base.user_ids[this.flat[mid]] <= id) a = mid + 1;
        else b = mid;
      }
      return a - (this.start[r] + from[r]);
    };
    while (idLo < idHi) {
      const mid = Math.floor((idLo + idHi) / 2);
      let count = 0;
      for (let r = 0; r < this.runs; r++) count += idsUpTo(mid, r);
      if (count > tied) idHi = mid;
      else idLo = mid + 1;
    }
    const cursor = new Int32Array(this.runs);
    for (let r = 0; r < this.runs; r++) cursor[r] = from[r] + (from[r] < to[r] ? idsUpTo(idLo - 1, r) : 0);
    return cursor;
  }
}

/**
 * The live table of a base with every move applied (live-table.ts: each pick's now − then, by the
 * scorer's rule). One pass over the members to number their runs, one counting pass into runs.
 */
export function liveRanking(base: OrderedBase, moves: readonly FixtureMove[]): LiveRanking {
  const n = base.user_ids.length;
  const ids = base.user_ids;
  const deltas = moves.map(moveDeltas);
  const shifts = new ShiftRuns(deltas, moves);
  const runOf = scratchRuns(n);
  if (moves.length === 1) {
    // The usual case, one goal: a fan's shift is their pick's delta, so their run is their pick's,
    // numbered once per code (a few hundred are picked) instead of once per member.
    const [delta] = deltas;
    const { picks } = moves[0];
    const runOfCode = scratchPerCode();
    let noPickRun = -1;
    for (let i = 0; i < n; i++) {
      const code = picks.pickOf(ids[i]);
      let run: number;
      if (code === NO_PICK) {
        if (noPickRun < 0) noPickRun = shifts.runOf(0, 0, 0, 0);
        run = noPickRun;
      } else {
        run = runOfCode[code];
        if (run < 0) run = runOfCode[code] = shifts.runOf(delta.points[code], delta.exact[code], delta.correct[code], delta.live[code]);
      }
      runOf[i] = run;
    }
  } else if (shifts.dense) {
    // Several moves: a shift's cell in the dense box is linear in its figures, so each move adds
    // one number a member (its pick's cell delta) and the run is found once, at the end.
    const cells = scratchCells(n).fill(shifts.zeroCell);
    const cellDelta = scratchPerCode();
    moves.forEach((move, m) => {
      const delta = deltas[m];
      for (const code of move.picks.codes) cellDelta[code] = shifts.cellOf(delta.points[code], delta.exact[code], delta.correct[code], delta.live[code]) - shifts.zeroCell;
      for (let i = 0; i < n; i++) {
        const code = move.picks.pickOf(ids[i]);
        if (code !== NO_PICK) cells[i] += cellDelta[code];
      }
    });
    for (let i = 0; i < n; i++) runOf[i] = shifts.runOfCell(cells[i]);
  } else {
    // A box too big to be dense (hundreds of moves at once): the figures summed apart.
    // A fixture's deltas are within ±60 points: Int16 holds the sum of a few hundred moves.
    const Sums = moves.length <= 400 ? Int16Array : Int32Array;
    const points = new Sums(n);
    const exact = new Sums(n);
    const correct = new Sums(n);
    const live = new Sums(n);
    moves.forEach((move, m) => {
      const delta = deltas[m];
      for (let i = 0; i < n; i++) {
        const code = move.picks.pickOf(ids[i]);
        if (code === NO_PICK) continue;
        points[i] += delta.points[code];
        exact[i] += delta.exact[code];
        correct[i] += delta.correct[code];
        live[i] += delta.live[code];
      }
    });
    for (let i = 0; i < n; i++) runOf[i] = shifts.runOf(points[i], exact[i], correct[i], live[i]);
  }
  const k = shifts.count;
  const start = new Int32Array(k + 1);
  for (let i = 0; i < n; i++) start[runOf[i] + 1]++;
  for (let r = 0; r < k; r++) start[r + 1] += start[r];
  const fill = start.slice(0, k);
  const flat = new Int32Array(n);
  for (let i = 0; i < n; i++) flat[fill[runOf[i]]++] = i;
  // A byte a member for the usual few dozen runs (runOf is scratch: the ranking keeps a copy).
  const compact = k <= 0xff ? new Uint8Array(runOf) : k <= 0xffff ? new Uint16Array(runOf) : runOf.slice();
  return new LiveRanking(base, shifts.shifts, compact, flat, start);
}

/**
 * The members' run numbers while a ranking is built, reused from one to the next: a goal re-ranks
 * every read table (several million members at 1M), and a fresh 4 bytes a member each time was
 * garbage enough to trigger the collector's full pauses in the middle of them. liveRanking is
 * synchronous, so one is never shared by two at once.
 */
let runsScratch = new Int32Array(0);
function scratchRuns(n: number): Int32Array {
  if (runsScratch.length < n) runsScratch = new Int32Array(n);
  return runsScratch.subarray(0, n);
}

/** Each member's summed cell while a several-move ranking is built: reused, as runsScratch is. */
let cellsScratch = new Int32Array(0);
function scratchCells(n: number): Int32Array {
  if (cellsScratch.length < n) cellsScratch = new Int32Array(n);
  return cellsScratch.subarray(0, n);
}

/** A pick code's run (one move; -1: not met yet) or cell delta (several) while a ranking is built; reset for each. */
const codeRuns = new Int32Array(PICK_CODES);
function scratchPerCode(): Int32Array {
  return codeRuns.fill(-1);
}

/** The live table's columns, whole, in table order (liveRanking, merged). */
export function liveColumns(base: OrderedBase, moves: readonly FixtureMove[]): RankedColumns {
  return liveRanking(base, moves).columns();
}

function sliceColumns(c: RankedColumns, start: number, end: number): RankedMember[] {
  const rows: RankedMember[] = [];
  for (let i = start; i < end; i++) {
    rows.push({ user_id: c.user_ids[i], rank: c.ranks[i], points: c.points[i], exact: c.exact[i], correct: c.correct[i], provisional: c.provisional[i] === 1 });
  }
  return rows;
}

/** Beyond this many possible shifts the runs are numbered through a map. */
const DENSE_SHIFTS = 1 << 22;
const FIGURES = ['points', 'exact', 'correct', 'live'] as const;

/**
 * Numbers the distinct shifts of (points, exact, correct, live) in the order met, and remembers
 * each. The moves bound each figure's shift (the sum of their smallest and largest deltas), so the
 * numbers live in a dense array over that box — a Map lookup per member cost more than the rest
 * of a re-rank's bookkeeping.
 */
class ShiftRuns {
  count = 0;
  readonly shifts = { points: [] as number[], exact: [] as number[], correct: [] as number[], live: [] as number[] };
  private readonly low = [0, 0, 0, 0];
  private readonly span = [1, 1, 1, 1];
  readonly dense: Int32Array | null;
  private readonly sparse = new Map<number, number>();

  constructor(deltas: readonly Record<keyof Contribution, Int16Array>[], moves: readonly FixtureMove[]) {
    FIGURES.forEach((figure, f) => {
      let low = 0;
      let high = 0;
      for (const [m, delta] of deltas.entries()) {
        // Only picked codes have a delta (the rest are 0, as no pick is): a few hundred, not all 20,000.
        let min = 0;
        let max = 0;
        for (const code of moves[m].picks.codes) {
          const d = delta[figure][code];
          if (d < min) min = d;
          if (d > max) max = d;
        }
        low += min;
        high += max;
      }
      this.low[f] = low;
      this.span[f] = high - low + 1;
    });
    const cells = this.span[0] * this.span[1] * this.span[2] * this.span[3];
    this.dense = cells <= DENSE_SHIFTS ? new Int32Array(cells).fill(-1) : null;
  }

  /** A shift's place in the box: linear in its figures. */
  cellOf(points: number, exact: number, correct: number, live: number): number {
    return (((points - this.low[0]) * this.span[1] + (exact - this.low[1])) * this.span[2] + (correct - this.low[2])) * this.span[3] + (live - this.low[3]);
  }

  /** The cell of no shift at all (a member no move changed). */
  get zeroCell(): number {
    return this.cellOf(0, 0, 0, 0);
  }

  runOf(points: number, exact: number, correct: number, live: number): number {
    const cell = this.cellOf(points, exact, correct, live);
    let run = this.dense ? this.dense[cell] : (this.sparse.get(cell) ?? -1);
    if (run < 0) {
      run = this.count++;
      if (this.dense) this.dense[cell] = run;
      else this.sparse.set(cell, run);
      this.shifts.points.push(points);
      this.shifts.exact.push(exact);
      this.shifts.correct.push(correct);
      this.shifts.live.push(live);
    }
    return run;
  }

  /** The run of a cell of the dense box (its figures read back from the cell the first time it is met). */
  runOfCell(cell: number): number {
    const run = this.dense![cell];
    if (run >= 0) return run;
    let rest = cell;
    const live = (rest % this.span[3]) + this.low[3];
    rest = Math.floor(rest / this.span[3]);
    const correct = (rest % this.span[2]) + this.low[2];
    rest = Math.floor(rest / this.span[2]);
    const exact = (rest % this.span[1]) + this.low[1];
    const points = Math.floor(rest / this.span[1]) + this.low[0];
    return this.runOf(points, exact, correct, live);
  }
}
