import { percentile } from './percentile';
import { ms } from './timing';

/** Work started at the same moment: ms until each part finished, and until the last did. */
export interface AtOnce {
  each: number[];
  all: number;
}

/**
 * Starts every part at the same moment (a statement each takes a pool connection of its own) and
 * times each from that moment: the floor of work that the app does for several competitions at
 * once is the same work in plain SQL at once, until the last part is done. A part that fails
 * fails the whole.
 */
export async function atOnce(parts: (() => Promise<unknown>)[]): Promise<AtOnce> {
  const start = process.hrtime.bigint();
  const each = await Promise.all(
    parts.map(async (part) => {
      await part();
      return ms(start);
    }),
  );
  return { each, all: Math.max(0, ...each) };
}

/** The median of several runs: of the last part's times, and per part of its own. */
export function medianOfRuns(runs: readonly AtOnce[]): AtOnce {
  const parts = runs[0]?.each.length ?? 0;
  return {
    each: Array.from({ length: parts }, (_, i) => percentile(runs.map((r) => r.each[i]), 0.5)),
    all: percentile(runs.map((r) => r.all), 0.5),
  };
}
