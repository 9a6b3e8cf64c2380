import { bestAndWorst } from './history.service';
import { hotAndColdTeams } from './team-form';

const team = (id: number, scored: number, correct: number) => ({ team_id: id, team: `Club ${id}`, team_short: `C${id}`, team_logo: null, scored, correct });

describe('hotAndColdTeams', () => {
  it('lists the 3 best and the 3 worst clubs with at least 3 scored predictions, never one in both', () => {
    const rows = [team(1, 3, 3), team(2, 4, 3), team(3, 3, 2), team(4, 3, 1), team(5, 5, 0), team(6, 2, 0), team(7, 6, 3), team(8, 3, 0)];
    const { hot, cold } = hotAndColdTeams(rows);
    expect(hot.map((t) => [t.team_id, t.accuracy])).toEqual([[1, 100], [2, 75], [3, 67]]);
    // Equal accuracy: more predictions first; club 6 has too few predictions.
    expect(cold.map((t) => [t.team_id, t.accuracy])).toEqual([[5, 0], [8, 0], [4, 33]]);
  });

  it('keeps cold teams apart from hot ones when few clubs qualify', () => {
    const { hot, cold } = hotAndColdTeams([team(1, 3, 3), team(2, 3, 1), team(3, 4, 2), team(4, 3, 0)]);
    expect(hot.map((t) => t.team_id)).toEqual([1, 3, 2]);
    expect(cold.map((t) => t.team_id)).toEqual([4]);
    expect(hotAndColdTeams([])).toEqual({ hot: [], cold: [] });
  });
});

describe('bestAndWorst', () => {
  const gw = (number: number, points: number, status: 'completed' | 'current' | 'upcoming', predictions = 10, started = status !== 'upcoming') => ({
    number,
    name: `Gameweek ${number}`,
    date: null,
    status,
    points,
    predictions,
    started,
  });

  it('takes the best among started gameweeks and the worst among completed ones, the earlier on ties', () => {
    const { best, worst } = bestAndWorst([gw(1, 40, 'completed'), gw(2, 10, 'completed'), gw(3, 10, 'completed'), gw(4, 90, 'current'), gw(5, 0, 'upcoming')]);
    expect(best).toEqual({ number: 4, gameWeek: 'Gameweek 4', date: null, points: 90 });
    expect(worst).toMatchObject({ number: 2, points: 10 });
    const tied = bestAndWorst([gw(1, 40, 'completed'), gw(2, 40, 'completed'), gw(3, 25, 'current')]);
    expect([tied.best?.number, tied.worst?.number]).toEqual([1, 1]);
  });

  it('names the best and the worst as the season names its rounds', () => {
    const named = (number: number, name: string, points: number) => ({ ...gw(number, points, 'completed'), name });
    const { best, worst } = bestAndWorst([named(103, 'Round of 32', 12), named(104, 'Round of 16', 30)]);
    expect([best?.gameWeek, worst?.gameWeek]).toEqual(['Round of 16', 'Round of 32']);
  });

  it('ignores gameweeks without predictions and answers null when there is nothing', () => {
    expect(bestAndWorst([gw(1, 0, 'completed', 0), gw(2, 0, 'current', 5, false)])).toEqual({ best: null, worst: null });
  });
});
