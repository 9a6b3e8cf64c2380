import { describe, expect, it } from 'vitest';
import { makeLeaderboard, makeRow } from '../testing/fixtures';
import { applyLeaderboardUpdate } from './live-leaderboard';

const change = (userId: number, rank: number, previousRank: number | null, totalPoints = 500) => ({
  userId,
  rank,
  previousRank,
  totalPoints,
  recentPoints: 30,
});

describe('applyLeaderboardUpdate', () => {
  const board = makeLeaderboard([makeRow(1), makeRow(2), makeRow(3)]);

  it('re-ranks known rows in place and recomputes their badges', () => {
    const next = applyLeaderboardUpdate(board, { truncated: false, changed: [change(103, 1, 3, 999), change(101, 2, 1), change(102, 3, 2)] });
    expect(next).not.toBe('refetch');
    const rows = (next as typeof board).leaderboard;
    expect(rows.map((r) => [r.user_id, r.rank, r.badge])).toEqual([
      [103, 1, 'crown'],
      [101, 2, 'medal'],
      [102, 3, 'medal'],
    ]);
    expect(rows[0].total_points).toBe(999);
    expect(rows[0].previous_rank).toBe(3);
  });

  it('refetches when truncated or when a row it does not hold appears', () => {
    expect(applyLeaderboardUpdate(board, { truncated: true, changed: [] })).toBe('refetch');
    expect(applyLeaderboardUpdate(board, { truncated: false, changed: [change(999, 2, null)] })).toBe('refetch');
  });

  it('ignores rows far below a page of a longer table, but refetches when one enters it', () => {
    const page = makeLeaderboard([makeRow(1), makeRow(2)], { has_next: true, total_pages: 3 });
    expect(applyLeaderboardUpdate(page, { truncated: false, changed: [change(999, 80, 81)] })).not.toBe('refetch');
    expect(applyLeaderboardUpdate(page, { truncated: false, changed: [change(999, 2, 81)] })).toBe('refetch');
    expect(applyLeaderboardUpdate(page, { truncated: false, changed: [change(101, 60, 1)] })).toBe('refetch');
  });
});
