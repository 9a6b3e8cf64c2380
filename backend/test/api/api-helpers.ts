import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { Response } from 'supertest';
import type { OtpPurpose } from '@scoreline/contracts/api/auth';
import type Redis from 'ioredis';
import { BackgroundWorkService } from '@scoreline/backend/auth/background-work.service';
import { LoginThrottleService } from '@scoreline/backend/auth/login-throttle.service';
import { REDIS } from '@scoreline/backend/platform/redis/redis.module';
import { newUserInput, TestUserInput } from '../support/factories';
import type { TestSystem } from '../support/test-system';

/** Helpers shared by the auth, onboarding and api integration suites. */

export const bearer = (token: string): { Authorization: string } => ({ Authorization: `Bearer ${token}` });

const ERROR_KEYS = ['message', 'detail', 'errors', 'retry_after_seconds'];
// Stack frames, exception class names and SQL: none of it may reach a client.
const LEAKS = /\n\s*at |^\s*at |\bat \S+ \(|[A-Za-z]+Error:|QueryFailed|node_modules|\.[jt]s:\d+|\bSELECT\b|\bINSERT\b|\bUPDATE\b.*\bSET\b|Unexpected token|Unexpected end of JSON|" is not valid JSON|in JSON at position/m;

/** An answer as supertest or a raw client (the fuzz) reads it. */
export type AnswerLike = Pick<Response, 'status' | 'headers' | 'body' | 'text'>;

/** Why `res` is not a failure in the one error shape `{message, detail?, errors?, retry_after_seconds?}`, or null. */
export function errorShapeProblem(res: AnswerLike, status?: number): string | null {
  if (status !== undefined ? res.status !== status : res.status < 400 || res.status > 499) {
    return `status ${res.status}, expected ${status ?? '4xx'}`;
  }
  if (!/application\/json/.test(String(res.headers['content-type']))) return `content-type ${res.headers['content-type']}`;
  const body: unknown = res.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not an object';
  const b = body as Record<string, unknown>;
  if (typeof b.message !== 'string' || b.message.trim() === '') return 'message is not a non-empty string';
  const extra = Object.keys(b).filter((k) => !ERROR_KEYS.includes(k));
  if (extra.length > 0) return `unexpected keys ${extra.join(', ')}`;
  if (b.detail !== undefined && typeof b.detail !== 'string') return 'detail is not a string';
  if (b.retry_after_seconds !== undefined && typeof b.retry_after_seconds !== 'number') return 'retry_after_seconds is not a number';
  if (b.errors !== undefined) {
    if (typeof b.errors !== 'object' || b.errors === null || Array.isArray(b.errors)) return 'errors is not an object';
    for (const [field, messages] of Object.entries(b.errors)) {
      if (!Array.isArray(messages) || messages.length === 0 || messages.some((m) => typeof m !== 'string' || m.trim() === '')) {
        return `errors.${field} is not a list of messages`;
      }
    }
  }
  if (LEAKS.test(res.text)) return 'body leaks internals';
  return null;
}

/** Assert a failure in the one error shape (any 4xx unless a status is given). */
export function expectErrorShape(res: Response, status?: number): void {
  const problem = errorShapeProblem(res, status);
  if (problem) throw new Error(`${problem}\n${res.status} ${res.text.slice(0, 500)}`);
}

/** Helmet's headers, our Permissions-Policy, and no X-Powered-By: on every answer, errors included. */
export function expectSecurityHeaders(res: Response): void {
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  const policy = String(res.headers['permissions-policy']);
  for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) expect(policy).toContain(denied);
  expect(policy).toContain('web-share=(self)');
}

export interface WriteSnapshot {
  users: number;
  users_digest: string;
  email_codes: number;
  email_codes_digest: string;
  outbox_events: number;
  league_members: number;
  league_members_digest: string;
  leagues: number;
}

