import { UnrecoverableError } from 'bullmq';

/**
 * Checks of a job's data shared by every queue's parser. Bad data can never succeed, so each
 * throws an UnrecoverableError: BullMQ fails the job at once instead of retrying it.
 */

/** Accepted "now" overrides: an ISO timestamp within a sane range (tests move the clock; nothing else should). */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2200, 0, 1);

/** The job's data as a record of fields. */
export function jobRecord(name: string, data: unknown): Record<string, unknown> {
  const record = (data ?? {}) as Record<string, unknown>;
  if (typeof record !== 'object' || Array.isArray(record)) throw new UnrecoverableError(`${name}: job data must be an object`);
  return record;
}

/** A row id field (a positive Postgres int). */
export function jobId(name: string, record: Record<string, unknown>, field: string): number {
  const value = record[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0 || value > 2_147_483_647) {
    throw new UnrecoverableError(`${name}: ${field} must be a positive integer`);
  }
  return value;
}

/** A scheduled sweep's clock: `clock` (the real now) unless the job carries its own `now`. */
export function jobNow(name: string, record: Record<string, unknown>, clock: Date): Date {
  if (record.now === undefined) return clock;
  const at = typeof record.now === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(record.now) ? Date.parse(record.now) : NaN;
  if (!Number.isFinite(at) || at < EARLIEST || at >= LATEST) throw new UnrecoverableError(`${name}: now must be an ISO timestamp, got ${JSON.stringify(record.now)}`);
  return new Date(at);
}
