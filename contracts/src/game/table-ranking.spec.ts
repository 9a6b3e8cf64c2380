import { compareTableFigures, tableRanks, tableWinners } from './table-ranking';

const f = (points: number, exact = 0, correct = 0) => ({ points, exact, correct });

describe('tableRanks', () => {
  it('ranks by points first', () => {
    expect(tableRanks([f(10), f(30), f(20)])).toEqual([3, 1, 2]);
  });

  it('breaks a tie on points by exact scores', () => {
    expect(tableRanks([f(40, 1, 3), f(40, 2, 2)])).toEqual([2, 1]);
  });

  it('breaks a tie on points and exact scores by correct results', () => {
    expect(tableRanks([f(40, 1, 2), f(40, 1, 4), f(40, 1, 3)])).toEqual([3, 1, 2]);
  });

  it('lets members equal on all three share a rank, and the next rank skips (1, 1, 3)', () => {
    expect(tableRanks([f(50, 2, 3), f(50, 2, 3), f(20, 0, 2)])).toEqual([1, 1, 3]);
  });

  it('does not let a tie-breaker lift fewer points above more', () => {
    expect(tableRanks([f(30, 9, 9), f(31, 0, 0)])).toEqual([2, 1]);
  });

  it('ranks an empty table as empty', () => {
    expect(tableRanks([])).toEqual([]);
  });
});

describe('compareTableFigures', () => {
  it('is 0 only for full ties', () => {
    expect(compareTableFigures(f(5, 1, 1), f(5, 1, 1))).toBe(0);
    expect(compareTableFigures(f(5, 1, 1), f(5, 1, 0))).toBeLessThan(0);
    expect(compareTableFigures(f(5, 0, 1), f(5, 1, 0))).toBeGreaterThan(0);
  });
});

describe('tableWinners', () => {
  it('crowns everyone sharing rank 1', () => {
    const a = { ...f(85, 2, 5), id: 'a' };
    const b = { ...f(85, 2, 5), id: 'b' };
    const c = { ...f(85, 1, 6), id: 'c' };
    expect(tableWinners([a, b, c]).map((w) => w.id)).toEqual(['a', 'b']);
  });

  it('crowns nobody when nobody scored', () => {
    expect(tableWinners([f(0), f(0)])).toEqual([]);
  });
});
