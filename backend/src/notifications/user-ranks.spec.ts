import fc from 'fast-check';
import { UserRanks } from './user-ranks';

describe('UserRanks', () => {
  it('finds each member\'s rank (and move) as a Map of the rows would, and null for a user who is no member', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 2000 }), { maxLength: 200 }), fc.integer({ min: 0, max: 2001 }), (ids, probe) => {
        const users = [...ids].sort((a, b) => a - b);
        const rows = users.map((user_id, i) => ({ user_id, rank: (i * 7) % 13 + 1, before: (i * 5) % 11 + 1 }));
        const ranks = UserRanks.of(Int32Array.from(users), Int32Array.from(rows.map((r) => r.rank)), Int32Array.from(rows.map((r) => r.before)));
        const byUser = new Map(rows.map((r) => [r.user_id, r]));
        expect(ranks.size).toBe(users.length);
        expect(ranks.userIds()).toEqual(users);
        for (const id of [...users, probe]) {
          const row = byUser.get(id);
          expect(ranks.rankOf(id)).toBe(row?.rank ?? null);
          expect(ranks.moveOf(id)).toEqual(row ? { rank: row.rank, before: row.before } : null);
        }
      }),
    );
  });

  it('refuses columns of different lengths and user ids out of order', () => {
    expect(() => UserRanks.of(Int32Array.of(1, 2), Int32Array.of(1))).toThrow(/2 users, 1 ranks/);
    expect(() => UserRanks.of(Int32Array.of(1), Int32Array.of(1), Int32Array.of())).toThrow(/ranks before/);
    expect(() => UserRanks.of(Int32Array.of(2, 2), Int32Array.of(1, 1))).toThrow(/not ascending/);
    expect(() => UserRanks.of(Int32Array.of(3, 1), Int32Array.of(1, 1))).toThrow(/not ascending/);
  });

  it('has no move without the ranks before', () => {
    expect(() => UserRanks.of(Int32Array.of(1), Int32Array.of(1)).moveOf(1)).toThrow(/without the ranks before/);
    expect(UserRanks.of(new Int32Array(0), new Int32Array(0)).rankOf(1)).toBeNull();
  });
});
