import { describe, expect, it } from 'vitest';
import { ApiError, getApiErrorText, getFieldError, getServerMessage } from './api-error';

describe('getApiErrorText', () => {
  it('prefers errors.detail over everything else', () => {
    expect(getApiErrorText({ message: 'Bad request', errors: { detail: ['Token expired'] } }, 400)).toBe('Token expired');
  });

  it('uses the message when there is no errors.detail', () => {
    expect(getApiErrorText({ message: 'League not found', detail: 'No league 9' }, 404)).toBe('League not found');
  });

  it('falls back to detail when there is no message', () => {
    expect(getApiErrorText({ detail: 'Authentication credentials were not provided.' }, 401)).toBe(
      'Authentication credentials were not provided.',
    );
  });

  it('joins the field errors when there is no message or detail', () => {
    expect(getApiErrorText({ errors: { email: ['Enter a valid email.'], password: ['Too short.'] } }, 400)).toBe(
      'Enter a valid email. Too short.',
    );
  });

  it("says 'An API error occurred.' for a readable body with nothing to show", () => {
    expect(getApiErrorText({ errors: {} }, 500)).toBe('An API error occurred.');
  });

  it("says 'HTTP {status}' when only the status is known", () => {
    expect(getApiErrorText(null, 502)).toBe('HTTP 502');
  });

  it("says 'An API error occurred.' with neither a body nor a status", () => {
    expect(getApiErrorText(undefined)).toBe('An API error occurred.');
  });
});

describe('field and server messages', () => {
  const error = new ApiError(400, { message: 'Validation failed', errors: { username: ['Taken.', 'Too long.'] } }, 'x');

  it('reads the first error of a field', () => {
    expect(getFieldError(error, 'username')).toBe('Taken.');
    expect(getFieldError(error, 'email')).toBeUndefined();
  });

  it('reads message then detail', () => {
    expect(getServerMessage(error)).toBe('Validation failed');
    expect(getServerMessage(new ApiError(401, { detail: 'Nope' }, 'x'))).toBe('Nope');
    expect(getServerMessage(new Error('plain'))).toBeUndefined();
  });
});
