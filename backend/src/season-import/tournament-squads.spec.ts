import * as fs from 'fs';
import * as path from 'path';
import { readTournament, type NormalisedTournament } from './tournament-json';
import { groupsOfTournament, readTournamentSquads, squadPlayerWrites, squadsPathBeside } from './tournament-squads';

const WORLD_CUP = path.resolve(__dirname, '../../../../shared/data/openfootball/2026');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(WORLD_CUP, file), 'utf8'));

function read(file: string): NormalisedTournament {
  const r = readTournament(readJson(file));
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.tournament;
}

describe("a tournament's squads as the import stores them", () => {
  it('finds the squads file beside a tournament file and beside a snapshot of a day', () => {
    expect(squadsPathBeside('/data/2026/worldcup.json')).toBe('/data/2026/worldcup.squads.json');
    expect(squadsPathBeside('/data/2026/worldcup-2026-06-28.json')).toBe('/data/2026/worldcup.squads.json');
    expect(squadsPathBeside('data/2024-25/uefa.cl.json')).toBe('data/2024-25/uefa.cl.squads.json');
    expect(squadsPathBeside('/data/2026/worldcup.squads.json')).toBeNull();
    expect(squadsPathBeside('/data/2026/worldcup.groups.json')).toBeNull();
    expect(squadsPathBeside('/data/2026/notes.txt')).toBeNull();
  });

  it("tells the World Cup's twelve groups from its group matches, as the groups file has them", () => {
    const groups = groupsOfTournament(read('worldcup.json'));
    expect(groups.map((g) => g.letter).join('')).toBe('ABCDEFGHIJKL');
    const file = (readJson('worldcup.groups.json') as { groups: { name: string; teams: string[] }[] }).groups;
    expect(groups.map((g) => [g.name, [...g.teams].sort()])).toEqual(file.map((g) => [g.name, [...g.teams].sort()]));
    // Before the draw was complete a group lists its known teams only.
    const march = groupsOfTournament(read('history/worldcup-2026-03-20.json'));
    expect(march.flatMap((g) => g.teams).length).toBeLessThan(48);
  });

  it('links the 48 squads to the teams the match files name ("United States" is "USA"), and writes each player with the name folded', () => {
    const t = read('worldcup.json');
    const r = readTournamentSquads(readJson('worldcup.squads.json'), t);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.refused).toEqual([]);
    expect(r.squads).toHaveLength(48);
    expect(r.squads.find((s) => s.squadName === 'United States')?.team).toBe('USA');
    expect(r.squads.find((s) => s.squadName === 'Bosnia and Herzegovina')?.team).toBe('Bosnia & Herzegovina');

    const ids = new Map(r.squads.map((s, i) => [s.team, i + 1]));
    ids.delete('Haiti');
    const rows = squadPlayerWrites(r.squads, ids);
    expect(rows.length).toBe(r.squads.filter((s) => s.team !== 'Haiti').reduce((n, s) => n + s.players.length, 0));
    expect(rows.find((p) => p.name === 'Kylian Mbappé')).toEqual({ team_id: ids.get('France'), name: 'Kylian Mbappé', folded_name: 'kylian mbappe', number: 10, position: 'FW' });
  });

  it('refuses, naming them, the squads of no team of the tournament, and a file with none readable', () => {
    const t = read('history/worldcup-2026-03-20.json');
    const r = readTournamentSquads(readJson('worldcup.squads.json'), t);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.squads.length).toBeLessThan(48);
    expect(r.refused.length).toBe(48 - r.squads.length);
    expect(r.refused[0]).toMatch(/is no team of Group [A-L] in the groups file$/);
    expect(readTournamentSquads({ squads: [] }, t)).toMatchObject({ ok: false });
  });
});
