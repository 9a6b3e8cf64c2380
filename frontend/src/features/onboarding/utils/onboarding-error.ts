import { ApiError } from '@/lib/api-error';

/** Spec section 8: 'HTTP {status}: {message, detail or Unknown error}', else 'An unknown error occurred.' */
export function onboardingErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    const text = error.body?.message || error.body?.detail || 'Unknown error';
    return `HTTP ${error.status}: ${text}`;
  }
  return 'An unknown error occurred.';
}
