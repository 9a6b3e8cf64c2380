import * as fs from 'fs';
import * as path from 'path';
import { readTournament, type NormalisedTournament } from './tournament-json';
import { emptyTournament, mergeSnapshot, type SnapshotChange, type SnapshotMerge } from './tournament-snapshot';
import { readTournamentGroups, type TournamentGroup } from './tournament-teams';

/** The project's data folder beside the repository (read-only; its README describes every file). */
const WORLD_CUP = path.resolve(__dirname, '../../../../shared/data/openfootball/2026');
const HISTORY = path.join(WORLD_CUP, 'history');

type RawMatch = Record<string, unknown> & { num?: number };

function worldCupGroups(): TournamentGroup[] {
  const r = readTournamentGroups(JSON.parse(fs.readFileSync(path.join(WORLD_CUP, 'worldcup.groups.json'), 'utf8')));
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.groups;
}
const groups = worldCupGroups();

/** A file read whole (no row refused), after an optional edit of its rows. */
function readFile(file: string, edit: (matches: RawMatch[]) => void = () => {}): NormalisedTournament {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { matches: RawMatch[] };
  edit(raw.matches);
  const r = readTournament(raw, { groups });
  if (!r.ok) throw new Error(`${file}: ${r.errors.join('\n')}`);
  return r.tournament;
}
const snapshot = (date: string, edit?: (matches: RawMatch[]) => void) => readFile(path.join(HISTORY, `worldcup-${date}.json`), edit);
const numbered = (matches: RawMatch[], num: number): RawMatch => matches.find((m) => m.num === num) as RawMatch;

function merged(result: SnapshotMerge) {
  if (!result.ok) throw new Error(result.reason);
  return result;
}

const kindsOf = (changes: readonly SnapshotChange[]) => changes.reduce<Record<string, number>>((n, c) => ({ ...n, [c.kind]: (n[c.kind] ?? 0) + 1 }), {});

describe('mergeSnapshot over the World Cup 2026 as it happened (38 files, ../shared/data)', () => {
  const files = fs.readdirSync(HISTORY).sort();

  it('ends, read in date order, exactly where reading the final file once ends, refusing nothing and never duplicating a key', () => {
    expect(files).toHaveLength(38);
    let state = emptyTournament('World Cup 2026');
    const changes: SnapshotChange[] = [];
    for (const file of files) {
      const step = merged(mergeSnapshot(state, readFile(path.join(HISTORY, file))));
      const keys = step.tournament.matches.map((m) => m.externalKey);
      expect({ file, refused: step.refused, keys: keys.length, distinct: new Set(keys).size }).toEqual({ file, refused: [], keys: 104, distinct: 104 });
      changes.push(...step.changes);
      state = step.tournament;
    }
    expect(state).toEqual(readFile(path.join(WORLD_CUP, 'worldcup.json')));
    // 82 placeholder slots on 2026-03-20 (18 group slots of six qualifiers, 64 knockout slots);
    // two kick-off times moved in May; the numbers of the last two matches came in June; one
    // scorer was corrected (an own goal); every result arrived once and none was corrected.
    expect(kindsOf(changes)).toEqual({ matchAdded: 104, teamDecided: 82, kickoffMoved: 2, detailsChanged: 2, resultRecorded: 104, goalsCorrected: 1 });
  });

  it('reports the moved kick-offs of May, the numbers of June and the corrected scorer', () => {
    expect(merged(mergeSnapshot(snapshot('2026-04-01'), snapshot('2026-05-03'))).changes).toEqual([
      { kind: 'kickoffMoved', key: 'Group C|2026-06-19|Philadelphia', from: new Date('2026-06-20T01:00:00Z'), to: new Date('2026-06-20T00:30:00Z') },
      { kind: 'kickoffMoved', key: 'Group D|2026-06-19|San Francisco Bay Area (Santa Clara)', from: new Date('2026-06-20T04:00:00Z'), to: new Date('2026-06-20T03:00:00Z') },
    ]);
    expect(merged(mergeSnapshot(snapshot('2026-05-03'), snapshot('2026-06-12'))).changes.filter((c) => c.kind === 'detailsChanged')).toEqual([
      { kind: 'detailsChanged', key: 'Match for third place', fields: ['matchNumber'] },
      { kind: 'detailsChanged', key: 'Final', fields: ['matchNumber'] },
    ]);
    const june20 = merged(mergeSnapshot(snapshot('2026-06-19'), snapshot('2026-06-20')));
    const corrected = june20.changes.find((c) => c.kind === 'goalsCorrected')!;
    expect(june20.tournament.matches.find((m) => m.externalKey === corrected.key)?.goals?.home).toContainEqual({ scorer: 'Miro Muheim', minute: 90, added: 4, penalty: false, ownGoal: true });
  });

  it('names the team each placeholder became', () => {
    const changes = merged(mergeSnapshot(snapshot('2026-06-28'), snapshot('2026-06-29'))).changes;
    expect(changes.filter((c) => c.kind === 'teamDecided')).toEqual([{ kind: 'teamDecided', key: '#90', side: 'home', placeholder: 'W73', team: 'Canada' }]);
  });
});

