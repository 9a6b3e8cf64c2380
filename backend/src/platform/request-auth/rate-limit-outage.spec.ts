import type { ExecutionContext } from '@nestjs/common';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../common/outage';
import { rateLimitBuckets, USER_AND_ADDRESS_LIMITS } from './rate-limit-buckets';
import { limitOfKey, limitUnavailableError, OutageNotice, WHILE_REDIS_IS_DOWN, whileRedisIsDown } from './rate-limit-outage';
import { RATE_LIMITS } from './rate-limit.guard';

/** The key the throttler makes for a route of the sign-in family. */
function keyOf(limit: keyof typeof RATE_LIMITS, controller = 'AuthController', handler = 'login'): string {
  const context = { getClass: () => ({ name: controller }), getHandler: () => ({ name: handler }) } as unknown as ExecutionContext;
  return RATE_LIMITS[limit].default.generateKey(context, '203.0.113.7', 'default');
}

describe('which limits fail closed while Redis is down', () => {
  it('refuses sign-in, every code check or mail, and invite codes; keeps refresh, writes and the export up', () => {
    const refused = Object.entries(WHILE_REDIS_IS_DOWN)
      .filter(([, rule]) => rule === 'refuse')
      .map(([name]) => name)
      .sort();
    expect(refused).toEqual(
      ['code-cooldown', 'forgotPassword', 'invite-preview', 'league-join', 'login', 'register', 'resend', 'sign-in-throttle', 'verify'].sort(),
    );
    for (const name of ['refresh', 'writes', 'account-export']) expect({ name, rule: whileRedisIsDown(name) }).toEqual({ name, rule: 'count-in-memory' });
  });

  it('classifies every limit there is, and refuses for a name nobody classified', () => {
    const names = [...Object.keys(RATE_LIMITS), ...Object.values(USER_AND_ADDRESS_LIMITS).map((l) => l.name)];
    for (const name of names) expect({ name, known: Object.hasOwn(WHILE_REDIS_IS_DOWN, name) }).toEqual({ name, known: true });
    expect(whileRedisIsDown('some-new-limit')).toBe('refuse');
    expect(whileRedisIsDown('')).toBe('refuse');
    expect(whileRedisIsDown('constructor')).toBe('refuse');
  });
});

describe('limitOfKey', () => {
  it('reads the limit from a sign-in-family key, which stays per route and hides the address', () => {
    expect(limitOfKey(keyOf('login'))).toBe('login');
    expect(limitOfKey(keyOf('refresh', 'AuthController', 'refresh'))).toBe('refresh');
    expect(keyOf('login')).not.toContain('203.0.113.7');
    // The same limit on another route counts apart (change password shares login's numbers, not its counter).
    expect(keyOf('login', 'AuthController', 'changePassword')).not.toBe(keyOf('login'));
    for (const name of Object.keys(RATE_LIMITS) as (keyof typeof RATE_LIMITS)[]) expect(limitOfKey(keyOf(name))).toBe(name);
  });

  it('reads the limit from a per-user-and-address bucket key', () => {
    const keys = rateLimitBuckets(USER_AND_ADDRESS_LIMITS.leagueJoin, { userId: 42, address: '::1' }, 1).map((b) => b.key);
    expect(keys.map(limitOfKey)).toEqual(['league-join', 'league-join']);
    expect(limitOfKey(rateLimitBuckets(USER_AND_ADDRESS_LIMITS.writes, { userId: null, address: '10.0.0.1' }, 1)[0].key)).toBe('writes');
  });

  it('answers no limit for a key without a name, so that key refuses', () => {
    expect(limitOfKey('0123abcd')).toBe('');
    expect(limitOfKey(':login')).toBe('');
    expect(whileRedisIsDown(limitOfKey('0123abcd'))).toBe('refuse');
  });
});

describe('limitUnavailableError', () => {
  it('is a 503 in the error shape with a retry hint of a few seconds', () => {
    const error = limitUnavailableError();
    expect(error.getStatus()).toBe(503);
    expect(error.getResponse()).toEqual({ message: expect.stringMatching(/try again/), retry_after_seconds: OUTAGE_RETRY_AFTER_SECONDS });
    expect(OUTAGE_RETRY_AFTER_SECONDS).toBeGreaterThanOrEqual(1);
    expect(OUTAGE_RETRY_AFTER_SECONDS).toBeLessThanOrEqual(5);
  });
});

describe('OutageNotice', () => {
  it('says once when Redis goes and once when it is back, however many requests notice', () => {
    const lines: string[] = [];
    const notice = new OutageNotice({ warn: (m) => lines.push(`warn ${m}`), log: (m) => lines.push(`log ${m}`) }, 'refusing', 'counting again');
    notice.answered();
    expect(lines).toEqual([]);
    for (let i = 0; i < 100; i++) notice.failed(`timeout ${i}`);
    expect(notice.isDown).toBe(true);
    for (let i = 0; i < 100; i++) notice.answered();
    expect(notice.isDown).toBe(false);
    notice.failed('connection reconnecting');
    expect(lines).toEqual([
      'warn Redis unreachable (timeout 0): refusing',
      'log Redis is back: counting again',
      'warn Redis unreachable (connection reconnecting): refusing',
    ]);
  });
});
