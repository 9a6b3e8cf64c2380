import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { PredictionInput } from '@scoreline/contracts/api/predictions';
import type { OpenFixture } from './prediction-rules';
import { saveTargetOf, type SaveTarget, type SaveTargets } from './save-targets';

const p = (fixture: number, is_banker = false, advance?: PredictionInput['advance']): PredictionInput => ({
  fixture,
  home_score: 2,
  away_score: 1,
  is_banker,
  ...(advance === undefined ? {} : { advance }),
});
const league: OpenFixture = { knockout: false, tieLeg: null, unknownTeams: null };
const target = (gameweekId: number, fixtures: [number, OpenFixture][]): SaveTarget => ({
  season: { id: gameweekId * 10, name: 'S', label: '2026', league_code: `c${gameweekId}` },
  gameweek: { id: gameweekId, name: `Gameweek ${gameweekId}` } as GameweekSummary,
  fixtures: new Map(fixtures),
});
const premier = target(3, [[10, league], [11, league], [12, { knockout: false, tieLeg: null, unknownTeams: 'W1 v W2' }]]);
const cup = target(7, [[70, { knockout: true, tieLeg: null, unknownTeams: null }], [71, { knockout: true, tieLeg: 1, unknownTeams: null }]]);
const targets: SaveTargets = {
  version: '41',
  byFixture: new Map([...[...premier.fixtures.keys()].map((id) => [id, premier] as const), ...[...cup.fixtures.keys()].map((id) => [id, cup] as const)]),
};

describe('saveTargetOf', () => {
  it.each([
    ['a whole valid save: its gameweek', [p(10, true), p(11)], premier],
    ["the first fixture's gameweek, another competition's", [p(70, false, 'home')], cup],
    ['nothing sent', [], null],
    ['a first fixture of no open gameweek (the step-by-step save answers it)', [p(99), p(10)], null],
    ['a fixture of another open gameweek after the first', [p(10), p(70)], null],
    ['two bankers', [p(10, true), p(11, true)], null],
    ['a fixture twice', [p(10), p(10)], null],
    ['a fixture whose teams are not known', [p(10), p(12)], null],
    ['a "who goes through" pick on a league match', [p(11, false, 'away')], null],
    ['a "who goes through" pick on a first leg', [p(70), p(71, false, 'home')], null],
  ])('%s', (_name, predictions, expected) => {
    expect(saveTargetOf(targets, predictions)).toBe(expected);
  });
});
