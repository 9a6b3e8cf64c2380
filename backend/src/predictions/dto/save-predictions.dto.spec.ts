import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { SavePredictionsDto } from './save-predictions.dto';

const errorsOf = (body: unknown): string[] =>
  validateSync(plainToInstance(SavePredictionsDto, body) as object).flatMap(function messages(e): string[] {
    return [...Object.values(e.constraints ?? {}), ...(e.children ?? []).flatMap(messages)];
  });

describe('SavePredictionsDto', () => {
  it('accepts a well-formed save', () => {
    expect(errorsOf({ predictions: [{ fixture: 1, home_score: 2, away_score: 1, is_banker: true }] })).toEqual([]);
  });

  it('refuses a prediction that is a list, naming what a prediction is', () => {
    expect(errorsOf({ predictions: [[]] })).toContain('each prediction must be an object: {fixture, home_score, away_score, is_banker}.');
    expect(errorsOf({ predictions: [[{ fixture: 1, home_score: 2, away_score: 1, is_banker: true }]] }).length).toBeGreaterThan(0);
  });

  it('refuses a prediction that is not an object', () => {
    expect(errorsOf({ predictions: [3] }).length).toBeGreaterThan(0);
    expect(errorsOf({ predictions: [null] }).length).toBeGreaterThan(0);
  });
});
