import { isOutageError } from './outage';

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
