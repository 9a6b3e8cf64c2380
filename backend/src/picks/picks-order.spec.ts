import { tableRanks } from '@scoreline/contracts/game/table-ranking';
import { indexOfUser, packOrder, pageIndexes } from './picks-order';

const rows = [
  { user_id: 7, points: 50, exact: 2, correct: 3 },
  { user_id: 3, points: 40, exact: 1, correct: 3 },
  { user_id: 5, points: 40, exact: 1, correct: 3 },
  { user_id: 9, points: 40, exact: 0, correct: 4 },
  { user_id: 2, points: 0, exact: 0, correct: 0 },
];

describe('packOrder', () => {
  it('shares a rank only when points, exact scores and correct results are all equal', () => {
    expect([...packOrder(rows).ranks]).toEqual([1, 2, 2, 4, 5]);
  });

  it('ranks as the table ranking rule does', () => {
    expect([...packOrder(rows).ranks]).toEqual(tableRanks(rows));
  });

  it('keeps the order it was given', () => {
    expect([...packOrder(rows).userIds]).toEqual([7, 3, 5, 9, 2]);
  });
});

describe('pageIndexes', () => {
  const order = packOrder(rows);

  it('slices a page of the whole league', () => {
    expect(pageIndexes(order, 2, 2, null)).toEqual({ indexes: [2, 3], total: 5 });
    expect(pageIndexes(order, 4, 2, null)).toEqual({ indexes: [4], total: 5 });
    expect(pageIndexes(order, 10, 2, null)).toEqual({ indexes: [], total: 5 });
  });

  it('pages only the members a search kept, in league order', () => {
    const only = new Set([2, 5, 7]);
    expect(pageIndexes(order, 0, 2, only)).toEqual({ indexes: [0, 2], total: 3 });
    expect(pageIndexes(order, 2, 2, only)).toEqual({ indexes: [4], total: 3 });
  });

  it('finds a user', () => {
    expect(indexOfUser(order, 9)).toBe(3);
    expect(indexOfUser(order, 99)).toBe(-1);
  });
});