/** Counts (and content digests) of every table a refused call must leave alone. */
export async function writeSnapshot(sys: TestSystem): Promise<WriteSnapshot> {
  const [row]: WriteSnapshot[] = await sys.db.query(`
    SELECT (SELECT count(*) FROM users)::int AS users,
           (SELECT md5(coalesce(string_agg(u::text, '|' ORDER BY u.id), '')) FROM users u) AS users_digest,
           (SELECT count(*) FROM email_codes)::int AS email_codes,
           (SELECT md5(coalesce(string_agg(c::text, '|' ORDER BY c.id), '')) FROM email_codes c) AS email_codes_digest,
           (SELECT count(*) FROM outbox_events)::int AS outbox_events,
           (SELECT count(*) FROM league_members)::int AS league_members,
           (SELECT md5(coalesce(string_agg(m::text, '|' ORDER BY m.league_id, m.user_id), '')) FROM league_members m) AS league_members_digest,
           (SELECT count(*) FROM leagues)::int AS leagues`);
  return row;
}

/**
 * Wait until every outbox row is relayed and the mail queue is idle, so a mail that was going
 * to be sent has arrived. (Narrower than sys.settle(): queues of other areas don't hold us up.)
 */
export async function settleMail(sys: TestSystem, timeoutMs = 15000): Promise<void> {
  // Codes for resend and forgot-password are issued after the answer.
  await sys.api.get(BackgroundWorkService).idle();
  const mail = sys.workers.get<Queue>(getQueueToken('mail'), { strict: false });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ pending }]: { pending: number }[] = await sys.db.query(`SELECT count(*)::int AS pending FROM outbox_events WHERE dispatched_at IS NULL`);
    const counts = await mail.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    const busy = Object.values(counts).reduce((a, b) => a + b, 0);
    if (pending === 0 && busy === 0) return;
    if (Date.now() > deadline) throw new Error(`Mail did not settle: ${pending} outbox rows, ${busy} mail jobs`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Register through the API without verifying. */
export async function registerUser(sys: TestSystem, overrides: Partial<TestUserInput> = {}): Promise<TestUserInput & { id: number }> {
  const input = newUserInput(overrides);
  const res = await sys.http.post('/api/auth/register/').send({ ...input, password_confirm: input.password });
  if (res.status !== 201) throw new Error(`register answered ${res.status} ${res.text}`);
  return { ...input, id: await userIdOf(sys, input.email) };
}

export async function userIdOf(sys: TestSystem, email: string): Promise<number> {
  const [row]: { id: number }[] = await sys.db.query(`SELECT id FROM users WHERE email = lower($1)`, [email]);
  return row.id;
}

/**
 * Move a user's codes of one purpose back in time (instead of sleeping through a cooldown or
 * expiry). Moving created_at also moves the per-email resend cooldown kept in Redis.
 */
export async function moveCodesBack(sys: TestSystem, userId: number, purpose: OtpPurpose, column: 'created_at' | 'expires_at', seconds: number): Promise<void> {
  await sys.db.query(`UPDATE email_codes SET ${column} = ${column} - make_interval(secs => $3) WHERE user_id = $1 AND purpose = $2`, [
    userId,
    purpose,
    seconds,
  ]);
  if (column !== 'created_at') return;
  const [{ email }]: { email: string }[] = await sys.db.query(`SELECT email FROM users WHERE id = $1`, [userId]);
  const key = sys.api.get(LoginThrottleService).codeSlotKey(email, purpose);
  const redis = sys.api.get<Redis>(REDIS);
  const left = (await redis.pttl(key)) - seconds * 1000;
  if (left > 0) await redis.pexpire(key, left);
  else await redis.del(key);
}

/** A well-formed 6-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0');
}

export function verifyOtp(sys: TestSystem, email: string, otp_code: string, purpose: OtpPurpose = 'email_verification') {
  return sys.http.post('/api/auth/verify-otp/').send({ email, otp_code, purpose });
}

export function login(sys: TestSystem, email: string, password: string) {
  return sys.http.post('/api/auth/login/').send({ email, password });
}
