import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { ImportSeasonResult } from '@scoreline/contracts/api/admin';
import { main as opsMain } from '@scoreline/backend/ops/cli';
import { SeasonImportService } from '@scoreline/backend/season-import/season-import.service';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * A tournament file stored as a season that is not active: the World Cup 2026 fed day by day
 * (the 38 snapshots of ../shared/data/openfootball/2026/history) ends exactly where the final
 * file imported once ends, goals included; the same file twice writes nothing; the Champions
 * League 2024/25 is stored with its two-legged ties and its two 4–4 shoot-outs refused and named;
 * the ops CLI imports the squads file beside the World Cup's.
 */
const OPENFOOTBALL = join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'openfootball');
const WORLD_CUP = join(OPENFOOTBALL, '2026', 'worldcup.json');
const HISTORY = join(OPENFOOTBALL, '2026', 'history');
const CHAMPIONS_LEAGUE = join(OPENFOOTBALL, '2024-25', 'uefa.cl.json');
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
/**
 * The replay's own competition code: other suites of the run import the final World Cup file as
 * fifa.wc, and a day's snapshot merged into that would be refused (results do not go away).
 */
const REPLAYED = 'fifa.wcday';

describe('tournament import', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let importer: SeasonImportService;

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin] = await insertVerifiedUsers(sys, 1, 'tournaments');
    await grantAdminRole(sys, admin.id);
    importer = sys.api.get(SeasonImportService);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  }, 60_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await sys?.close();
  });

  const importOverHttp = (season: unknown, extra: Record<string, unknown> = {}) =>
    sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season, activate: false, ...extra });

  async function seasonId(code: string, label: string): Promise<number> {
    const [row]: { id: number }[] = await sys.db.query(`SELECT id FROM seasons WHERE league_code = $1 AND label = $2`, [code, label]);
    return row.id;
  }

  /** Everything stored of a tournament's matches and rounds, by key and number (ids and times of writing left out). */
  async function storedState(id: number) {
    const fixtures = await sys.db.query(
      `SELECT f.external_key, g.number AS round, h.name AS home, h.kind AS home_kind, a.name AS away, f.home_placeholder, f.away_placeholder,
              f.kickoff_at, f.kickoff_confirmed, f.status, f.home_score, f.away_score, f.et_home, f.et_away, f.pen_home, f.pen_away,
              f.group_name, f.match_number, f.ground, f.awarded, f.tie_key, f.tie_leg
       FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id
       LEFT JOIN clubs h ON h.id = f.home_club_id LEFT JOIN clubs a ON a.id = f.away_club_id
       WHERE f.season_id = $1 ORDER BY f.external_key`,
      [id],
    );
    const gameweeks = await sys.db.query(
      `SELECT number, name, kind, two_legged, starts_at, ends_at FROM gameweeks WHERE season_id = $1 ORDER BY number`,
      [id],
    );
    const goals = await sys.db.query(
      `SELECT f.external_key, g.side, g.ordinal, g.scorer, g.scorer_folded, g.minute, g.added_minute, g.penalty, g.own_goal
       FROM fixture_goals g JOIN fixtures f ON f.id = g.fixture_id
       WHERE f.season_id = $1 ORDER BY f.external_key, g.side, g.ordinal`,
      [id],
    );
    return { fixtures, gameweeks, goals };
  }

  /** What a write anywhere would move: rows' updated_at, outbox events, the fixture states version. */
  async function writeMarks() {
    const [marks] = await sys.db.query(
      `SELECT (SELECT count(*)::int FROM outbox_events) AS outbox,
              (SELECT max(updated_at) FROM fixtures) AS fixtures_updated,
              (SELECT max(updated_at) FROM seasons) AS seasons_updated,
              (SELECT max(deadline_changed_at) FROM gameweeks) AS deadlines_changed,
              (SELECT count(*)::int FROM fixtures) AS fixtures,
              (SELECT count(*)::int FROM gameweeks) AS gameweeks,
              (SELECT count(*)::int FROM clubs) AS clubs,
              (SELECT version FROM fixture_states_version) AS states_version,
              -- A row written again gets a new xmin: these sums move with any write of goals or squads.
              (SELECT coalesce(sum(xmin::text::bigint), 0)::text FROM fixture_goals) AS goals_written,
              (SELECT coalesce(sum(xmin::text::bigint), 0)::text FROM squad_players) AS squads_written`,
    );
    return marks;
  }

  it('feeds the 38 World Cup snapshots in date order and ends exactly where the final file imported once ends', async () => {
    const files = readdirSync(HISTORY).filter((f) => f.endsWith('.json')).sort();
    expect(files).toHaveLength(38);
    let results = 0;
    for (const file of files) {
      // The day's end: a round whose first match was played by then keeps its deadline.
      const now = new Date(`${/\d{4}-\d{2}-\d{2}/.exec(file)![0]}T23:59:59Z`);
      const r = await importer.import(readJson(join(HISTORY, file)), { activate: false, now, leagueCode: REPLAYED });
      expect({ file, refused: r.refused, missing: r.tournament?.missing, active: r.season.is_active }).toEqual({ file, refused: [], missing: [], active: false });
      results += r.results_recorded;
    }
    const replayed = await seasonId(REPLAYED, '2026');
    const once = await importer.import(readJson(WORLD_CUP), { activate: false, leagueCode: 'fifa.wc2' });
    expect(once.refused).toEqual([]);
    expect(once.fixtures).toEqual({ total: 104, created: 104, updated: 0, unchanged: 0 });
    expect(once.tournament).toEqual({ placeholders: 0, missing: [] });

    const a = await storedState(replayed);
    const b = await storedState(once.season.id);
    expect(a.fixtures).toHaveLength(104);
    expect(new Set(a.fixtures.map((f: { external_key: string }) => f.external_key)).size).toBe(104);
    expect(a).toEqual(b);
    expect(a.gameweeks.map((g: { name: string }) => g.name)).toEqual([
      ...Array.from({ length: 17 }, (_, i) => `Matchday ${i + 1}`),
      'Round of 32', 'Round of 16', 'Quarter-final', 'Semi-final', 'Match for third place', 'Final',
    ]);
    expect(a.gameweeks.filter((g: { kind: string }) => g.kind === 'knockout')).toHaveLength(6);
    // 48 national teams, no club among them; 9 matches to extra time, 4 to penalties.
    const teams = new Set(a.fixtures.flatMap((f: { home: string; away: string }) => [f.home, f.away]));
    expect(teams.size).toBe(48);
    expect(a.fixtures.every((f: { home_kind: string }) => f.home_kind === 'national')).toBe(true);
    expect(a.fixtures.filter((f: { et_home: number | null }) => f.et_home !== null)).toHaveLength(9);
    expect(a.fixtures.filter((f: { pen_home: number | null }) => f.pen_home !== null)).toHaveLength(4);
    // Every goal of the file, as many as its goal lists hold (own goals under the side credited).
    const raw = readJson(WORLD_CUP) as { matches: { goals1?: unknown[]; goals2?: unknown[] }[] };
    const goalCount = raw.matches.reduce((n, m) => n + (m.goals1?.length ?? 0) + (m.goals2?.length ?? 0), 0);
    expect(a.goals).toHaveLength(goalCount);
    expect(a.goals.filter((g: { own_goal: boolean }) => g.own_goal).length).toBeGreaterThan(0);
    // Every result arrived through the import's result.recorded, as a league import's do.
    expect(results).toBe(104);
    const [{ n }] = await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE name = 'result.recorded' AND (payload->>'seasonId')::int = $1`, [replayed]);
    expect(n).toBe(104);
    // The scorers take them (no prediction to score: a tournament season has none yet) and fail nothing.
    await sys.settle(60_000);
    expect(await sys.db.query(`SELECT count(*)::int AS n FROM seasons WHERE is_active AND id = ANY($1::int[])`, [[replayed, once.season.id]])).toEqual([{ n: 0 }]);
  }, 300_000);

  it('writes nothing when the same file comes again: no row, no event, no version moved', async () => {
    const first = await importOverHttp(readJson(WORLD_CUP), { league_code: REPLAYED }).expect(201);
    // The replayed season already holds the final state.
    expect((first.body.data as ImportSeasonResult).fixtures).toEqual({ total: 104, created: 0, updated: 0, unchanged: 104 });
    await sys.settle();
    const marks = await writeMarks();
    const again = await importOverHttp(readJson(WORLD_CUP), { league_code: REPLAYED }).expect(201);
    const data = again.body.data as ImportSeasonResult;
    expect(data).toMatchObject({ gameweeks: 23, fixtures: { total: 104, created: 0, updated: 0, unchanged: 104 }, refused: [], clubs_created: [], results_recorded: 0 });
    expect(data.season).toMatchObject({ league_code: REPLAYED, label: '2026', is_active: false });
    expect(await writeMarks()).toEqual(marks);
  });

  it('refuses to shift a tournament or merge it into a league\'s season, and changes nothing', async () => {
    const marks = await writeMarks();
    await importOverHttp(readJson(WORLD_CUP), { shift_to_now: true }).expect(400);
    expect(await writeMarks()).toEqual(marks);
    // A tournament file cannot land in a league's season.
    await importOverHttp(seasonSlice('2024-25/en.1.json', [1], 'English Premier League 2026')).expect(201);
    const league = await writeMarks();
    const mixed = await importOverHttp(readJson(WORLD_CUP), { league_code: 'en.1' }).expect(400);
    expect(mixed.body.message).toBe("The season en.1 2026 holds a league's matchdays; a tournament file cannot be merged into it.");
    expect(await writeMarks()).toEqual(league);
  });

  it('makes a tournament its competition\'s active season, beside another competition\'s active season', async () => {
    const before: { id: number }[] = await sys.db.query(`SELECT id FROM seasons WHERE is_active`);
    const premier = await seasonId('en.1', '2026');
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE league_code = 'en.1' AND is_active`);
    await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = $1`, [premier]);
    try {
      const active = await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: readJson(WORLD_CUP) }).expect(201);
      expect((active.body.data as ImportSeasonResult).season).toMatchObject({ league_code: 'fifa.wc', label: '2026', is_active: true });
      const actives: { league_code: string }[] = await sys.db.query(`SELECT league_code FROM seasons WHERE is_active ORDER BY league_code`);
      expect(actives.map((s) => s.league_code)).toEqual(expect.arrayContaining(['en.1', 'fifa.wc']));
      expect(actives.filter((s) => s.league_code === 'en.1')).toHaveLength(1);
      expect((await sys.db.query(`SELECT is_active FROM seasons WHERE id = $1`, [premier]))[0].is_active).toBe(true);
    } finally {
      await sys.db.query(`UPDATE seasons SET is_active = false WHERE league_code IN ('en.1', 'fifa.wc') AND is_active`);
      for (const { id } of before) await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = $1`, [id]);
    }
  });

  it('imports the Champions League 2024/25 from the ops CLI: two-legged ties paired, exactly its two 4–4 shoot-outs refused and named', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await opsMain(['import', CHAMPIONS_LEAGUE, '--no-activate'], { out: (l) => out.push(l), err: (l) => err.push(l) });
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out[0]).toMatch(/^Imported UEFA Champions League 2024\/25 \(uefa\.cl 2024\/25, season #\d+\)$/);
    const refusedLines = out.filter((l) => l.startsWith('    matches['));
    expect(refusedLines).toHaveLength(2);
    expect(refusedLines[0]).toMatch(/^ {4}matches\[\d+\] Finals, Round of 16 2025-03-11 Liverpool FC \(ENG\) v Paris Saint-Germain FC \(FRA\): score\.p: a drawn shoot-out/);
    expect(refusedLines[1]).toMatch(/^ {4}matches\[\d+\] Finals, Round of 16 2025-03-12 Club Atlético de Madrid \(ESP\) v Real Madrid CF \(ESP\): score\.p: a drawn shoot-out/);

    const id = await seasonId('uefa.cl', '2024/25');
    const { fixtures, gameweeks } = await storedState(id);
    const raw = readJson(CHAMPIONS_LEAGUE) as { matches: unknown[] };
    expect(fixtures).toHaveLength(raw.matches.length - 2);
    expect(gameweeks.filter((g: { two_legged: boolean }) => g.two_legged).map((g: { name: string }) => g.name)).toEqual([
      'Playoffs, Matchday 1', 'Playoffs, Matchday 2', 'Finals, Round of 16', 'Finals, Quarterfinals', 'Finals, Semifinals',
    ]);
    expect(gameweeks.filter((g: { kind: string }) => g.kind === 'league')).toHaveLength(8);
    // Every knockout match but the final belongs to a tie; a tie has its two legs, 1 then 2, except
    // the two ties whose second leg was refused.
    const legs = new Map<string, number[]>();
    for (const f of fixtures as { tie_key: string | null; tie_leg: number | null; external_key: string }[]) {
      if (f.tie_key !== null) legs.set(f.tie_key, [...(legs.get(f.tie_key) ?? []), f.tie_leg!].sort());
    }
    expect(legs.size).toBe(8 + 8 + 4 + 2);
    expect([...legs.values()].filter((l) => l.join() === '1,2')).toHaveLength(20);
    expect([...legs.values()].filter((l) => l.join() === '1')).toHaveLength(2);
    // The clubs are the league files' clubs ("Liverpool FC (ENG)" is Liverpool FC), not new ones.
    const liverpool = fixtures.filter((f: { home: string }) => f.home === 'Liverpool FC');
    expect(liverpool.length).toBeGreaterThan(0);
    expect(liverpool.every((f: { home_kind: string }) => f.home_kind === 'club')).toBe(true);
    // The final has no score in the file: stored as scheduled.
    expect(fixtures.find((f: { external_key: string }) => f.external_key === 'Finals, Final')).toMatchObject({ status: 'scheduled', home_score: null });

    // Again: nothing written, the same two rows named.
    const marks = await writeMarks();
    const again = await importOverHttp(raw).expect(201);
    expect((again.body.data as ImportSeasonResult).refused.map((r) => r.row)).toHaveLength(2);
    expect((again.body.data as ImportSeasonResult).fixtures).toMatchObject({ created: 0, updated: 0 });
    expect(await writeMarks()).toEqual(marks);
  }, 120_000);

  it('prints the World Cup report from the ops CLI with --no-activate, and imports the squads file beside it once', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await opsMain(['import', WORLD_CUP, '--no-activate'], { out: (l) => out.push(l), err: (l) => err.push(l) });
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out).toEqual([
      expect.stringMatching(/^Imported World Cup 2026 \(fifa\.wc 2026, season #\d+\)$/),
      '  23 gameweeks, 104 fixtures: 0 created, 0 updated, 104 unchanged',
      '  0 result.recorded events; shift 0 days',
      '  tournament: 0 team slots still placeholders',
    ]);
    // worldcup.squads.json: 48 squads, each linked to the season's team ("United States" is USA).
    const id = await seasonId('fifa.wc', '2026');
    const squads: { team: string; players: number }[] = await sys.db.query(
      `SELECT c.name AS team, count(*)::int AS players FROM squad_players sp JOIN clubs c ON c.id = sp.team_id WHERE sp.season_id = $1 GROUP BY 1 ORDER BY 1`,
      [id],
    );
    const file = JSON.parse(readFileSync(join(OPENFOOTBALL, '2026', 'worldcup.squads.json'), 'utf8')) as { players: unknown[] }[];
    expect(squads).toHaveLength(48);
    expect(squads.reduce((n, s) => n + s.players, 0)).toBe(file.reduce((n, s) => n + s.players.length, 0));
    expect(squads.map((s) => s.team)).toEqual(expect.arrayContaining(['USA', 'Bosnia & Herzegovina', 'France']));
    expect(await sys.db.query(`SELECT name, folded_name, number, position FROM squad_players WHERE season_id = $1 AND folded_name = 'kylian mbappe'`, [id])).toEqual([
      { name: 'Kylian Mbappé', folded_name: 'kylian mbappe', number: 10, position: 'FW' },
    ]);
    // The squads' FIFA codes on the national teams: what a results provider's three-letter code matches.
    const codes: { name: string; fifa_code: string | null }[] = await sys.db.query(
      `SELECT c.name, c.fifa_code FROM clubs c WHERE c.id IN (SELECT team_id FROM squad_players WHERE season_id = $1) ORDER BY c.name`,
      [id],
    );
    expect(codes.filter((c) => c.fifa_code === null)).toEqual([]);
    expect(codes).toEqual(expect.arrayContaining([{ name: 'USA', fifa_code: 'USA' }, { name: 'France', fifa_code: 'FRA' }, { name: 'England', fifa_code: 'ENG' }]));
    const marks = await writeMarks();
    expect(await opsMain(['import', WORLD_CUP, '--no-activate'], { out: () => undefined, err: (l) => err.push(l) })).toBe(0);
    expect(await writeMarks()).toEqual(marks);
  });

  it('stores placeholders of a snapshot before the draw was complete, each side a team or a placeholder', async () => {
    const r = await importer.import(readJson(join(HISTORY, 'worldcup-2026-03-20.json')), { activate: false, leagueCode: 'fifa.early' });
    expect(r.refused).toEqual([]);
    expect(r.tournament?.placeholders).toBe(82);
    const rows: { home_placeholder: string | null; home: string | null; status: string }[] = (await storedState(r.season.id)).fixtures;
    const final = (await storedState(r.season.id)).fixtures.find((f: { external_key: string }) => f.external_key === 'Final');
    expect(final).toMatchObject({ home: null, away: null, home_placeholder: 'W101', away_placeholder: 'W102', status: 'scheduled' });
    expect(rows.every((f) => (f.home === null) !== (f.home_placeholder === null))).toBe(true);
    // The tables refuse a score without both teams, and a drawn shoot-out.
    await expect(sys.db.query(`UPDATE fixtures SET status = 'finished', home_score = 1, away_score = 0 WHERE season_id = $1 AND external_key = 'Final'`, [r.season.id])).rejects.toThrow(
      /fixtures_score_needs_teams/,
    );
  });
});
