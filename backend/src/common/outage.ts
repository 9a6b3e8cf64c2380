/**
 * Whether an error means a dependency (PostgreSQL or Redis) is unreachable or going away, as
 * opposed to a bug or a bad request. Such a request is answered 503 (retry later), never 401 or
 * 500: a database blip must not sign fans out.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** PostgreSQL SQLSTATEs: connection exceptions (class 08), shutdown/not yet accepting (57P01–57P03), too many connections. */
const POSTGRES_CODES = /^(08...|57P0[123]|53300)$/;
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /connection is closed/i,
  /enableOfflineQueue/i,
  /command timed out/i,
  /max(imum)? ?retries ?per ?request/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

export function isOutageError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as { code?: unknown; name?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || POSTGRES_CODES.test(e.code))) return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
  // TypeORM wraps the driver's error; Node wraps causes.
  return isOutageError(e.driverError, depth + 1) || isOutageError(e.cause, depth + 1);
}

/** Seconds a client is asked to wait before trying again after a 503. */
export const OUTAGE_RETRY_AFTER_SECONDS = 2;
