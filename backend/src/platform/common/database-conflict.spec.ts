import { QueryFailedError } from 'typeorm';
import { toErrorBody } from './api-exception.filter';
import { databaseConflictAnswer } from './database-conflict';

const pgError = (code: string) => new QueryFailedError('INSERT …', [], Object.assign(new Error('pg says no'), { code }));

describe('database conflicts that escape a service', () => {
  it('answer a unique violation with 409 in the error shape', () => {
    expect(databaseConflictAnswer(pgError('23505'))).toEqual({
      status: 409,
      body: { message: 'That conflicts with a change made at the same moment. Reload and try again.' },
    });
  });

  it('answer a serialization failure or a deadlock with a retryable 503', () => {
    for (const code of ['40001', '40P01']) {
      expect(databaseConflictAnswer(pgError(code))).toEqual({ status: 503, body: expect.objectContaining({ retry_after_seconds: 1 }) });
    }
  });

  it('leave every other error alone (a 500 stays a 500, a plain object with a code is not a query error)', () => {
    expect(databaseConflictAnswer(pgError('23503'))).toBeNull();
    expect(databaseConflictAnswer(pgError('08006'))).toBeNull();
    expect(databaseConflictAnswer({ code: '23505' })).toBeNull();
    expect(databaseConflictAnswer(new Error('boom'))).toBeNull();
    expect(databaseConflictAnswer(null)).toBeNull();
  });

  it('are what the exception filter answers', () => {
    expect(toErrorBody(pgError('23505')).status).toBe(409);
    expect(toErrorBody(pgError('40P01')).status).toBe(503);
    expect(toErrorBody(pgError('42P01'))).toEqual({ status: 500, body: { message: 'Something went wrong on our side. Please try again.' } });
  });
});
