import * as fs from 'fs';
import * as path from 'path';
import type { StoredTournamentFixture } from '../fixtures/fixture-import-store';
import { clubNameOf, fixtureWriteOf, isTournamentFile, rowsOfKeys, storedTournamentOf, tournamentIdentityOf } from './stored-tournament';
import { readTournament, type NormalisedTournament } from './tournament-json';
import { mergeSnapshot } from './tournament-snapshot';

const DATA = path.resolve(__dirname, '../../../../shared/data/openfootball');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(DATA, file), 'utf8')) as { name: string; matches: Record<string, unknown>[] };

describe('isTournamentFile', () => {
  it('tells the World Cup and the Champions League from a league, whose rounds are "Matchday N" alone', () => {
    expect(isTournamentFile(readJson('2026/worldcup.json'))).toBe(true);
    expect(isTournamentFile(readJson('2026/history/worldcup-2026-03-20.json'))).toBe(true);
    expect(isTournamentFile(readJson('2024-25/uefa.cl.json'))).toBe(true);
    expect(isTournamentFile(readJson('2024-25/en.1.json'))).toBe(false);
    expect(isTournamentFile({ name: 'x', matches: [{ round: 'Matchday 1', group: 'Group A' }] })).toBe(true);
    expect(isTournamentFile({ name: 'x', matches: 'none' })).toBe(false);
    expect(isTournamentFile(null)).toBe(false);
  });
});

describe('tournamentIdentityOf', () => {
  it('gives the code, label and kind of teams from the name, or from the code given', () => {
    expect(tournamentIdentityOf('World Cup 2026', [])).toEqual({ code: 'fifa.wc', label: '2026', teams: 'national' });
    expect(tournamentIdentityOf('UEFA Champions League 2024/25', [])).toEqual({ code: 'uefa.cl', label: '2024/25', teams: 'club' });
    expect(tournamentIdentityOf('Copa Libertadores', ['2025-02-04', '2025-11-29'], 'conmebol.lib')).toEqual({ code: 'conmebol.lib', label: '2025', teams: 'club' });
    expect(tournamentIdentityOf('Some Cup 2025', [])).toBeNull();
  });

  it('strips the country a club tournament writes after a club', () => {
    expect(clubNameOf('Liverpool FC (ENG)')).toBe('Liverpool FC');
    expect(clubNameOf('FC Internazionale Milano (ITA)')).toBe('FC Internazionale Milano');
    expect(clubNameOf('USA')).toBe('USA');
  });
});

/** The rows the import would store for a tournament, read back as the tables give them. */
function storedRowsOf(t: NormalisedTournament, idOf: Map<string, number>): StoredTournamentFixture[] {
  const nameOf = new Map([...idOf].map(([n, id]) => [id, n.toUpperCase()]));
  return t.matches.map((m, i) => {
    const w = fixtureWriteOf(m, 1, idOf, null);
    return {
      ...w,
      id: i + 1,
      round_name: m.round,
      round_number: m.roundNumber,
      home_team: w.home_club_id === null ? null : (nameOf.get(w.home_club_id) as string),
      away_team: w.away_club_id === null ? null : (nameOf.get(w.away_club_id) as string),
      kickoff_at: new Date(w.kickoff_at),
      minute: null,
    };
  });
}

describe('storedTournamentOf', () => {
  const read = (file: string): NormalisedTournament => {
    const r = readTournament(readJson(file), file.includes('uefa') ? { localTimeZone: 'Europe/Berlin' } : {});
    if (!r.ok) throw new Error(r.errors.join('\n'));
    return r.tournament;
  };

  it('reads what was stored back into the reader\'s shape, so the same file is no change (teams named as the file names them)', () => {
    for (const file of ['2026/worldcup.json', '2026/history/worldcup-2026-03-20.json', '2024-25/uefa.cl.json']) {
      const t = read(file);
      const names = [...new Set(t.matches.flatMap((m) => [m.home, m.away].filter((s) => s.placeholder === null).map((s) => s.name)))];
      const idOf = new Map(names.map((n, i) => [n, i + 1]));
      const fileNameOf = new Map([...idOf].map(([n, id]) => [id, n]));
      const stored = storedTournamentOf(t.name, storedRowsOf(t, idOf), t, fileNameOf);
      expect(stored).toEqual(t);
      const merged = mergeSnapshot(stored, t);
      expect(merged.ok && { changes: merged.changes, refused: merged.refused }).toEqual({ changes: [], refused: [] });
    }
  });

  it('reads a live match as one without a recorded result', () => {
    const t = read('2026/worldcup.json');
    const [row] = storedRowsOf({ ...t, matches: t.matches.slice(0, 1) }, new Map([[t.matches[0].home.name, 1], [t.matches[0].away.name, 2]]));
    const live = storedTournamentOf(t.name, [{ ...row, status: 'live', minute: 30 }], t, new Map());
    expect(live.matches[0]).toMatchObject({ status: 'scheduled', score: null });
  });

  it('reads the goals as stored, so goals a newer file changes, or the table lacks, are a change to write', () => {
    const t = read('2026/worldcup.json');
    const names = [...new Set(t.matches.flatMap((m) => [m.home.name, m.away.name]))];
    const idOf = new Map(names.map((n, i) => [n, i + 1]));
    const fileNameOf = new Map([...idOf].map(([n, id]) => [id, n]));
    const asStored = new Map(t.matches.flatMap((m) => (m.goals ? [[m.externalKey, m.goals] as const] : [])));
    const same = storedTournamentOf(t.name, storedRowsOf(t, idOf), t, fileNameOf, asStored);
    expect(same).toEqual(t);

    const played = t.matches.find((m) => m.goals !== null && m.goals.home.length > 0)!;
    const corrected = new Map(asStored);
    corrected.set(played.externalKey, { ...played.goals!, home: played.goals!.home.map((g) => ({ ...g, scorer: 'Someone Else' })) });
    const merged = mergeSnapshot(storedTournamentOf(t.name, storedRowsOf(t, idOf), t, fileNameOf, corrected), t);
    expect(merged.ok && merged.changes).toEqual([{ kind: 'goalsCorrected', key: played.externalKey }]);

    // Stored before goals were: every match with scorers is to be written once.
    const none = mergeSnapshot(storedTournamentOf(t.name, storedRowsOf(t, idOf), t, fileNameOf, new Map()), t);
    const withScorers = t.matches.filter((m) => m.goals !== null && m.goals.home.length + m.goals.away.length > 0);
    expect(none.ok && none.changes.map((c) => c.key).sort()).toEqual(withScorers.map((m) => m.externalKey).sort());
  });
});

describe('rowsOfKeys', () => {
  it('names each read match by its row in the file, refused rows skipped', () => {
    const raw = readJson('2024-25/uefa.cl.json');
    const r = readTournament(raw, { localTimeZone: 'Europe/Berlin' });
    if (!r.ok) throw new Error('unreadable');
    expect(r.refused).toHaveLength(2);
    const rows = rowsOfKeys(r.tournament, r.refused, raw.matches.length);
    for (const m of r.tournament.matches) {
      const row = raw.matches[rows.get(m.externalKey) as number];
      expect([row.round, row.team1, row.team2]).toEqual([m.round, m.home.name, m.away.name]);
    }
  });
});
