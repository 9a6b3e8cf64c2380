import type { CannonResult } from './autocannon';
import { againstFloor, mergeSlices } from './floor-ratio';

const run = (rps: number, p99: number): CannonResult => ({ requests: { average: rps, total: rps * 10 }, latency: { p50: p99 / 2, p99 }, non2xx: 0, errors: 0 });

describe('againstFloor', () => {
  it('divides the read by the mean of the health runs around it', () => {
    expect(againstFloor(run(500, 120), run(1_600, 50), run(1_400, 70))).toEqual({ throughput: 500 / 1_500, p99: 2 });
  });

  it('says 0 rather than dividing by a floor that served nothing', () => {
    expect(againstFloor(run(500, 120), run(0, 0), run(0, 0))).toEqual({ throughput: 0, p99: 0 });
  });
});

describe('mergeSlices', () => {
  it('means the rates and latencies of equal slices and sums their counts', () => {
    const failing = { ...run(300, 40), non2xx: 2, errors: 1 };
    expect(mergeSlices([run(100, 20), run(200, 30), failing])).toEqual({
      requests: { average: 200, total: 6_000 },
      latency: { p50: 15, p99: 30 },
      non2xx: 2,
      errors: 1,
    });
  });

  it('refuses to merge nothing', () => {
    expect(() => mergeSlices([])).toThrow('no slice');
  });
});
