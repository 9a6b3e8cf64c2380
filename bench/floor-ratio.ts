import type { CannonResult } from './autocannon';

/** A read's figures as a ratio to the server's floor (/api/health) measured around it in the same run. */
export interface FloorRatio {
  /** The read's req/s over the floor's: 1 would be as fast as health. */
  throughput: number;
  /** The read's p99 over the floor's: 1 would be no slower than health at the tail. */
  p99: number;
}

/**
 * The floor is the mean of the health runs just before and just after the read, so a load that
 * drifts while the bench runs (other work on a shared machine) weighs on both sides alike.
 */
export function againstFloor(read: CannonResult, before: CannonResult, after: CannonResult): FloorRatio {
  const rps = (before.requests.average + after.requests.average) / 2;
  const p99 = (before.latency.p99 + after.latency.p99) / 2;
  return { throughput: rps > 0 ? read.requests.average / rps : 0, p99: p99 > 0 ? read.latency.p99 / p99 : 0 };
}

/**
 * Runs of the same URL taken in slices (interleaved with another's), as one: req/s and the
 * latencies are the slices' means (equal lengths), totals and failures their sums.
 */
export function mergeSlices(slices: CannonResult[]): CannonResult {
  if (slices.length === 0) throw new Error('mergeSlices: no slice');
  const mean = (of: (r: CannonResult) => number) => slices.reduce((sum, r) => sum + of(r), 0) / slices.length;
  const sum = (of: (r: CannonResult) => number) => slices.reduce((total, r) => total + of(r), 0);
  return {
    requests: { average: mean((r) => r.requests.average), total: sum((r) => r.requests.total) },
    latency: { p50: mean((r) => r.latency.p50), p99: mean((r) => r.latency.p99) },
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
  };
}
