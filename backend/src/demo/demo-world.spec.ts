import type { DemoFixtureRow } from './demo-world.queries';
import { gameweeksToPredict } from './demo-world';

const row = (gw: number, fixture: number, status: DemoFixtureRow['status']): DemoFixtureRow => ({
  gameweek_id: 100 + gw,
  gameweek_number: gw,
  fixture_id: fixture,
  status,
  read_home: status === 'postponed' ? null : 1,
  read_away: status === 'postponed' ? null : 0,
  knockout: false,
  tie_leg: null,
});

describe('gameweeksToPredict', () => {
  it('takes every completed gameweek, the current and the next; everyone plays the current and the next', () => {
    const rows = [
      row(1, 1, 'finished'), row(1, 2, 'postponed'),
      row(2, 3, 'finished'), row(2, 4, 'finished'),
      row(3, 5, 'finished'), row(3, 6, 'scheduled'),
      row(4, 7, 'scheduled'),
      row(5, 8, 'scheduled'),
    ];
    const plan = gameweeksToPredict(rows);
    expect(plan.numbers).toEqual([1, 2, 3, 4]);
    expect([...plan.everyonePlays]).toEqual([103, 104]);
    // A postponed match is predicted too (it scores void).
    expect(plan.gameweeks[0].fixtures.map((f) => f.id)).toEqual([1, 2]);
  });

  it('takes the whole season when every gameweek is completed, with no gameweek everyone must play', () => {
    const plan = gameweeksToPredict([row(1, 1, 'finished'), row(2, 2, 'finished')]);
    expect(plan.numbers).toEqual([1, 2]);
    expect(plan.everyonePlays.size).toBe(0);
  });

  it('stops at the last gameweek when the current one is the last', () => {
    const plan = gameweeksToPredict([row(1, 1, 'finished'), row(2, 2, 'live')]);
    expect(plan.numbers).toEqual([1, 2]);
    expect([...plan.everyonePlays]).toEqual([102]);
  });

  it('marks the matches that take a "who goes through" pick: a knockout match, or the second leg of a tie, never the first', () => {
    const ko = (gw: number, fixture: number, tieLeg: 1 | 2 | null): DemoFixtureRow => ({ ...row(gw, fixture, 'scheduled'), knockout: true, tie_leg: tieLeg });
    const plan = gameweeksToPredict([row(1, 1, 'finished'), ko(2, 2, null), ko(2, 3, 1), ko(2, 4, 2)]);
    expect(plan.gameweeks.flatMap((g) => g.fixtures.map((f) => [f.id, f.advancePick]))).toEqual([[1, false], [2, true], [3, false], [4, true]]);
    expect([...plan.everyonePlays]).toEqual([102]);
  });
});
