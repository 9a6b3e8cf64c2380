import { EventEmitter } from 'node:events';
import { outageLog, SETTLE_MS } from '../common/outage';
import { reportQueueOutages, reportRedisOutages, whenReady } from './redis-outage';

describe('reporting Redis outages', () => {
  const lines: string[] = [];
  const outage = outageLog('Redis', { warn: (m) => lines.push(m) });
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

  beforeEach(() => {
    jest.useFakeTimers();
    lines.length = 0;
  });

  afterEach(() => jest.useRealTimers());

  it('gives a client an error listener (ioredis printed a stack per attempt without one) and hears it come back', () => {
    const client = reportRedisOutages(new EventEmitter(), 'shared connection');
    for (let i = 0; i < 20; i += 1) expect(() => client.emit('error', refused())).not.toThrow();
    client.emit('ready');
    jest.advanceTimersByTime(SETTLE_MS);
    expect(lines).toHaveLength(2);
    expect(outage.isDown).toBe(false);
  });

  it('does the same for a BullMQ queue or worker, its comeback told by its backend', () => {
    const backend = new EventEmitter();
    const worker = reportQueueOutages(Object.assign(new EventEmitter(), { getBackend: () => backend }), 'worker standings');
    expect(() => worker.emit('error', refused())).not.toThrow();
    expect(outage.isDown).toBe(true);
    backend.emit('ready');
    jest.advanceTimersByTime(SETTLE_MS);
    expect(outage.isDown).toBe(false);
    expect(lines[0]).toContain('Redis is unreachable (worker standings: connect ECONNREFUSED');
  });

  it('lets a client closed for good (shutdown) stop holding the outage open', () => {
    const client = reportRedisOutages(new EventEmitter(), 'live relay: room pushes');
    client.emit('error', refused());
    client.emit('end');
    expect(outage.isDown).toBe(false);
  });
});

describe('waiting for a connection being made', () => {
  class Client extends EventEmitter {
    constructor(public status: string) {
      super();
    }
  }

  it('answers at once for a ready client and for one closed for good', async () => {
    await expect(whenReady(new Client('ready'), 1_000)).resolves.toBe(true);
    await expect(whenReady(new Client('end'), 1_000)).resolves.toBe(false);
  });

  it('answers true when the connection becomes ready in time, and leaves no listener behind', async () => {
    const client = new Client('connecting');
    const answer = whenReady(client, 1_000);
    setTimeout(() => client.emit('ready'), 10);
    await expect(answer).resolves.toBe(true);
    expect(client.listenerCount('ready')).toBe(0);
  });

  it('answers false after the timeout, and leaves no listener behind', async () => {
    const client = new Client('reconnecting');
    await expect(whenReady(client, 20)).resolves.toBe(false);
    expect(client.listenerCount('ready')).toBe(0);
  });
});