describe('mergeSnapshot refuses what a feed of one tournament cannot do, keeping the stored match', () => {
  const final = () => readFile(path.join(WORLD_CUP, 'worldcup.json'));

  it('a match gone', () => {
    const stored = snapshot('2026-04-01');
    const r = merged(mergeSnapshot(stored, snapshot('2026-05-03', (ms) => ms.splice(0, 1))));
    expect(r.refused).toEqual([{ key: 'Group A|2026-06-11|Mexico City', reason: 'the snapshot no longer has this match' }]);
    expect(r.tournament.matches).toHaveLength(104);
    expect(r.tournament.matches[103]).toBe(stored.matches[0]);
  });

  it('a real team replaced by another, in a knockout or a group slot', () => {
    const r = merged(mergeSnapshot(final(), readFile(path.join(WORLD_CUP, 'worldcup.json'), (ms) => {
      numbered(ms, 74).team1 = 'France';
      ms[0].team2 = 'South Korea';
      ms[0].goals2 = [];
    })));
    expect(r.refused).toEqual([
      { key: 'Group A|2026-06-11|Mexico City', reason: 'away: a team once set stays: South Africa cannot become South Korea' },
      { key: '#74', reason: 'home: a team once set stays: Germany cannot become France' },
    ]);
    expect(r.tournament).toEqual(final());
    expect(r.changes).toEqual([]);
  });

  it('a placeholder replaced by another placeholder, or a team by a placeholder', () => {
    const march = snapshot('2026-03-20');
    expect(merged(mergeSnapshot(march, snapshot('2026-03-20', (ms) => (numbered(ms, 89).team1 = 'W75')))).refused).toEqual([
      { key: '#89', reason: 'home: a placeholder stays until its team is known: W74 cannot become W75' },
    ]);
    expect(merged(mergeSnapshot(snapshot('2026-06-22'), snapshot('2026-06-22', (ms) => (numbered(ms, 74).team1 = '1E')))).refused).toEqual([
      { key: '#74', reason: 'home: a team once set stays: Germany cannot become 1E' },
    ]);
  });

  it('"W73" filled before match 73 has a result, or with its loser', () => {
    const early = merged(mergeSnapshot(snapshot('2026-06-27'), snapshot('2026-06-27', (ms) => (numbered(ms, 90).team1 = 'Canada'))));
    expect(early.refused).toEqual([{ key: '#90', reason: 'home: W73 became Canada, but match 73 has no decided result yet' }]);
    const wrong = merged(mergeSnapshot(snapshot('2026-06-28'), snapshot('2026-06-29', (ms) => (numbered(ms, 90).team1 = 'South Africa'))));
    expect(wrong.refused).toEqual([{ key: '#90', reason: 'home: W73 became South Africa, but match 73 has Canada as its winner' }]);
    expect(wrong.tournament.matches.find((m) => m.externalKey === '#90')?.home.name).toBe('W73');
  });

  it('a slot filled from a result that is itself refused', () => {
    // Match 73's row is refused by the reader (a level knockout match), so it is gone from the snapshot.
    const raw = JSON.parse(fs.readFileSync(path.join(HISTORY, 'worldcup-2026-06-29.json'), 'utf8')) as { matches: RawMatch[] };
    Object.assign(numbered(raw.matches, 73), { score: { ft: [0, 0] }, goals2: [] });
    const read = readTournament(raw, { groups });
    if (!read.ok) throw new Error(read.errors.join('\n'));
    expect(read.refused.map((x) => x.reason)).toEqual(['score.ft: a knockout match has a winner: level after 90 minutes it needs extra time (score.et)']);
    const r = merged(mergeSnapshot(snapshot('2026-06-27'), read.tournament));
    expect(r.refused).toEqual([
      { key: '#90', reason: 'home: W73 became Canada, but match 73 has no decided result yet' },
      { key: '#73', reason: 'the snapshot no longer has this match' },
    ]);
  });

  it('"1E" filled with a team of another group', () => {
    const r = merged(mergeSnapshot(snapshot('2026-06-21'), snapshot('2026-06-22', (ms) => (numbered(ms, 74).team1 = 'Mexico'))));
    expect(r.refused).toEqual([{ key: '#74', reason: 'home: 1E became Mexico, which plays in none of group E' }]);
  });

  it('a result taken away, a match moved to another round', () => {
    const r = merged(mergeSnapshot(final(), readFile(path.join(WORLD_CUP, 'worldcup.json'), (ms) => {
      const last = ms[ms.length - 1];
      delete last.score;
      delete last.goals1;
      delete last.goals2;
      ms[1].round = 'Matchday 2';
    })));
    expect(r.refused).toEqual([
      { key: 'Group A|2026-06-11|Guadalajara (Zapopan)', reason: 'the match cannot move from "Matchday 1" to "Matchday 2"' },
      { key: 'Final', reason: 'a recorded result (0–0) does not go away' },
    ]);
  });

  it('a snapshot of another tournament', () => {
    expect(mergeSnapshot(final(), { ...final(), name: 'World Cup 2030' })).toEqual({ ok: false, reason: 'the snapshot is of "World Cup 2030", not of "World Cup 2026"' });
  });
});

describe('mergeSnapshot reports a corrected result', () => {
  it('with its goals', () => {
    const file = path.join(WORLD_CUP, 'worldcup.json');
    const r = merged(mergeSnapshot(readFile(file), readFile(file, (ms) => {
      ms[0].score = { ft: [3, 0], ht: [1, 0] };
      ms[0].goals1 = [...(ms[0].goals1 as unknown[]), { name: 'Santiago Giménez', minute: '90+3' }];
    })));
    expect(r.refused).toEqual([]);
    expect(r.changes).toEqual([
      { kind: 'resultCorrected', key: 'Group A|2026-06-11|Mexico City', from: { ft: [2, 0], ht: [1, 0], et: null, p: null }, to: { ft: [3, 0], ht: [1, 0], et: null, p: null } },
      { kind: 'goalsCorrected', key: 'Group A|2026-06-11|Mexico City' },
    ]);
  });
});
