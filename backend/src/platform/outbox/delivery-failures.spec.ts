import { DelayedError, RateLimitError, UnrecoverableError, WaitingChildrenError, WaitingError } from 'bullmq';
import { diesNow, failureText, failureVerdict, FAILURE_TEXT_MAX, toDeadLetter } from './delivery-failures';

describe('failureVerdict', () => {
  it('gives up at once on an UnrecoverableError (data that can never succeed)', () => {
    expect(failureVerdict(new UnrecoverableError('fixture 9 has no season'))).toBe('given-up');
  });

  it("does not count Postgres or Redis being away against the event: it is no failure of the event's own", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(failureVerdict(refused)).toBe('not-counted');
    expect(failureVerdict(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe('not-counted');
    expect(failureVerdict(new Error('Connection is closed.'))).toBe('not-counted');
    // TypeORM wraps the driver's error.
    expect(failureVerdict(Object.assign(new Error('query failed'), { driverError: refused }))).toBe('not-counted');
  });

  it("does not count BullMQ's own signals that move a job", () => {
    for (const signal of [new DelayedError(), new WaitingChildrenError(), new WaitingError(), new RateLimitError()]) {
      expect(failureVerdict(signal)).toBe('not-counted');
    }
  });

  it('counts every other failure: a bug, bad data, a server answering with an error', () => {
    expect(failureVerdict(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe('counted');
    expect(failureVerdict(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe('counted');
    expect(failureVerdict(new Error('550 5.1.1 mailbox unavailable'))).toBe('counted');
    expect(failureVerdict('a thrown string')).toBe('counted');
  });
});

describe('diesNow', () => {
  it('makes the delivery a dead letter at the attempt that reaches the bound, not before', () => {
    expect(diesNow({ attempts: 9, dead: false }, 10)).toBe(false);
    expect(diesNow({ attempts: 10, dead: false }, 10)).toBe(true);
    expect(diesNow({ attempts: 1, dead: false }, 1)).toBe(true);
  });

  it('takes a bound lowered since as reached, and never kills a dead letter twice', () => {
    expect(diesNow({ attempts: 7, dead: false }, 3)).toBe(true);
    expect(diesNow({ attempts: 11, dead: true }, 10)).toBe(false);
  });
});

describe('failureText', () => {
  it("keeps an error's message on one line", () => {
    expect(failureText(new Error('standings:\n  league 4\tmissing'))).toBe('standings: league 4 missing');
  });

  it('scrubs credentials a message quotes', () => {
    const text = failureText(new Error('push refused: Authorization: Bearer abc.def.ghi at https://push.example/x?token=s3cret'));
    expect(text).not.toContain('abc.def.ghi');
    expect(text).not.toContain('s3cret');
    expect(text).toContain('[Redacted]');
  });

  it('cuts a long message to FAILURE_TEXT_MAX characters, and names an error with no message', () => {
    const text = failureText(new Error('x'.repeat(2000)));
    expect(text).toHaveLength(FAILURE_TEXT_MAX);
    expect(text.endsWith('…')).toBe(true);
    expect(failureText(new TypeError(''))).toBe('TypeError');
    expect(failureText(undefined)).toBe('undefined');
    expect(failureText(new Error('  \n '))).toBe('unknown error');
  });
});

describe('toDeadLetter', () => {
  const row = {
    id: '7',
    event_id: '4242',
    name: 'result.recorded',
    queue: 'scoring',
    attempts: 10,
    last_error: 'scoring: fixture 3 is locked',
    event_created_at: new Date('2026-01-02T03:04:05Z'),
    first_failed_at: new Date('2026-01-02T03:04:06Z'),
    dead_at: new Date('2026-01-02T03:09:00Z'),
    replayed_at: null,
  };

  it('answers ids as numbers, the queue as the consumer and times as ISO strings', () => {
    expect(toDeadLetter(row)).toEqual({
      id: 7,
      event_id: 4242,
      event: 'result.recorded',
      consumer: 'scoring',
      attempts: 10,
      last_error: 'scoring: fixture 3 is locked',
      event_created_at: '2026-01-02T03:04:05.000Z',
      first_failed_at: '2026-01-02T03:04:06.000Z',
      dead_at: '2026-01-02T03:09:00.000Z',
      replayed_at: null,
    });
  });

  it('says when an operator last replayed it', () => {
    expect(toDeadLetter({ ...row, replayed_at: new Date('2026-01-02T03:05:00Z') }).replayed_at).toBe('2026-01-02T03:05:00.000Z');
  });
});
