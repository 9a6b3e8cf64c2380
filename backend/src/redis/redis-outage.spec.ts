import { EventEmitter } from 'node:events';
import { outageLog, SETTLE_MS } from '../common/outage';
import { reportQueueOutages, reportRedisOutages } from './redis-outage';

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
