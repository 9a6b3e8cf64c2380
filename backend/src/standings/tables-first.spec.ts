import { DelayedError } from 'bullmq';
import { afterTables, queuedTablesOf, TABLES_FIRST, yieldsToTables } from './tables-first';

describe('queuedTablesOf', () => {
  it('reads the recomputes’ job ids a job’s progress keeps, and null before it queued them', () => {
    expect(queuedTablesOf({ tables: ['7', '8'] })).toEqual(['7', '8']);
    expect(queuedTablesOf({ tables: [] })).toEqual([]);
    expect(queuedTablesOf(0)).toBeNull();
    expect(queuedTablesOf({})).toBeNull();
    expect(queuedTablesOf({ tables: [7] })).toBeNull();
  });
});

describe('yieldsToTables', () => {
  it('steps back while a table job is queued or running, for at most maxMs from the job’s creation', () => {
    for (const pending of ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']) {
      expect(yieldsToTables(['completed', pending], 1_000, 1_000, 30_000)).toBe(true);
    }
    expect(yieldsToTables(['active'], 1_000, 30_999, 30_000)).toBe(true);
    expect(yieldsToTables(['active'], 1_000, 31_000, 30_000)).toBe(false);
  });

  it('goes on once every table job has run, failed or is gone', () => {
    expect(yieldsToTables(['completed', 'failed', 'unknown'], 1_000, 1_000, 30_000)).toBe(false);
    expect(yieldsToTables([], 1_000, 1_000, 30_000)).toBe(false);
  });
});

describe('afterTables', () => {
  const job = (timestamp = Date.now()) => {
    const moves: { at: number; token?: string }[] = [];
    return { moves, timestamp, moveToDelayed: async (at: number, token?: string) => void moves.push({ at, token }) };
  };
  const queue = (states: Record<string, string>) => ({ getJobState: async (id: string) => states[id] ?? 'unknown' });

  it('runs the work once the table jobs have run', async () => {
    const j = job();
    await expect(afterTables(j, 'tok', ['1', '2'], queue({ '1': 'completed', '2': 'failed' }), async () => 42)).resolves.toBe(42);
    expect(j.moves).toEqual([]);
  });

  it('puts the same job back for waitMs while a table job is pending, and does not run the work', async () => {
    const j = job();
    const before = Date.now();
    let ran = false;
    await expect(afterTables(j, 'tok', ['1', '2'], queue({ '1': 'completed', '2': 'active' }), async () => (ran = true))).rejects.toBeInstanceOf(DelayedError);
    expect(ran).toBe(false);
    expect(j.moves).toHaveLength(1);
    expect(j.moves[0].token).toBe('tok');
    expect(j.moves[0].at).toBeGreaterThanOrEqual(before + TABLES_FIRST.waitMs);
  });

  it('runs the work after maxMs even while a table job is pending, and at once without a token (a job run by hand)', async () => {
    const old = job(Date.now() - TABLES_FIRST.maxMs - 1);
    await expect(afterTables(old, 'tok', ['1'], queue({ '1': 'active' }), async () => 'late')).resolves.toBe('late');
    const byHand = job();
    await expect(afterTables(byHand, undefined, ['1'], queue({ '1': 'active' }), async () => 'now')).resolves.toBe('now');
    expect([...old.moves, ...byHand.moves]).toEqual([]);
  });
});
