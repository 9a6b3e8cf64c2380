import { isOutageError, outageLog, OutageLog, QUIET_SOURCE_MS, REPEAT_OTHER_MS, SETTLE_MS } from './outage';

describe('isOutageError', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection cut by a Postgres restart', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['Postgres still starting', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection failure SQLSTATE', Object.assign(new Error('x'), { code: '08006' })],
    ['pg terminated mid-query', new Error('Connection terminated unexpectedly')],
    ['pg pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a TypeORM-wrapped driver error', Object.assign(new Error('query failed'), { driverError: Object.assign(new Error('x'), { code: 'ECONNRESET' }) })],
    ['ioredis giving up', Object.assign(new Error('Reached the max retries per request limit (which is 3).'), { name: 'MaxRetriesPerRequestError' })],
    ['ioredis without an offline queue', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['ioredis closed', new Error('Connection is closed.')],
    ['a cause chain', new Error('outer', { cause: Object.assign(new Error('inner'), { code: 'ETIMEDOUT' }) })],
  ])('is true for %s', (_name, error) => {
    expect(isOutageError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near'), { code: '42601' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isOutageError(error)).toBe(false);
  });
});

describe('OutageLog', () => {
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
  let lines: string[];
  let log: OutageLog;

  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
    lines = [];
    log = new OutageLog('Redis', { warn: (m) => lines.push(m) });
  });

  afterEach(() => jest.useRealTimers());

  it('says once that the dependency is down and once that it is back, however many errors came between', () => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      log.failed('shared connection', refused());
      log.failed('queue standings', refused());
    }
    jest.advanceTimersByTime(1500);
    log.recovered('shared connection');
    jest.advanceTimersByTime(SETTLE_MS);
    expect(log.isDown).toBe(true); // the queue's connection is still away
    log.recovered('queue standings');
    expect(lines).toHaveLength(1); // not yet: every connection must hold for SETTLE_MS
    jest.advanceTimersByTime(SETTLE_MS);
    expect(lines).toEqual([
      'Redis is unreachable (shared connection: connect ECONNREFUSED 127.0.0.1:6379); its connections retry quietly until it is back',
      `Redis is back after ${(1.5 + SETTLE_MS / 1000).toFixed(1)} s (100 connection error(s) meanwhile)`,
    ]);
    expect(log.isDown).toBe(false);
  });

  it('keeps a connection that comes up and fails again at once within the same outage (one line, not two)', () => {
    log.failed('a connection', refused());
    log.recovered('a connection'); // opened while Postgres was shutting down…
    jest.advanceTimersByTime(SETTLE_MS / 2);
    log.failed('a connection', refused()); // …and cut a moment later
    log.recovered('a connection');
    jest.advanceTimersByTime(SETTLE_MS);
    expect(lines.map((l) => l.split(' ').slice(0, 3).join(' '))).toEqual(['Redis is unreachable', 'Redis is back']);
  });

  it('says nothing when a connection that never failed becomes ready (the first connect)', () => {
    log.recovered('shared connection');
    jest.advanceTimersByTime(SETTLE_MS);
    expect(lines).toEqual([]);
  });

  it('says the next outage again, counting its own errors', () => {
    log.failed('a', refused());
    log.recovered('a');
    jest.advanceTimersByTime(SETTLE_MS);
    log.failed('a', refused());
    log.failed('a', refused());
    log.recovered('a');
    jest.advanceTimersByTime(SETTLE_MS);
    expect(lines.filter((l) => l.includes('unreachable'))).toHaveLength(2);
    expect(lines[3]).toContain('(2 connection error(s) meanwhile)');
  });

  it('takes a source quiet for QUIET_SOURCE_MS as back, so one that never reconnects cannot keep the log down', () => {
    log.failed('gone', refused());
    log.failed('a', refused());
    jest.advanceTimersByTime(QUIET_SOURCE_MS - 1);
    log.failed('a', refused());
    log.recovered('a');
    jest.advanceTimersByTime(SETTLE_MS);
    expect(log.isDown).toBe(true);
    log.failed('a', refused());
    jest.advanceTimersByTime(1);
    log.recovered('a');
    jest.advanceTimersByTime(SETTLE_MS);
    expect(log.isDown).toBe(false);
    expect(lines.filter((l) => l.includes('is back after'))).toHaveLength(1);
  });

  it('forgets a closed source without saying it is back', () => {
    log.failed('a', refused());
    log.closed('a');
    expect(log.isDown).toBe(false);
    expect(lines).toHaveLength(1);
  });

  it('says an error that is no outage once per source and text (numbers aside), without counting the dependency down', () => {
    log.failed('worker live', new Error('Missing key for job 812. moveToFinished'));
    log.failed('worker live', new Error('Missing key for job 813. moveToFinished'));
    log.failed('worker mail', new Error('Missing key for job 812. moveToFinished'));
    expect(log.isDown).toBe(false);
    expect(lines).toEqual(['Redis (worker live): Missing key for job 812. moveToFinished', 'Redis (worker mail): Missing key for job 812. moveToFinished']);
    jest.advanceTimersByTime(REPEAT_OTHER_MS);
    log.failed('worker live', new Error('Missing key for job 900. moveToFinished'));
    expect(lines).toHaveLength(3); // and again after a while, in case it went on
  });
});

describe('isOutageError for a query runner TypeORM released', () => {
  const released = () => Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), { name: 'QueryRunnerAlreadyReleasedError' });
  const postgres = outageLog('PostgreSQL', { warn: () => undefined });

  afterEach(() => jest.useRealTimers());

  it('is a bug while no Postgres connection of the process failed', () => {
    expect(isOutageError(released())).toBe(false);
  });

  it('is an outage right after one failed (TypeORM released the transaction\'s connection when it failed)', () => {
    jest.useFakeTimers({ now: 5_000_000 });
    postgres.failed('a connection', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    expect(isOutageError(released())).toBe(true);
    expect(isOutageError(Object.assign(released(), { name: 'QueryRunnerProviderAlreadyReleasedError' }))).toBe(true);
    jest.advanceTimersByTime(60_000);
    expect(isOutageError(released())).toBe(false);
  });
});
