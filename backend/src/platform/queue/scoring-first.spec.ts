import { DelayedError } from 'bullmq';
import { afterScoring, SCORING_FIRST, yieldsToScoring } from './scoring-first';

describe('yieldsToScoring', () => {
  it('steps back while a fixture is being scored, for at most maxMs from the job’s creation', () => {
    expect(yieldsToScoring(1, 1_000, 1_000, 30_000)).toBe(true);
    expect(yieldsToScoring(2, 1_000, 30_999, 30_000)).toBe(true);
    expect(yieldsToScoring(1, 1_000, 31_000, 30_000)).toBe(false);
    expect(yieldsToScoring(0, 1_000, 1_000, 30_000)).toBe(false);
  });
});

describe('afterScoring', () => {
  const job = (timestamp = Date.now()) => {
    const moves: { at: number; token?: string }[] = [];
    return { moves, timestamp, moveToDelayed: async (at: number, token?: string) => void moves.push({ at, token }) };
  };
  const scoring = (active: number) => ({ getActiveCount: async () => active });

  it('runs the work when nothing is being scored', async () => {
    const j = job();
    await expect(afterScoring(j, 'tok', scoring(0), async () => 42)).resolves.toBe(42);
    expect(j.moves).toEqual([]);
  });

  it('puts the same job back for waitMs while a fixture is being scored, and does not run the work', async () => {
    const j = job();
    const before = Date.now();
    let ran = false;
    await expect(afterScoring(j, 'tok', scoring(1), async () => (ran = true))).rejects.toBeInstanceOf(DelayedError);
    expect(ran).toBe(false);
    expect(j.moves).toHaveLength(1);
    expect(j.moves[0].token).toBe('tok');
    expect(j.moves[0].at).toBeGreaterThanOrEqual(before + SCORING_FIRST.waitMs);
  });

  it('runs the work once the job has waited its longest, or when it has no lock token', async () => {
    const old = job(Date.now() - SCORING_FIRST.maxMs - 1);
    await expect(afterScoring(old, 'tok', scoring(1), async () => 'late')).resolves.toBe('late');
    await expect(afterScoring(job(), undefined, scoring(1), async () => 'by hand')).resolves.toBe('by hand');
    expect(old.moves).toEqual([]);
  });
});
