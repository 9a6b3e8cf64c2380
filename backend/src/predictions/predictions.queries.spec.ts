import { lockForSaveSql } from './predictions.queries';

describe('lockForSaveSql', () => {
  it("takes the gameweek's shared lock, then the user's, in one plain statement", () => {
    expect(lockForSaveSql(19, 4021)).toBe('SELECT pg_advisory_xact_lock_shared(7304, 19), pg_advisory_xact_lock(7302, 4021)');
  });

  it.each([[1.5, 2], [3, Number.NaN], [2 ** 60, 1]])('refuses ids that are not integers (%p, %p): they are written into the text', (gameweekId, userId) => {
    expect(() => lockForSaveSql(gameweekId, userId)).toThrow(/must be integers/);
  });
});
