import { ApiError } from '@/lib/api-error';

/** A field of a failed call's body that is a non-empty string. */
export function serverText(error: unknown, field: 'message' | 'detail' | 'error'): string | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined;
  const value = error.body[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkError;
}
