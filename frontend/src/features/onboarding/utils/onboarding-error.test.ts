import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { onboardingErrorText } from './onboarding-error';

describe('onboardingErrorText', () => {
  it('shows the status with the message, detail or Unknown error', () => {
    expect(onboardingErrorText(new ApiError(400, { message: 'Club not found' }, 'x'))).toBe('HTTP 400: Club not found');
    expect(onboardingErrorText(new ApiError(403, { detail: 'Forbidden' }, 'x'))).toBe('HTTP 403: Forbidden');
    expect(onboardingErrorText(new ApiError(500, null, 'x'))).toBe('HTTP 500: Unknown error');
  });

  it('says An unknown error occurred. without a status', () => {
    expect(onboardingErrorText(new ApiError(0, null, 'Network error'))).toBe('An unknown error occurred.');
    expect(onboardingErrorText(new Error('boom'))).toBe('An unknown error occurred.');
  });
});
