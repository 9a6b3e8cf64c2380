import * as fs from 'fs';
import * as path from 'path';
import { groupTable, GroupTableRow } from './group-table';

/** The project's data folder beside the repository (read-only; its README describes every file). */
const SHARED_DATA = path.resolve(__dirname, '../../../../shared/data/openfootball');

interface WorldCupMatch {
  round: string;
  num?: number;
  team1: string;
  team2: string;
  group?: string;
  score?: { ft?: [number, number] };
}

const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(SHARED_DATA, file), 'utf8')) as T;
const final = read<{ matches: WorldCupMatch[] }>('2026/worldcup.json').matches;
const groups = read<{ groups: { name: string; teams: string[] }[] }>('2026/worldcup.groups.json').groups;
// The file as it stood on the opening day: the Round of 32 still named by placeholders ("1A", "2B", "3A/B/C/D/F").
const openingDay = read<{ matches: WorldCupMatch[] }>('2026/history/worldcup-2026-06-12.json').matches;

const letterOf = (groupName: string) => groupName.replace(/^Group /, '');
const tables = new Map<string, GroupTableRow[]>(
  groups.map((g) => [
    letterOf(g.name),
    groupTable(
      g.teams,
      final.filter((m) => m.group === g.name).map((m) => ({ home: m.team1, away: m.team2, ft: m.score?.ft ?? null })),
    ),
  ]),
);

/** Each Round of 32 slot: the placeholder of the opening day and the team the final file names there. */
const slots = final
  .filter((m) => m.round === 'Round of 32')
  .flatMap((m) => {
    const planned = openingDay.find((o) => o.num === m.num)!;
    return [
      { placeholder: planned.team1, team: m.team1 },
      { placeholder: planned.team2, team: m.team2 },
    ];
  });

describe('groupTable on the real World Cup 2026 (../shared/data/openfootball/2026)', () => {
  it('has twelve complete groups of four, every match finished', () => {
    expect(tables.size).toBe(12);
    for (const [letter, table] of tables) {
      expect({ letter, played: table.map((r) => r.played) }).toEqual({ letter, played: [3, 3, 3, 3] });
    }
    expect(slots).toHaveLength(32);
  });

  it('places 1st and 2nd exactly the teams the Round of 32 names for "1A" … "2L"', () => {
    const placed = slots.filter((s) => /^[12][A-L]$/.test(s.placeholder));
    expect(placed).toHaveLength(24);
    for (const { placeholder, team } of placed) {
      const row = tables.get(placeholder[1])![Number(placeholder[0]) - 1];
      expect({ placeholder, team: row.team, tied: row.tied }).toEqual({ placeholder, team, tied: false });
    }
  });

  it('places 3rd every team of a "3A/B/C/D/F" slot in one of the groups it names, and those eight are the best thirds', () => {
    const thirdSlots = slots.filter((s) => s.placeholder.startsWith('3'));
    expect(thirdSlots).toHaveLength(8);
    for (const { placeholder, team } of thirdSlots) {
      const thirdIn = [...tables].find(([, table]) => table[2].team === team)?.[0];
      expect({ placeholder, team, thirdIn: placeholder.slice(1).split('/').includes(thirdIn ?? '?') }).toEqual({ placeholder, team, thirdIn: true });
    }
    // The eight best of the twelve thirds by points, goal difference, goals (the regulations' ranking of thirds).
    const thirds = [...tables.values()].map((table) => table[2]);
    thirds.sort((a, b) => b.points - a.points || b.goalDifference - a.goalDifference || b.goalsFor - a.goalsFor);
    expect(thirds.slice(0, 8).map((r) => r.team).sort()).toEqual(thirdSlots.map((s) => s.team).sort());
    const [eighth, ninth] = [thirds[7], thirds[8]];
    expect([eighth.points, eighth.goalDifference, eighth.goalsFor]).not.toEqual([ninth.points, ninth.goalDifference, ninth.goalsFor]);
  });
});
