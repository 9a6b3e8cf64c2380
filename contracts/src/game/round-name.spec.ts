import * as fs from 'fs';
import * as path from 'path';
import { ROUND_NAME_RULES, leagueRoundName, namedRound, roundName, roundNameSql } from './round-name';

/** The project's data folder beside the repository (read-only; its README describes every file). */
const SHARED_DATA = path.resolve(__dirname, '../../../../shared/data/openfootball');

/** Every distinct `round` of a file, in the file's order. */
const roundsOf = (file: string): string[] => [...new Set<string>(JSON.parse(fs.readFileSync(path.join(SHARED_DATA, file), 'utf8')).matches.map((m: { round: string }) => m.round))];

describe('roundName', () => {
  it('names a league matchday (no name) "Gameweek N", exactly as before tournaments', () => {
    expect(roundName({ number: 12, name: null })).toBe('Gameweek 12');
    expect(roundName({ number: 1 })).toBe('Gameweek 1');
    expect(roundName({ number: 38, name: '' })).toBe('Gameweek 38');
    expect(roundName({ number: 7, name: '   ' })).toBe('Gameweek 7');
    expect(leagueRoundName(103)).toBe('Gameweek 103');
  });

  it('tells a named round from a league matchday (namedRound: null for the latter)', () => {
    expect(namedRound({ number: 12, name: null })).toBeNull();
    expect(namedRound({ number: 12, name: ' ' })).toBeNull();
    expect(namedRound({ number: 1, name: 'League, Matchday 1' })).toBe('League phase · Matchday 1');
  });

  it('shows a tournament round by its name, whatever its number', () => {
    expect(roundName({ number: 103, name: 'Round of 32' })).toBe('Round of 32');
    expect(roundName({ number: 108, name: 'Final' })).toBe('Final');
    expect(roundName({ number: 4, name: 'Matchday 4' })).toBe('Matchday 4');
  });

  it('keeps a name no rule knows as stored, spaces at its ends dropped', () => {
    expect(roundName({ number: 3, name: '  Group stage, Day 3 ' })).toBe('Group stage, Day 3');
    expect(roundName({ number: 2, name: 'Quarterfinals replay' })).toBe('Quarterfinals replay');
  });

  it('names every round of the real World Cup 2026 as its file does', () => {
    const rounds = roundsOf('2026/worldcup.json');
    const shown = new Map(rounds.map((r) => [r, roundName({ number: 0, name: r })]));
    expect(rounds).toHaveLength(23);
    for (let day = 1; day <= 17; day++) expect(shown.get(`Matchday ${day}`)).toBe(`Matchday ${day}`);
    expect(rounds.filter((r) => !r.startsWith('Matchday ')).map((r) => shown.get(r))).toEqual([
      'Round of 32',
      'Round of 16',
      'Quarter-final',
      'Semi-final',
      'Match for third place',
      'Final',
    ]);
  });

  it('names every round of the real Champions League 2024/25 as a label', () => {
    expect(roundsOf('2024-25/uefa.cl.json').map((r) => [r, roundName({ number: 0, name: r })])).toEqual([
      ['League, Matchday 1', 'League phase · Matchday 1'],
      ['League, Matchday 2', 'League phase · Matchday 2'],
      ['League, Matchday 3', 'League phase · Matchday 3'],
      ['League, Matchday 4', 'League phase · Matchday 4'],
      ['League, Matchday 5', 'League phase · Matchday 5'],
      ['League, Matchday 6', 'League phase · Matchday 6'],
      ['League, Matchday 7', 'League phase · Matchday 7'],
      ['League, Matchday 8', 'League phase · Matchday 8'],
      ['Playoffs, Matchday 1', 'Play-offs · Matchday 1'],
      ['Playoffs, Matchday 2', 'Play-offs · Matchday 2'],
      ['Finals, Round of 16', 'Round of 16'],
      ['Finals, Quarterfinals', 'Quarter-finals'],
      ['Finals, Semifinals', 'Semi-finals'],
      ['Finals, Final', 'Final'],
    ]);
  });

  it('gives every round of a real file a name of its own', () => {
    for (const file of ['2026/worldcup.json', '2024-25/uefa.cl.json']) {
      const rounds = roundsOf(file);
      expect(new Set(rounds.map((r) => roundName({ number: 0, name: r }))).size).toBe(rounds.length);
    }
  });
});

describe('roundNameSql', () => {
  it('builds the same rules into SQL from column references', () => {
    const sql = roundNameSql('g.number', 'g.name');
    expect(sql).toContain(`'Gameweek ' || (g.number)`);
    for (const [pattern, replacement] of ROUND_NAME_RULES) expect(sql).toContain(`'${pattern}', '${replacement}')`);
  });

  it('keeps its rules free of what JavaScript and Postgres would read differently', () => {
    for (const [pattern, replacement] of ROUND_NAME_RULES) {
      expect(pattern).not.toMatch(/[\\']/);
      expect(replacement).not.toMatch(/[\\'$&]/);
    }
  });

  it('refuses a fragment that is not a column or parameter', () => {
    expect(() => roundNameSql('g.number', "g.name; DROP TABLE x")).toThrow(/invalid fragment/);
    expect(() => roundNameSql('', 'g.name')).toThrow(/invalid fragment/);
  });
});
