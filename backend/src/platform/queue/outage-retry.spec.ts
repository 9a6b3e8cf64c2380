import { DelayedError } from 'bullmq';
import { OUTAGE_RETRY_MS, retryWhileDown } from './outage-retry';

describe('retryWhileDown', () => {
  const cut = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  const job = () => {
    const moves: { at: number; token?: string }[] = [];
    return { moves, moveToDelayed: async (at: number, token?: string) => void moves.push({ at, token }) };
  };

  it('answers the work', async () => {
    await expect(retryWhileDown(job(), 'tok', async () => 42)).resolves.toBe(42);
  });

  it('puts the same job back for OUTAGE_RETRY_MS when Postgres or Redis is away, without spending an attempt', async () => {
    const j = job();
    const before = Date.now();
    await expect(retryWhileDown(j, 'tok', () => Promise.reject(cut()))).rejects.toBeInstanceOf(DelayedError);
    expect(j.moves).toHaveLength(1);
    expect(j.moves[0].token).toBe('tok');
    expect(j.moves[0].at).toBeGreaterThanOrEqual(before + OUTAGE_RETRY_MS);
    expect(j.moves[0].at).toBeLessThanOrEqual(Date.now() + OUTAGE_RETRY_MS);
  });

  it('leaves any other failure to BullMQ (its attempts and backoff)', async () => {
    const j = job();
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    await expect(retryWhileDown(j, 'tok', () => Promise.reject(bug))).rejects.toBe(bug);
    expect(j.moves).toEqual([]);
  });

  it('throws the outage itself when the job cannot be put back (Redis away too, or no lock token)', async () => {
    const failing = { moveToDelayed: () => Promise.reject(new Error('Connection is closed.')) };
    const error = cut();
    await expect(retryWhileDown(failing, 'tok', () => Promise.reject(error))).rejects.toBe(error);
    await expect(retryWhileDown(job(), undefined, () => Promise.reject(error))).rejects.toBe(error);
  });
});
