/**
 * The nearest-rank percentile of `values` (any order; not modified): the smallest value with at
 * least `q` (0–1) of the values at or below it. 0 for no values.
 */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}
