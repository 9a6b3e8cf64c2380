import { i18n } from '@/lib/i18n';
import { ApiError } from '@/lib/api-error';

/**
 * Spec section 8: 'HTTP {status}: {message, detail or Unknown error}', else 'An unknown error occurred.'
 * (the server's message as is, the rest in the current language). A plain function, so i18n.t.
 */
export function onboardingErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    const message = error.body?.message || error.body?.detail || i18n.t('onboarding:errors.unknownError');
    return i18n.t('onboarding:errors.http', { status: error.status, message });
  }
  return i18n.t('onboarding:errors.unknown');
}
