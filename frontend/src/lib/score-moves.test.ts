import { describe, expect, it } from 'vitest';
import { ScoreMoves } from './score-moves';

describe('ScoreMoves', () => {
  it('counts goals, corrections, full time and postponements, not the minute ticking on', () => {
    const moves = new ScoreMoves();
    const update = (fixtureId: number, status: 'live' | 'finished' | 'postponed', homeScore: number | null, awayScore: number | null) =>
      moves.moved({ fixtureId, status, homeScore, awayScore });
    expect(update(1, 'live', 0, 0)).toBe(true); // first seen: unknown before
    expect(update(1, 'live', 0, 0)).toBe(false); // a minute tick
    expect(update(1, 'live', 1, 0)).toBe(true); // a goal
    expect(update(2, 'live', 1, 0)).toBe(true); // another match, first seen
    expect(update(1, 'live', 1, 0)).toBe(false);
    expect(update(1, 'finished', 1, 0)).toBe(true); // full time
    expect(update(1, 'finished', 1, 1)).toBe(true); // a correction
    expect(update(2, 'postponed', null, null)).toBe(true);
  });
});
