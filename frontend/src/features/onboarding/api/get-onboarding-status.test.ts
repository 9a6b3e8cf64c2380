import { describe, expect, it } from 'vitest';
import { isOnboardingComplete } from './get-onboarding-status';

describe('isOnboardingComplete', () => {
  it('reads completed_onboarding or is_complete inside data', () => {
    expect(isOnboardingComplete({ data: { completed_onboarding: true, is_complete: true } })).toBe(true);
    expect(isOnboardingComplete({ data: { is_complete: true } })).toBe(true);
    expect(isOnboardingComplete({ data: { completed_onboarding: false } })).toBe(false);
  });

  it('reads the flags at the top level too', () => {
    expect(isOnboardingComplete({ completed_onboarding: true })).toBe(true);
    expect(isOnboardingComplete({ is_complete: false })).toBe(false);
  });

  it('counts anything else as not complete', () => {
    expect(isOnboardingComplete(null)).toBe(false);
    expect(isOnboardingComplete({ data: {} })).toBe(false);
  });
});
