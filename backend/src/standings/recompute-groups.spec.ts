import fc from 'fast-check';
import { recomputeGroups, type RecomputeLimits } from './recompute-groups';

const limits: RecomputeLimits = { aloneFrom: 1000, leagues: 3, members: 100 };

describe('recomputeGroups', () => {
  it('puts big leagues and leagues of unknown size alone, small ones in batches in league order', () => {
    const counts = new Map([[1, 10], [2, 5000], [3, 20], [4, 30], [5, 1000], [6, 999]]);
    expect(recomputeGroups([6, 3, 2, 7, 1, 4, 5, 3], counts, { ...limits, members: 2000 })).toEqual({ alone: [2, 5, 6, 7], batches: [[1, 3, 4]] });
  });

  it('closes a batch at the league or member limit; a batch of one is a league alone', () => {
    const counts = new Map([[1, 40], [2, 40], [3, 40], [4, 10], [5, 10], [6, 10], [7, 10], [8, 95]]);
    expect(recomputeGroups([1, 2, 3, 4, 5, 6, 7, 8], counts, limits)).toEqual({ alone: [8], batches: [[1, 2], [3, 4, 5], [6, 7]] });
  });

  it('never puts leagues of two seasons in one batch', () => {
    const counts = new Map([[1, 10], [2, 10], [3, 10], [4, 10], [5, 10]]);
    const seasons = new Map<number, number | null>([[1, 7], [2, 8], [3, 7], [4, 8], [5, null]]);
    expect(recomputeGroups([1, 2, 3, 4, 5], counts, limits, seasons)).toEqual({ alone: [5], batches: [[1, 3], [2, 4]] });
    expect(recomputeGroups([1, 2, 3, 4, 5], counts, limits, new Map([[1, 7], [2, 7], [3, 7], [4, 7], [5, 7]]))).toEqual(recomputeGroups([1, 2, 3, 4, 5], counts, limits));
  });

  it('never puts leagues of two competitions in one batch, even of one season', () => {
    const counts = new Map([[1, 10], [2, 10], [3, 10], [4, 10], [5, 10]]);
    const seasons = new Map<number, number | null>([[1, 7], [2, 7], [3, 7], [4, 7], [5, 7]]);
    const competitions = new Map<number, string | null>([[1, 'en.1'], [2, 'fifa.wc'], [3, 'en.1'], [4, 'fifa.wc'], [5, 'en.1']]);
    expect(recomputeGroups([1, 2, 3, 4, 5], counts, limits, seasons, competitions)).toEqual({ alone: [], batches: [[1, 3, 5], [2, 4]] });
  });

  it('names each league once, whatever the input (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.option(fc.integer({ min: 0, max: 1500 }))), { maxLength: 80 }), (input) => {
        const counts = new Map<number, number>();
        for (const [id, size] of input) if (size !== null && !counts.has(id)) counts.set(id, size);
        const ids = input.map(([id]) => id);
        const { alone, batches } = recomputeGroups(ids, counts, limits);
        const named = [...alone, ...batches.flat()].sort((a, b) => a - b);
        expect(named).toEqual([...new Set(ids)].sort((a, b) => a - b));
        for (const batch of batches) {
          expect(batch.length).toBeGreaterThan(1);
          expect(batch.length).toBeLessThanOrEqual(limits.leagues);
          expect(batch.reduce((sum, id) => sum + counts.get(id)!, 0)).toBeLessThanOrEqual(limits.members);
          expect(batch).toEqual([...batch].sort((a, b) => a - b));
          for (const id of batch) expect(counts.get(id)).toBeLessThan(limits.aloneFrom);
        }
        for (const id of alone) if (counts.has(id) && counts.get(id)! < limits.aloneFrom) expect(batches.flat()).not.toContain(id);
      }),
    );
  });
});
