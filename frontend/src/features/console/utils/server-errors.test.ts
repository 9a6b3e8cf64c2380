import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { formErrorsOf } from './server-errors';

const FIELDS = ['home_score', 'extra_time', 'penalties'] as const;

describe('formErrorsOf', () => {
  it('puts each field error under its field, nested paths under their parent', () => {
    const error = new ApiError(400, { message: 'extra_time.home must be a whole number from 0 to 99.', errors: { 'extra_time.home': ['extra_time.home must be a whole number from 0 to 99.'], home_score: ['home_score is required.'] } }, 'x');
    expect(formErrorsOf(error, FIELDS)).toEqual({
      fields: { extra_time: 'extra_time.home must be a whole number from 0 to 99.', home_score: 'home_score is required.' },
    });
  });

  it("answers the server's message when no field is named (a 409, an unknown field)", () => {
    expect(formErrorsOf(new ApiError(409, { message: 'A team of this match is not known yet.' }, 'x'), FIELDS)).toEqual({ fields: {}, message: 'A team of this match is not known yet.' });
    expect(formErrorsOf(new ApiError(400, { message: 'Bad.', errors: { other: ['Bad.'] } }, 'x'), FIELDS)).toEqual({ fields: {}, message: 'Bad.' });
  });

  it('leaves network failures and server errors to the form', () => {
    expect(formErrorsOf(new ApiError(0, null, 'Network error'), FIELDS)).toEqual({ fields: {} });
    expect(formErrorsOf(new ApiError(500, { message: 'boom' }, 'boom'), FIELDS)).toEqual({ fields: {} });
    expect(formErrorsOf(new Error('x'), FIELDS)).toEqual({ fields: {} });
  });
});
