import type { ApiErrorBody } from '@scoreline/contracts/api/common';

/**
 * What a failed call may answer. The contract shape is ApiErrorBody; older readings of the
 * spec also look at `error` and at `errors.detail`, so those are accepted too.
 */
export type ServerErrorBody = Partial<ApiErrorBody> & { error?: string };

export const GENERIC_API_ERROR = 'An API error occurred.';
export const NETWORK_ERROR = 'Network error';

/**
 * An answer that lacks the data a screen needs. Thrown inside query functions, so its message
 * stays English (it is cached with the query): screens show their own translated text for it.
 */
export class IncompleteDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IncompleteDataError';
  }
}

/** A failed API call: `status` is 0 when the request never got an answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ServerErrorBody | null;

  constructor(status: number, body: ServerErrorBody | null, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function joinMessages(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const parts = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    return parts.length > 0 ? parts.join(' ') : undefined;
  }
  return nonEmptyString(value);
}

/** Narrows an unknown parsed JSON body to the server error shape, or null. */
export function toServerErrorBody(value: unknown): ServerErrorBody | null {
  return isRecord(value) ? (value as ServerErrorBody) : null;
}

/**
 * The generic API error text of spec section 8: errors.detail, message, detail, or the
 * joined field errors, else 'An API error occurred.'. With no readable body at all but a
 * status, 'HTTP {status}'.
 */
export function getApiErrorText(body: unknown, status?: number): string {
  if (!isRecord(body)) {
    return status ? `HTTP ${status}` : GENERIC_API_ERROR;
  }
  const errors = isRecord(body.errors) ? body.errors : undefined;
  const fromErrorsDetail = errors ? joinMessages(errors.detail) : undefined;
  if (fromErrorsDetail) return fromErrorsDetail;
  const message = nonEmptyString(body.message);
  if (message) return message;
  const detail = nonEmptyString(body.detail);
  if (detail) return detail;
  if (errors) {
    const joined = Object.values(errors)
      .map(joinMessages)
      .filter((part): part is string => Boolean(part))
      .join(' ');
    if (joined) return joined;
  }
  return GENERIC_API_ERROR;
}

/** The first message of one field in a validation failure, if the server sent one. */
export function getFieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || !error.body?.errors) return undefined;
  const list = error.body.errors[field];
  if (Array.isArray(list)) return list.find((m) => typeof m === 'string' && m.trim() !== '');
  return nonEmptyString(list);
}

/** body.message or body.detail from a failed call, if any (many screens show exactly that). */
export function getServerMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined;
  return nonEmptyString(error.body.message) ?? nonEmptyString(error.body.detail);
}
