import * as fs from 'fs';
import * as path from 'path';
import { linkSquadsToTeams, readSquads, readTournamentGroups, type TournamentGroup } from './tournament-teams';

/** The project's data folder beside the repository (read-only; its README describes every file). */
const WORLD_CUP = path.resolve(__dirname, '../../../../shared/data/openfootball/2026');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(WORLD_CUP, file), 'utf8'));

function groupsOf(input: unknown): TournamentGroup[] {
  const r = readTournamentGroups(input);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.groups;
}

describe('readTournamentGroups', () => {
  it('reads the twelve groups of the World Cup 2026 with their letters', () => {
    const groups = groupsOf(readJson('worldcup.groups.json'));
    expect(groups.map((g) => g.letter).join('')).toBe('ABCDEFGHIJKL');
    expect(groups[0]).toEqual({ name: 'Group A', letter: 'A', teams: ['Mexico', 'South Africa', 'South Korea', 'Czech Republic'] });
    expect(groups.flatMap((g) => g.teams)).toHaveLength(48);
  });

  it('refuses a file whose groups cannot be', () => {
    const errorsOf = (input: unknown) => {
      const r = readTournamentGroups(input);
      return r.ok ? [] : r.errors;
    };
    expect(errorsOf([])).toEqual(['groups: expected 1–26 groups, got nothing']);
    expect(errorsOf({ groups: [{ name: 'Pool A', teams: ['X', 'Y'] }] })).toEqual(['groups[0].name: expected "Group A" … "Group Z", got "Pool A"']);
    expect(errorsOf({ groups: [{ name: 'Group A', teams: ['X', 'Y'] }, { name: 'Group B', teams: ['Y', 'Z'] }, { name: 'Group A', teams: ['V', 'W'] }] })).toEqual([
      'groups[1].teams[0]: Y is already in Group A',
      'groups[2].name: "Group A" is listed twice',
    ]);
    expect(errorsOf({ groups: [{ name: 'Group A', teams: ['X'] }] })).toEqual(['groups[0].teams: expected 2–8 team names, got ["X"]']);
  });
});

describe('readSquads', () => {
  const groups = groupsOf(readJson('worldcup.groups.json'));

  it('reads the 48 squads of the World Cup 2026, each linked to the team the match files name', () => {
    const r = readSquads(readJson('worldcup.squads.json'), groups);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.refused).toEqual([]);
    expect(r.squads).toHaveLength(48);
    expect(r.squads.flatMap((s) => s.players)).toHaveLength(48 * 26);
    expect(new Set(r.squads.map((s) => s.team))).toEqual(new Set(groups.flatMap((g) => g.teams)));
    // The squads file spells two teams its own way.
    expect(r.squads.filter((s) => s.team !== s.squadName).map((s) => [s.squadName, s.team]).sort()).toEqual([
      ['Bosnia and Herzegovina', 'Bosnia & Herzegovina'],
      ['United States', 'USA'],
    ]);
    const czechia = r.squads.find((s) => s.fifaCode === 'CZE')!;
    expect(czechia).toMatchObject({ team: 'Czech Republic', group: 'A' });
    expect(czechia.players[0]).toEqual({ name: 'Matěj Kovář', number: 1, pos: 'GK', club: { name: 'PSV Eindhoven', country: 'NED' } });
  });

  it('refuses a bad player or team alone, and a squad of no team of its group', () => {
    const player = (over: Record<string, unknown> = {}) => ({ number: 1, pos: 'GK', name: 'A', club: { name: 'C', country: 'NED' }, ...over });
    const squad = (over: Record<string, unknown> = {}) => ({ name: 'Mexico', fifa_code: 'MEX', group: 'A', players: [player()], ...over });
    const r = readSquads(
      [
        squad({ players: [player(), player({ name: 'B' }), player({ number: 2, name: 'A' }), player({ number: 3, name: 'D', pos: 'ST' }), player({ number: 100, name: 'E' }), player({ number: 4, name: 'F', club: 'C' })] }),
        squad({ name: 'South Africa', fifa_code: 'MEX' }),
        squad({ name: 'Atlantis', fifa_code: 'ATL' }),
        squad({ name: 'Canada', fifa_code: 'CAN', group: 'b' }),
        squad({ name: 'Canada', fifa_code: 'CAN', group: 'B', players: [] }),
      ],
      groups,
    );
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.squads.map((s) => [s.team, s.players.map((p) => p.name)])).toEqual([['Mexico', ['A']]]);
    expect(r.refused).toEqual([
      'squads[1]: "South Africa" ("MEX") has the name or FIFA code of squads[0]',
      'squads[3].group: expected a group letter A–Z, got "b"',
      'squads[4].players: expected 1–60 players, got []',
      'squads[0].players[1].number: 1 is worn by another player',
      'squads[0].players[2].name: A is listed twice',
      'squads[0].players[3].pos: expected GK, DF, MF or FW, got "ST"',
      'squads[0].players[4].number: expected a shirt number 1–99, got 100',
      'squads[0].players[5].club: expected {"name": …, "country": "ABC"}, got "C"',
      'squads[2]: "Atlantis" is no team of Group A in the groups file',
    ]);
  });

  it('refuses a file that is no list of squads, or has none left', () => {
    expect(readSquads({ squads: [] })).toEqual({ ok: false, errors: ['squads: expected a list of 1–64 squads, got {"squads":[]}'] });
    expect(readSquads([{ name: 'X' }])).toEqual({ ok: false, errors: ['squads: no squad can be read', 'squads[0].fifa_code: expected three capital letters, got nothing'] });
  });
});

describe('linkSquadsToTeams', () => {
  it('links by name, then loosely, then the last one left; never guesses between two', () => {
    expect(linkSquadsToTeams(['Curacao', 'United States', 'Bosnia and Herzegovina'], ['Bosnia & Herzegovina', 'USA', 'Curaçao'])).toEqual(['Curaçao', 'USA', 'Bosnia & Herzegovina']);
    expect(linkSquadsToTeams(['United States', 'Korea Republic'], ['USA', 'South Korea'])).toEqual([null, null]);
  });
});
