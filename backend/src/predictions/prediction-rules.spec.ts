import { checkPredictionSubmission } from './prediction-rules';

const p = (fixture: number, is_banker = false) => ({ fixture, home_score: 1, away_score: 0, is_banker });
const gw = new Set([10, 11, 12]);

describe('checkPredictionSubmission', () => {
  it.each([
    ['a valid save with one banker', [p(10, true), p(11), p(12)], {}],
    ['a partial save without banker', [p(11)], {}],
    ['two bankers', [p(10, true), p(11, true)], { predictions: ['Only one banker per gameweek: 2 were marked.'] }],
    ['a fixture of another gameweek', [p(10), p(99)], { 'predictions[1].fixture': ['Fixture 99 is not part of Gameweek 3, the only gameweek open for predictions.'] }],
    ['a fixture twice', [p(10), p(10)], { 'predictions[1].fixture': ['Fixture 10 appears twice (also predictions[0]).'] }],
  ])('%s', (_name, predictions, expected) => {
    expect(checkPredictionSubmission(predictions, gw, 'Gameweek 3')).toEqual(expected);
  });
});
