import type { PredictionInput } from '@scoreline/contracts/api/predictions';
import { checkPredictionSubmission, type OpenFixture } from './prediction-rules';

const p = (fixture: number, is_banker = false, advance?: PredictionInput['advance']): PredictionInput => ({
  fixture,
  home_score: 1,
  away_score: 0,
  is_banker,
  ...(advance === undefined ? {} : { advance }),
});
const league: OpenFixture = { knockout: false, tieLeg: null, unknownTeams: null };
const gw = new Map<number, OpenFixture>([
  [10, league],
  [11, league],
  [12, league],
  [20, { knockout: true, tieLeg: null, unknownTeams: null }],
  [21, { knockout: true, tieLeg: 1, unknownTeams: null }],
  [22, { knockout: true, tieLeg: 2, unknownTeams: null }],
  [23, { knockout: true, tieLeg: null, unknownTeams: 'W73 v W74' }],
]);

describe('checkPredictionSubmission', () => {
  it.each([
    ['a valid save with one banker', [p(10, true), p(11), p(12)], {}],
    ['a partial save without banker', [p(11)], {}],
    ['two bankers', [p(10, true), p(11, true)], { predictions: ['Only one banker per gameweek: 2 were marked.'] }],
    ['a fixture of another gameweek', [p(10), p(99)], { 'predictions[1].fixture': ['Fixture 99 is not part of Gameweek 3, the only gameweek open for predictions.'] }],
    ['a fixture twice', [p(10), p(10)], { 'predictions[1].fixture': ['Fixture 10 appears twice (also predictions[0]).'] }],
    ['an advance pick on a single knockout match and on a second leg', [p(20, true, 'home'), p(22, false, 'away')], {}],
    ['no advance pick on a knockout match (it is optional), null alike', [p(20), p(22, false, null), p(10, false, null)], {}],
    ['an advance pick on a league match', [p(10, false, 'home')], { 'predictions[0].advance': ['Fixture 10 takes no "who goes through" pick: only a knockout match has one.'] }],
    [
      'an advance pick on a first leg',
      [p(22), p(21, false, 'away')],
      { 'predictions[1].advance': ['Fixture 21 takes no "who goes through" pick: in a two-legged tie who goes through is picked with the second leg.'] },
    ],
    ['a fixture whose teams are not known', [p(23)], { 'predictions[0].fixture': ['Fixture 23 is not open for predictions yet: its teams are not known (W73 v W74).'] }],
  ])('%s', (_name, predictions, expected) => {
    expect(checkPredictionSubmission(predictions, gw, 'Gameweek 3')).toEqual(expected);
  });
});
