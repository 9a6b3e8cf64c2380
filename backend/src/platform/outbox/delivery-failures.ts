import { DelayedError, RateLimitError, UnrecoverableError, WaitingChildrenError, WaitingError } from 'bullmq';
import type { OutboxDeadLetter } from '@scoreline/contracts/api/console';
import { isOutageError } from '../common/outage';
import { redactText } from '../common/log-redaction';
import type { DeadLetterRow } from './outbox.queries';

/** The longest consumer error kept on a failed delivery (and shown in the console). */
export const FAILURE_TEXT_MAX = 500;

/**
 * What a consumer's failed attempt at an event means for its bound (OUTBOX_MAX_ATTEMPTS):
 * - 'given-up': an UnrecoverableError, data that can never succeed: settled at once as given up;
 * - 'not-counted': no failure of the event's own: Postgres or Redis away (the work runs again
 *   once they are back, however long that takes; a mail or push server refusing connections is
 *   taken the same way), or BullMQ's own signals that move a job (delayed, waiting, rate-limited);
 * - 'counted': anything else (a bug, bad data, a server answering with an error): one attempt more.
 */
export type FailureVerdict = 'given-up' | 'not-counted' | 'counted';

export function failureVerdict(error: unknown): FailureVerdict {
  if (error instanceof UnrecoverableError) return 'given-up';
  if (error instanceof DelayedError || error instanceof WaitingChildrenError || error instanceof WaitingError || error instanceof RateLimitError) {
    return 'not-counted';
  }
  return isOutageError(error) ? 'not-counted' : 'counted';
}

/**
 * Whether this failed attempt makes the delivery a dead letter: the first count to reach the
 * bound does (a smaller OUTBOX_MAX_ATTEMPTS after a restart counts as reached too); one already
 * dead (a stray re-run failing again) does not die twice, so it is logged and counted once.
 */
export function diesNow(counted: { attempts: number; dead: boolean }, maxAttempts: number): boolean {
  return !counted.dead && counted.attempts >= maxAttempts;
}

/** A consumer's error as kept and shown: its message on one line, credentials scrubbed, at most FAILURE_TEXT_MAX characters. */
export function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  const line = redactText(message).replace(/\s+/g, ' ').trim() || 'unknown error';
  return line.length > FAILURE_TEXT_MAX ? `${line.slice(0, FAILURE_TEXT_MAX - 1)}…` : line;
}

/** A dead letter as the console lists it. */
export function toDeadLetter(row: DeadLetterRow): OutboxDeadLetter {
  return {
    id: Number(row.id),
    event_id: Number(row.event_id),
    event: row.name,
    consumer: row.queue,
    attempts: row.attempts,
    last_error: row.last_error,
    event_created_at: new Date(row.event_created_at).toISOString(),
    first_failed_at: new Date(row.first_failed_at).toISOString(),
    dead_at: new Date(row.dead_at).toISOString(),
    replayed_at: row.replayed_at === null ? null : new Date(row.replayed_at).toISOString(),
  };
}
