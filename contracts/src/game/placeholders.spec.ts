import * as fs from 'fs';
import * as path from 'path';
import { formatPlaceholder, isPlaceholder, parsePlaceholder, placeholderGroups, type Placeholder } from './placeholders';

/** The project's data folder beside the repository (read-only; its README describes every file). */
const WORLD_CUP = path.resolve(__dirname, '../../../../shared/data/openfootball/2026');

describe('parsePlaceholder', () => {
  it.each<[string, Placeholder]>([
    ['1A', { kind: 'groupWinner', group: 'A' }],
    ['2B', { kind: 'groupRunnerUp', group: 'B' }],
    ['3C/E/F/H/I', { kind: 'thirdPlaced', groups: ['C', 'E', 'F', 'H', 'I'] }],
    ['3A', { kind: 'thirdPlaced', groups: ['A'] }],
    ['W73', { kind: 'matchWinner', match: 73 }],
    ['L101', { kind: 'matchLoser', match: 101 }],
    ['UEFA Path D winner', { kind: 'qualifierWinner', playoff: 'UEFA', path: 'D' }],
    ['IC Path 2 winner', { kind: 'qualifierWinner', playoff: 'IC', path: '2' }],
  ])('%s', (text, expected) => {
    expect(parsePlaceholder(text)).toEqual(expected);
    expect(formatPlaceholder(expected)).toBe(text);
    expect(isPlaceholder(text)).toBe(true);
  });

  it('is null for team names and for near misses', () => {
    for (const text of ['Mexico', 'USA', 'Bosnia & Herzegovina', 'Curaçao', 'Liverpool FC (ENG)', 'FC Barcelona (ESP)']) {
      expect(parsePlaceholder(text)).toBeNull();
    }
    for (const text of ['4A', '1AB', '1a', '0A', 'W0', 'W073', 'W1000', 'X73', '3C//E', '3C/C', '3', 'W', ' 1A', '1A ', 'UEFA Path winner', 'Path A winner']) {
      expect({ text, parsed: parsePlaceholder(text) }).toEqual({ text, parsed: null });
    }
  });

  it('names the groups a placeholder depends on', () => {
    expect(placeholderGroups(parsePlaceholder('2K')!)).toEqual(['K']);
    expect(placeholderGroups(parsePlaceholder('3A/B/C/D/F')!)).toEqual(['A', 'B', 'C', 'D', 'F']);
    expect(placeholderGroups(parsePlaceholder('W90')!)).toEqual([]);
  });
});

describe('every team slot of the World Cup 2026 as it happened (../shared/data, 38 files)', () => {
  const historyDir = path.join(WORLD_CUP, 'history');
  const files = fs.readdirSync(historyDir).filter((f) => f.endsWith('.json')).sort();
  const teamsOfGroups = new Set<string>(
    (JSON.parse(fs.readFileSync(path.join(WORLD_CUP, 'worldcup.groups.json'), 'utf8')) as { groups: { teams: string[] }[] }).groups.flatMap((g) => g.teams),
  );
  const slots = files.flatMap((file) =>
    (JSON.parse(fs.readFileSync(path.join(historyDir, file), 'utf8')) as { matches: { team1: string; team2: string }[] }).matches.flatMap((m) => [m.team1, m.team2]),
  );

  it('is a team of the groups file or a placeholder that reads back to its own text, never both', () => {
    expect(files).toHaveLength(38);
    const texts = [...new Set(slots)];
    const placeholders = texts.filter((t) => !teamsOfGroups.has(t));
    for (const text of texts) {
      const parsed = parsePlaceholder(text);
      expect({ text, isPlaceholder: parsed !== null }).toEqual({ text, isPlaceholder: !teamsOfGroups.has(text) });
      if (parsed) expect(formatPlaceholder(parsed)).toBe(text);
    }
    expect(teamsOfGroups.size).toBe(48);
    expect(placeholders).toHaveLength(70);
  });

  it('holds every kind: 12 winners, 12 runners-up, 8 third-placed, 30 match winners, 2 match losers, 6 qualifiers', () => {
    const kinds: Record<string, number> = {};
    for (const text of new Set(slots)) {
      const parsed = parsePlaceholder(text);
      if (parsed) kinds[parsed.kind] = (kinds[parsed.kind] ?? 0) + 1;
    }
    expect(kinds).toEqual({ groupWinner: 12, groupRunnerUp: 12, thirdPlaced: 8, matchWinner: 30, matchLoser: 2, qualifierWinner: 6 });
  });
});
