import { goalMinutes, planMatchReplay, plausibleScore, seededRandom } from './replay-plan';

describe('match replay plan', () => {
  it.each([
    [0, 0],
    [1, 0],
    [0, 3],
    [4, 2],
    [7, 1],
  ])('ends %i-%i exactly, with scores that only go up one goal at a time', (home, away) => {
    const steps = planMatchReplay(home, away, { durationSeconds: 60, seed: 42 });
    expect(steps[0]).toMatchObject({ status: 'live', minute: 1, homeScore: 0, awayScore: 0, label: 'kick-off' });
    expect(steps.at(-1)).toMatchObject({ status: 'finished', homeScore: home, awayScore: away, atSecond: 60 });
    expect(steps.filter((s) => s.label === 'goal')).toHaveLength(home + away);
    for (let i = 1; i < steps.length; i++) {
      const before = steps[i - 1];
      const now = steps[i];
      expect(now.atSecond).toBeGreaterThanOrEqual(before.atSecond);
      expect(now.minute).toBeGreaterThanOrEqual(before.minute);
      expect(now.homeScore + now.awayScore - (before.homeScore + before.awayScore)).toBeLessThanOrEqual(1);
      expect(now.homeScore).toBeGreaterThanOrEqual(before.homeScore);
      expect(now.awayScore).toBeGreaterThanOrEqual(before.awayScore);
    }
  });

  it('is repeatable for a seed and differs between seeds', () => {
    expect(planMatchReplay(3, 2, { durationSeconds: 30, seed: 7 })).toEqual(planMatchReplay(3, 2, { durationSeconds: 30, seed: 7 }));
    expect(planMatchReplay(3, 2, { durationSeconds: 30, seed: 7 })).not.toEqual(planMatchReplay(3, 2, { durationSeconds: 30, seed: 8 }));
  });

  it('puts goals on distinct minutes from 2 to 90 (1 is the kick-off)', () => {
    const minutes = goalMinutes(12, seededRandom(1));
    expect(new Set(minutes).size).toBe(12);
    expect(Math.min(...minutes)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...minutes)).toBeLessThanOrEqual(90);
  });

  it('adds clock ticks when asked, and shows half time', () => {
    const steps = planMatchReplay(0, 0, { durationSeconds: 95, seed: 3, tickEveryMinutes: 10 });
    expect(steps.filter((s) => s.label === 'minute').map((s) => s.minute)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(steps.find((s) => s.label === 'half-time')).toMatchObject({ minute: 45, atSecond: 45 });
  });

  it('refuses impossible input', () => {
    expect(() => planMatchReplay(-1, 0, { durationSeconds: 10, seed: 1 })).toThrow(RangeError);
    expect(() => planMatchReplay(1.5, 0, { durationSeconds: 10, seed: 1 })).toThrow(RangeError);
    expect(() => planMatchReplay(1, 0, { durationSeconds: 0, seed: 1 })).toThrow(RangeError);
  });
});

describe('plausible scores for matches without a real result', () => {
  it('are small whole numbers with a realistic average', () => {
    const random = seededRandom(11);
    const scores = Array.from({ length: 2000 }, () => plausibleScore(random));
    for (const [h, a] of scores) {
      expect(Number.isInteger(h) && h >= 0 && h <= 9).toBe(true);
      expect(Number.isInteger(a) && a >= 0 && a <= 9).toBe(true);
    }
    const goals = scores.reduce((sum, [h, a]) => sum + h + a, 0) / scores.length;
    expect(goals).toBeGreaterThan(2.2);
    expect(goals).toBeLessThan(3.2);
  });
});
