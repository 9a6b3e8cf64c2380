import { HttpStatus } from '@nestjs/common';
import type { ApiErrorBody } from '@scoreline/contracts/api/common';

/**
 * Safety net only: every known race is fixed where it happens (locks, ON CONFLICT), each with
 * its own test. A conflict that still escapes a service is the client's to retry, not a 500:
 * a unique violation means the same thing was just done by another request (409); a
 * serialization failure or deadlock means trying again will work (503, retry in a second).
 */
export function databaseConflictAnswer(exception: unknown): { status: number; body: ApiErrorBody } | null {
  const code = sqlStateOf(exception);
  if (code === '23505') {
    return { status: HttpStatus.CONFLICT, body: { message: 'That conflicts with a change made at the same moment. Reload and try again.' } };
  }
  if (code === '40001' || code === '40P01') {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { message: 'That collided with a change made at the same moment. Please try again.', retry_after_seconds: 1 },
    };
  }
  return null;
}

/** The SQLSTATE of a PostgreSQL error as TypeORM throws it (QueryFailedError copies the driver's fields). */
function sqlStateOf(exception: unknown): string | null {
  if (typeof exception !== 'object' || exception === null) return null;
  const e = exception as { name?: unknown; code?: unknown; driverError?: { code?: unknown } };
  if (e.name !== 'QueryFailedError') return null;
  const code = e.driverError?.code ?? e.code;
  return typeof code === 'string' ? code : null;
}
