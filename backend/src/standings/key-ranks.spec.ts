import fc from 'fast-check';
import { tableRanks, type TableFigures } from '@scoreline/contracts/game/table-ranking';
import { KeyRanks, type KeyCount } from './key-ranks';

const figures = fc.record({ points: fc.nat(6), exact: fc.nat(2), correct: fc.nat(2) });
const keyOf = (f: TableFigures) => `${f.points}:${f.exact}:${f.correct}`;

/** The histogram of a table: one bucket per key, counting its members (as league_key_counts holds it). */
function histogramOf(members: TableFigures[]): KeyCount[] {
  const buckets = new Map<string, KeyCount>();
  for (const m of members) {
    const bucket = buckets.get(keyOf(m)) ?? { ...m, n: 0 };
    bucket.n += 1;
    buckets.set(keyOf(m), bucket);
  }
  return [...buckets.values()];
}

describe('KeyRanks', () => {
  it('ranks every member as a plain rank() over the members does (ties share a rank)', () => {
    fc.assert(
      fc.property(fc.array(figures, { maxLength: 80 }), fc.boolean(), (members, shuffled) => {
        const counts = histogramOf(members);
        const ranks = new KeyRanks(shuffled ? counts.reverse() : counts);
        expect(members.map((m) => ranks.rankOf(m))).toEqual(tableRanks(members));
        expect(ranks.members).toBe(members.length);
      }),
    );
  });

  it('ranks a key nobody holds as 1 + the members above it, and ignores emptied buckets', () => {
    fc.assert(
      fc.property(fc.array(figures, { maxLength: 40 }), figures, (members, stranger) => {
        const ranks = new KeyRanks([...histogramOf(members), { ...stranger, n: 0 }]);
        expect(ranks.rankOf(stranger)).toBe(tableRanks([...members, stranger])[members.length]);
      }),
    );
  });

  it('counts the members with fewer points than any number of points', () => {
    fc.assert(
      fc.property(fc.array(figures, { maxLength: 60 }), fc.integer({ min: -1, max: 8 }), (members, points) => {
        expect(new KeyRanks(histogramOf(members)).countBelow(points)).toBe(members.filter((m) => m.points < points).length);
      }),
    );
  });

  it('answers 1, 1, 3 for two leaders tied on every figure', () => {
    const ranks = new KeyRanks([
      { points: 10, exact: 1, correct: 2, n: 2 },
      { points: 10, exact: 0, correct: 3, n: 1 },
    ]);
    expect(ranks.rankOf({ points: 10, exact: 1, correct: 2 })).toBe(1);
    expect(ranks.rankOf({ points: 10, exact: 0, correct: 3 })).toBe(3);
    expect(ranks.rankOf({ points: 0, exact: 0, correct: 0 })).toBe(4);
  });
});
