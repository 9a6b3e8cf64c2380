import type { Queue } from 'bullmq';
import { DEFAULT_JOB_OPTIONS } from './event-routes';
import type { OutboxRow } from './outbox.queries';
import { deliverAgain, outboxJobOf } from './redelivery';

const row = { id: '31', name: 'bonus.settled', payload: { seasonId: 2, leagueId: null }, created_at: new Date('2026-01-02T03:04:05Z') } as OutboxRow;

/** A queue that only knows one job's state, and records what was done to it. */
function queueWith(state: string) {
  const done: string[] = [];
  const queue = {
    getJobState: async (id: string) => (id === 'evt-31' ? state : 'unknown'),
    add: async (name: string, _data: unknown, opts: { jobId: string }) => done.push(`add ${name} ${opts.jobId}`),
    getJob: async (id: string) => ({ retry: async (from: string, opts: object) => done.push(`retry ${id} from ${from} ${JSON.stringify(opts)}`) }),
  };
  return { queue: queue as unknown as Queue, done };
}

describe('outboxJobOf', () => {
  it('names the job as its event, carries the event whole, and takes the outbox id as job id', () => {
    expect(outboxJobOf(row)).toEqual({
      name: 'bonus.settled',
      data: { id: 31, name: 'bonus.settled', payload: { seasonId: 2, leagueId: null }, occurredAt: '2026-01-02T03:04:05.000Z' },
      opts: { ...DEFAULT_JOB_OPTIONS, jobId: 'evt-31' },
    });
  });
});

describe('deliverAgain', () => {
  it('enqueues anew a job Redis does not know', async () => {
    const { queue, done } = queueWith('unknown');
    expect(await deliverAgain(queue, row)).toBe('enqueued');
    expect(done).toEqual(['add bonus.settled evt-31']);
  });

  it('retries a job that failed for good, its attempts reset', async () => {
    const { queue, done } = queueWith('failed');
    expect(await deliverAgain(queue, row)).toBe('retried');
    expect(done).toEqual(['retry evt-31 from failed {"resetAttemptsMade":true,"resetAttemptsStarted":true}']);
  });

  it('touches neither a completed job nor one still on its way', async () => {
    for (const [state, answer] of [
      ['completed', 'completed'],
      ['waiting', 'on-its-way'],
      ['delayed', 'on-its-way'],
      ['active', 'on-its-way'],
    ]) {
      const { queue, done } = queueWith(state);
      expect(await deliverAgain(queue, row)).toBe(answer);
      expect(done).toEqual([]);
    }
  });
});
