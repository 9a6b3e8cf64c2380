import { tournamentRoundOf, tournamentRoundProblem } from './tournament-rounds';

describe('tournamentRoundOf', () => {
  it('reads group and league matchdays by their number', () => {
    expect(tournamentRoundOf('Matchday 17')).toEqual({ name: 'Matchday 17', number: 17, kind: 'group', twoLegged: false, tieStage: null, singleMatch: false });
    expect(tournamentRoundOf('League, Matchday 8')).toEqual({ name: 'League, Matchday 8', number: 8, kind: 'league', twoLegged: false, tieStage: null, singleMatch: false });
  });

  it('places the knockout stages after every matchday, in playing order, whichever competition names them', () => {
    const worldCup = ['Round of 32', 'Round of 16', 'Quarter-final', 'Semi-final', 'Match for third place', 'Final'];
    const championsLeague = ['Playoffs, Matchday 1', 'Playoffs, Matchday 2', 'Finals, Round of 16', 'Finals, Quarterfinals', 'Finals, Semifinals', 'Finals, Final'];
    expect(worldCup.map((n) => tournamentRoundOf(n)?.number)).toEqual([103, 104, 105, 106, 107, 108]);
    expect(championsLeague.map((n) => tournamentRoundOf(n)?.number)).toEqual([101, 102, 104, 105, 106, 108]);
    expect(worldCup.map((n) => tournamentRoundOf(n)?.twoLegged)).toEqual([false, false, false, false, false, false]);
    expect(championsLeague.map((n) => tournamentRoundOf(n)?.twoLegged)).toEqual([true, true, true, true, true, false]);
  });

  it('makes the two play-off matchdays one stage of ties, and the finals single matches', () => {
    expect(['Playoffs, Matchday 1', 'Playoffs, Matchday 2', 'Finals, Semifinals', 'Semi-final'].map((n) => tournamentRoundOf(n)?.tieStage)).toEqual(['Playoffs', 'Playoffs', 'Finals, Semifinals', null]);
    expect(['Final', 'Finals, Final', 'Match for third place', 'Semi-final'].map((n) => tournamentRoundOf(n)?.singleMatch)).toEqual([true, true, true, false]);
  });

  it('knows no other round', () => {
    for (const name of ['Matchday 0', 'Matchday 100', 'Round 3', 'final', 'Quarterfinals', 'League, Matchday', 'toString', '']) {
      expect({ name, round: tournamentRoundOf(name) }).toEqual({ name, round: null });
    }
    expect(tournamentRoundProblem('Final')).toBeNull();
    expect(tournamentRoundProblem('Semifinal')).toMatch(/^expected a tournament round such as .*, got "Semifinal"$/);
    expect(tournamentRoundProblem(undefined)).toMatch(/got nothing$/);
  });
});
