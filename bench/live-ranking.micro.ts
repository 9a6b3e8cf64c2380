import { liveRanking } from '@scoreline/backend/standings/live-ranking';
import { ordered, packPick, picksByUser, type FixtureMove } from '@scoreline/backend/standings/live-table';
import { percentile } from './percentile';

/**
 * The API's re-rank alone (`liveRanking`), no database: a 1M-member table, 90% of whom picked,
 * re-ranked for one goal and for five matches moved at once; the median of 15 of each. What the
 * headline's "every rank readable" spends per table in the API's thread.
 *   npm run build:server && node dist/bench/live-ranking.micro.js [members]
 */
function main(): void {
  const members = Number(process.argv[2] ?? 1_000_000);
  if (!Number.isInteger(members) || members < 1) throw new Error(`live-ranking micro-bench: members must be a positive integer, not ${process.argv[2]}`);
  // A fixed generator: the same table on every run, so builds compare.
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const column = (max: number) => Int32Array.from({ length: members }, () => Math.floor(random() * max));
  const base = ordered({ user_ids: Int32Array.from({ length: members }, (_, i) => i + 1), points: column(200), exact: column(10), correct: column(20), live_scored: new Int32Array(members) });
  const pickers: number[] = [];
  const codes: number[] = [];
  for (let id = 1; id <= members; id++) {
    if (random() < 0.9) {
      pickers.push(id);
      codes.push(packPick(Math.floor(random() * 4), Math.floor(random() * 4), random() < 0.1));
    }
  }
  const picks = picksByUser(Int32Array.from(pickers), Int32Array.from(codes));
  const goal = (k: number): FixtureMove => ({ picks, from: { status: 'live', home: 0, away: k % 2 }, to: { status: 'live', home: 1, away: k % 3 } });
  for (const [label, moves] of [
    ['one goal', [goal(0)]],
    ['five matches moved', [0, 1, 2, 3, 4].map(goal)],
  ] as const) {
    const times: number[] = [];
    for (let run = 0; run < 15; run++) {
      const start = process.hrtime.bigint();
      const ranking = liveRanking(base, moves);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      // Read from it, so nothing of the build is optimised away.
      if (ranking.slice(0, 1).length !== 1) throw new Error('live-ranking micro-bench: an empty ranking');
    }
    console.log(`[bench] liveRanking, ${members.toLocaleString('en')} members, ${label}: median ${percentile(times, 0.5).toFixed(1)} ms (min ${Math.min(...times).toFixed(1)} ms, 15 runs)`);
  }
}

main();
