import { BENCH_SEASONS } from './bench-seasons';

describe('BENCH_SEASONS', () => {
  it('gives every bench case a season label of its own (seasons are unique by league code and label)', () => {
    const labels = Object.values(BENCH_SEASONS).map((s) => s.label);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
