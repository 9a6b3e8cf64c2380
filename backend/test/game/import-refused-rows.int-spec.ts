import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { ImportRefusedRow, ImportSeasonResult } from '@scoreline/contracts/api/admin';
import type { FootballJsonMatch } from '@scoreline/backend/season-import/football-json';
import { main as opsMain } from '@scoreline/backend/ops/cli';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * Real data has errors (the Champions League 2024/25 file writes both its shoot-outs 4–4): an
 * import refuses each row that cannot be, names it in its report, imports the rest and stores
 * nothing of a refused row; the same file again changes nothing, and a row refused in a later
 * import leaves the fixture an earlier import stored as it was.
 */
describe('season import: bad rows refused one by one', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let warnings: jest.SpyInstance;
  let tmp: string;

  const NAME = 'English Premier League 2079/80';
  // Matchdays 1 and 2 of 2024/25 as they are: 20 good rows.
  const good = seasonSlice('2024-25/en.1.json', [1, 2]).matches;
  // Modelled on real rows; a club name that only refused rows carry must never be created.
  const PHANTOM = 'Refused Rovers FC';
  const bad: { row: unknown; reason: RegExp }[] = [
    {
      row: { round: 'Matchday 3', date: '2024-08-31', time: '17:30', team1: 'Liverpool FC', team2: PHANTOM, score: { ht: [0, 1], ft: [0, 1], et: [0, 1], p: [4, 4] } },
      reason: /^score\.p: a drawn shoot-out cannot be .*got \[4,4\]$/,
    },
    {
      row: { round: 'Matchday 3', date: '2024-08-31', time: '15:00', team1: PHANTOM, team2: 'Arsenal FC', score: { ht: [1, 0], ft: [1, 1], p: [4, 2] } },
      reason: /^score\.p: penalties without extra time/,
    },
    { row: { round: 'Matchday 3', date: '2024-09-01', time: '16:30', team1: 'Chelsea FC', team2: PHANTOM, score: { ft: [2, -1] } }, reason: /^score\.ft: a score cannot be negative, got \[2,-1\]$/ },
    // The same round and teams as the first good row, with another score: refused, the first kept.
    { row: { ...good[0], score: { ht: [5, 5], ft: [9, 9] } }, reason: /^same round and teams as matches\[0\]$/ },
    { row: { round: 'Matchday 3', date: '2024-02-30', time: '15:00', team1: PHANTOM, team2: 'Everton FC', score: {} }, reason: /^date: "2024-02-30" is not a real date$/ },
    { row: { round: 'Matchday 3', date: '2024-08-31', time: '15:00', team1: PHANTOM, score: {} }, reason: /^team2: expected a non-empty team name, got nothing$/ },
    { row: 'Liverpool FC v Paris Saint-Germain FC', reason: /^expected an object, got "Liverpool FC v Paris Saint-Germain FC"$/ },
  ];
  // Bad rows between the good ones, so the report's indexes mean something.
  const matches: unknown[] = [...good.slice(0, 10), ...bad.slice(0, 4).map((b) => b.row), ...good.slice(10), ...bad.slice(4).map((b) => b.row)];
  const badIndexes = [10, 11, 12, 13, 24, 25, 26];
  const file = { name: NAME, matches };

  const importFile = (season: unknown) => sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season });
  const warned = () => warnings.mock.calls.map((c) => String(c[0])).filter((m) => m.includes(NAME));

  /** Everything an import writes for the season, to compare before and after. */
  async function snapshot(seasonId: number) {
    return {
      fixtures: await sys.db.query(`SELECT * FROM fixtures WHERE season_id = $1 ORDER BY id`, [seasonId]),
      gameweeks: await sys.db.query(`SELECT * FROM gameweeks WHERE season_id = $1 ORDER BY id`, [seasonId]),
      clubs: await sys.db.query(`SELECT count(*)::int AS n FROM clubs`),
      // The season's own events: the run's database is shared, and earlier suites' work may still raise others.
      outbox: await sys.db.query(
        `SELECT count(*)::int AS n FROM outbox_events WHERE name = 'result.recorded' AND (payload->>'fixtureId')::int IN (SELECT id FROM fixtures WHERE season_id = $1)`,
        [seasonId],
      ),
    };
  }

  async function storedFixtures(seasonId: number) {
    const rows: { external_key: string; gameweek: number; status: string; home_score: number | null; away_score: number | null; home: string; away: string }[] = await sys.db.query(
      `SELECT f.external_key, g.number AS gameweek, f.status, f.home_score, f.away_score, h.name AS home, a.name AS away
       FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id JOIN clubs h ON h.id = f.home_club_id JOIN clubs a ON a.id = f.away_club_id
       WHERE f.season_id = $1 ORDER BY f.external_key`,
      [seasonId],
    );
    return rows;
  }

  const expectedFixtures = (rows: FootballJsonMatch[]) =>
    rows
      .map((m) => ({
        external_key: `${/\d+/.exec(m.round)![0]}|${m.team1}|${m.team2}`,
        gameweek: Number(/\d+/.exec(m.round)![0]),
        status: 'finished',
        home_score: m.score!.ft![0],
        away_score: m.score!.ft![1],
        home: m.team1,
        away: m.team2,
      }))
      .sort((a, b) => (a.external_key < b.external_key ? -1 : 1));

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin] = await insertVerifiedUsers(sys, 1, 'importer');
    await grantAdminRole(sys, admin.id);
    warnings = jest.spyOn(Logger.prototype, 'warn');
    tmp = mkdtempSync(join(tmpdir(), 'scoreline-import-'));
  });

  afterAll(async () => {
    warnings?.mockRestore();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    await sys?.close();
  });

  let seasonId: number;
  let firstReport: ImportRefusedRow[];

  it('imports the good rows, names every refused one (index, round, date, teams, reason), and stores nothing of them', async () => {
    expect(good).toHaveLength(20);
    const res = await importFile(file).expect(201);
    const data = res.body.data as ImportSeasonResult;
    expect(res.body.message).toBe(`Imported ${NAME}: 20 fixtures in 2 gameweeks; 7 match rows refused (see refused).`);
    expect(data).toMatchObject({ gameweeks: 2, fixtures: { total: 20, created: 20, updated: 0, unchanged: 0 }, clubs_created: [], results_recorded: 0 });
    seasonId = data.season.id;
    firstReport = data.refused;

    expect(data.refused.map((r) => r.row)).toEqual(badIndexes);
    data.refused.forEach((refused, i) => {
      const raw = bad[i].row as Record<string, unknown>;
      const text = (v: unknown) => (typeof v === 'string' ? v : null);
      const named = typeof raw === 'object' ? { round: text(raw.round), date: text(raw.date), home: text(raw.team1), away: text(raw.team2) } : { round: null, date: null, home: null, away: null };
      expect(refused).toEqual({ row: badIndexes[i], ...named, reason: expect.stringMatching(bad[i].reason) });
    });

    // Exactly the good rows, with their own scores (not the duplicate's 9-9), in their gameweeks.
    expect(await storedFixtures(seasonId)).toEqual(expectedFixtures(good));
    const [{ invalid }]: { invalid: number }[] = await sys.db.query(
      `SELECT count(*)::int AS invalid FROM fixtures WHERE season_id = $1 AND (home_score < 0 OR away_score < 0 OR kickoff_at IS NULL)`,
      [seasonId],
    );
    expect(invalid).toBe(0);
    expect(await sys.db.query(`SELECT name FROM clubs WHERE name = $1`, [PHANTOM])).toEqual([]);
    const gameweeks: { number: number }[] = await sys.db.query(`SELECT number FROM gameweeks WHERE season_id = $1 ORDER BY number`, [seasonId]);
    expect(gameweeks.map((g) => g.number)).toEqual([1, 2]);

    expect(warned()).toEqual([`import of ${NAME}: 7 match rows refused (listed in the import's answer), 20 imported`]);
  });

  it('changes nothing when the same file is imported again, and reports the same rows', async () => {
    const before = await snapshot(seasonId);
    const again = await importFile(file).expect(201);
    expect(again.body.data).toMatchObject({ season: { id: seasonId }, fixtures: { total: 20, created: 0, updated: 0, unchanged: 20 }, results_recorded: 0, clubs_created: [] });
    expect(again.body.data.refused).toEqual(firstReport);
    expect(await snapshot(seasonId)).toEqual(before);
  });

  it('leaves a stored fixture as it was when a later file refuses its row, and imports the rest of that file', async () => {
    const before = await snapshot(seasonId);
    const changed = structuredClone(file) as { name: string; matches: Record<string, unknown>[] };
    // Two rows stored from the first import now come wrong; one other row has a real change.
    changed.matches[0] = { ...changed.matches[0], score: { ft: [1, 0], et: [1, 0], p: [4, 4] } };
    changed.matches[1] = { ...changed.matches[1], score: { ft: [-1, 0] } };
    const moved = changed.matches[2] as unknown as FootballJsonMatch;
    changed.matches[2] = { ...changed.matches[2], score: { ht: [0, 0], ft: [moved.score!.ft![0] + 1, moved.score!.ft![1]] } };

    const res = await importFile(changed).expect(201);
    const data = res.body.data as ImportSeasonResult;
    expect(data.refused.map((r) => [r.row, r.home])).toEqual([
      [0, good[0].team1],
      [1, good[1].team1],
      ...badIndexes.map((i, n) => [i, firstReport[n].home]),
    ]);
    expect(data.refused[0].reason).toMatch(/^score\.p: a drawn shoot-out/);
    // The duplicate of row 0 is still refused, though row 0 is refused itself this time.
    expect(data.refused.find((r) => r.row === 13)!.reason).toBe('same round and teams as matches[0]');
    expect(data.fixtures).toEqual({ total: 18, created: 0, updated: 1, unchanged: 17 });
    expect(data.results_recorded).toBe(1);

    const after = await snapshot(seasonId);
    const byId = (rows: { id: number }[]) => new Map(rows.map((r) => [r.id, r]));
    const beforeRows = byId(before.fixtures);
    const afterRows = byId(after.fixtures);
    expect(afterRows.size).toBe(20);
    const key = (m: unknown) => {
      const match = m as FootballJsonMatch;
      return `${/\d+/.exec(match.round)![0]}|${match.team1}|${match.team2}`;
    };
    const idOf = (m: unknown) => (before.fixtures as { id: number; external_key: string }[]).find((f) => f.external_key === key(m))!.id;
    // The refused rows' fixtures: untouched, every column.
    for (const m of [good[0], good[1]]) expect(afterRows.get(idOf(m))).toEqual(beforeRows.get(idOf(m)));
    expect(afterRows.get(idOf(good[2]))).toMatchObject({ home_score: good[2].score!.ft![0] + 1 });
    const [{ n }]: { n: number }[] = await sys.db.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE name = 'result.recorded' AND (payload->>'fixtureId')::int = ANY($1)`,
      [[idOf(good[0]), idOf(good[1])]],
    );
    expect(n).toBe(0);
  });

  it('prints the report from the ops CLI, one line per refused row, and exits 0', async () => {
    const path = join(tmp, 'season.json');
    writeFileSync(path, JSON.stringify(file));
    const out: string[] = [];
    const err: string[] = [];
    const code = await opsMain(['import', path], { out: (l) => out.push(l), err: (l) => err.push(l) });
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out[1]).toBe('  2 gameweeks, 20 fixtures: 0 created, 1 updated, 19 unchanged');
    expect(out[3]).toBe('  7 match rows refused (not imported; a fixture stored before stays as it was):');
    expect(out.slice(4)).toEqual([
      `    matches[10] Matchday 3 2024-08-31 Liverpool FC v ${PHANTOM}: ${firstReport[0].reason}`,
      `    matches[11] Matchday 3 2024-08-31 ${PHANTOM} v Arsenal FC: ${firstReport[1].reason}`,
      `    matches[12] Matchday 3 2024-09-01 Chelsea FC v ${PHANTOM}: score.ft: a score cannot be negative, got [2,-1]`,
      `    matches[13] Matchday 1 ${good[0].date} ${good[0].team1} v ${good[0].team2}: same round and teams as matches[0]`,
      `    matches[24] Matchday 3 2024-02-30 ${PHANTOM} v Everton FC: date: "2024-02-30" is not a real date`,
      `    matches[25] Matchday 3 2024-08-31 ${PHANTOM} v ?: team2: expected a non-empty team name, got nothing`,
      '    matches[26] ? ? ? v ?: expected an object, got "Liverpool FC v Paris Saint-Germain FC"',
    ]);
    // Back to the first import's state: row 2's real score again.
    expect(await storedFixtures(seasonId)).toEqual(expectedFixtures(good));
  });

  it('refuses a file with no importable row whole (400, every row named) and writes nothing', async () => {
    const seasons = await sys.db.query(`SELECT count(*)::int AS n FROM seasons`);
    const before = await snapshot(seasonId);
    // The bad rows without the duplicate (alone, it is the first of its kind and would be imported).
    const rows = bad.filter((_, i) => i !== 3).map((b) => b.row);
    const res = await importFile({ name: 'English Premier League 2094/95', matches: rows }).expect(400);
    expect(res.body.message).toMatch(/^The season file is not valid: matches\[0\]\.score\.p: a drawn shoot-out/);
    expect(res.body.errors.season).toEqual(rows.map((_, i) => expect.stringMatching(new RegExp(`^matches\\[${i}\\]`))));
    expect(await sys.db.query(`SELECT count(*)::int AS n FROM seasons`)).toEqual(seasons);
    expect(await snapshot(seasonId)).toEqual(before);
  });
});
