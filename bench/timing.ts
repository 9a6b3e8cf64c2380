/** Milliseconds since `start` (a `process.hrtime.bigint()`). */
export const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** A figure as the bench prints it: whole units. */
export const round = (n: number) => Math.round(n);
