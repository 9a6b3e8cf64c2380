import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { PredictionInput } from '@scoreline/contracts/api/predictions';
import { scorePrediction, type PredictionOutcome } from '@scoreline/contracts/game/scoring';
import type { FixtureUpdatedPayload, PointsUpdatedPayload } from '@scoreline/contracts/live';
import { main as opsMain } from '@scoreline/backend/ops/cli';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, seededRandom, type FastUser } from '../support/game-factories';
import { connectLive, type LiveClient } from '../support/socket-client';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * The live replay end to end: a slice of a real season (Premier League 2024/25, matchdays 1–3,
 * re-labelled 2071/72 so no other suite shares its fixtures) imported shifted to now, so
 * matchday 2 is the open gameweek with its real results kept aside; players predict; the ops
 * CLI replays the gameweek in-process over 6 seconds; the real workers score it and push it.
 */

const SOURCE = '2024-25/en.1.json';
const slice = seasonSlice(SOURCE, [1, 2, 3], 'English Premier League 2071/72');
const GAMEWEEK = 2;

/** Runs the ops CLI in-process (same services, no HTTP) and captures what it prints. */
async function ops(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await opsMain(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('live replay of a gameweek through the ops CLI', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let players: FastUser[];
  let outsider: FastUser;
  const sockets: LiveClient[] = [];
  /** The gameweek's fixtures with the real full-time score from the source file. */
  let fixtures: { id: number; gameweekId: number; home: string; away: string; ft: [number, number] }[] = [];
  let seasonId = 0;
  /** What each player sent, by `${userId}:${fixtureId}`. */
  const sent = new Map<string, PredictionInput>();

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin, outsider, ...players] = await insertVerifiedUsers(sys, 5, 'replayfan');
    await grantAdminRole(sys, admin.id);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    // Leave no active season behind: every suite activates the season it needs.
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys?.close();
  });

  it('imports the slice shifted to now: the current gameweek is scheduled, its real results kept aside', async () => {
    const res = await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: slice, shift_to_now: true }).expect(201);
    expect(res.body.data).toMatchObject({ gameweeks: 3, fixtures: { total: 30, created: 30 }, season: { label: '2071/72', league_code: 'en.1', is_active: true } });
    expect(res.body.data.shift_days).toBeGreaterThan(0);
    seasonId = res.body.data.season.id;

    const gws = (await sys.http.get('/api/seasons/gameweeks/').set(bearer(players[0].token)).expect(200)).body.data as GameweekSummary[];
    expect(gws.map((g) => [g.number, g.status, g.is_open])).toEqual([
      [1, 'completed', false],
      [2, 'current', true],
      [3, 'upcoming', false],
    ]);

    const listed: AdminFixture[] = (await sys.http.get('/api/admin/fixtures/').query({ gameweek: GAMEWEEK }).set(bearer(admin.token)).expect(200)).body.data;
    const byTeams = new Map(slice.matches.map((m) => [`${m.team1}|${m.team2}`, m]));
    fixtures = listed.map((f) => ({ id: f.id, gameweekId: f.gameweek_id, home: f.home_team, away: f.away_team, ft: byTeams.get(`${f.home_team}|${f.away_team}`)!.score!.ft! }));
    expect(fixtures).toHaveLength(10);
    expect(listed.every((f) => f.status === 'scheduled' && f.home_score === null && f.away_score === null && f.minute === null)).toBe(true);
    const hidden: { id: number; real_home_score: number; real_away_score: number }[] = await sys.db.query(
      `SELECT id, real_home_score, real_away_score FROM fixtures WHERE id = ANY($1) ORDER BY id`,
      [fixtures.map((f) => f.id)],
    );
    expect(hidden.map((r) => [r.id, r.real_home_score, r.real_away_score])).toEqual(
      [...fixtures].sort((a, b) => a.id - b.id).map((f) => [f.id, f.ft[0], f.ft[1]]),
    );
  });

  // 15 s on a quiet machine; CI runs it beside the browser suite on two cores (over 60 s there once).
  it('plays every match live to its real score: sockets see the clock run and the points, predictions are scored', async () => {
    // A few players predict the whole gameweek (the first with a banker).
    const rnd = seededRandom(207172);
    for (const [i, player] of players.entries()) {
      const predictions = fixtures.map((f, j) => ({ fixture: f.id, home_score: Math.floor(rnd() * 4), away_score: Math.floor(rnd() * 3), is_banker: i === 0 && j === 3 }));
      await sys.http.post('/api/predictions/').set(bearer(player.token)).send({ predictions }).expect(200);
      for (const p of predictions) sent.set(`${player.id}:${p.fixture}`, p);
    }
    await sys.settle();

    const predictor = await connectLive(sys.baseUrl, players[0].token);
    const watcher = await connectLive(sys.baseUrl, outsider.token);
    sockets.push(predictor, watcher);

    const replay = await ops('replay', '--gameweek', String(GAMEWEEK), '--minutes', '0.1', '--seed', '7');
    expect(replay.err).toEqual([]);
    expect(replay.code).toBe(0);
    expect(replay.out[0]).toBe(`Replaying gameweek ${GAMEWEEK}: 10 matches over 0.1 minute(s) (seed 7)`);
    expect(replay.out.at(-1)).toMatch(/^Replayed 10 matches \(\d+ updates\)\.$/);
    // One log line per real goal, one kick-off and one final whistle per match.
    const goals = fixtures.reduce((sum, f) => sum + f.ft[0] + f.ft[1], 0);
    expect(replay.out.filter((l) => l.endsWith('  goal'))).toHaveLength(goals);
    expect(replay.out.filter((l) => l.endsWith('  kick-off'))).toHaveLength(10);
    expect(replay.out.filter((l) => l.endsWith('  full-time'))).toHaveLength(10);
    await sys.settle();

    // Audited as the CLI's user: every kick-off, goal, half time and full time, none of the clock's ticks.
    const audited: { action: string; via: string; n: number }[] = await sys.db.query(
      `SELECT action, via, count(*)::int AS n FROM operator_audit WHERE target ~ ('^Fixture (' || $1 || ') ') GROUP BY action, via`,
      [fixtures.map((f) => f.id).join('|')],
    );
    const events = replay.out.filter((l) => / {2}(kick-off|goal|half-time|second half|full-time)$/.test(l)).length;
    expect(audited).toEqual([{ action: 'fixture.result', via: 'cli', n: events }]);

    // Every match finished with exactly its real score.
    const rows: { id: number; status: string; home_score: number; away_score: number; minute: number | null }[] = await sys.db.query(
      `SELECT id, status, home_score, away_score, minute FROM fixtures WHERE id = ANY($1)`,
      [fixtures.map((f) => f.id)],
    );
    expect(new Map(rows.map((r) => [r.id, [r.status, r.home_score, r.away_score, r.minute]]))).toEqual(
      new Map(fixtures.map((f) => [f.id, ['finished', f.ft[0], f.ft[1], null]])),
    );

    // Each socket saw each match live, the clock running and the score only going up, then the final whistle last.
    for (const socket of [predictor, watcher]) {
      for (const f of fixtures) {
        await socket.waitFor('fixture.updated', (p) => p.fixtureId === f.id && p.status === 'finished');
        const seen = socket.received.filter((r) => r.event === 'fixture.updated').map((r) => r.payload as FixtureUpdatedPayload).filter((p) => p.fixtureId === f.id);
        // Pushes carry the fixture's row as it is when sent, so the last live steps may come as the final whistle too.
        const whistle = seen.findIndex((p) => p.status === 'finished');
        const live = seen.slice(0, whistle);
        const final = { fixtureId: f.id, gameweekId: f.gameweekId, seasonId, competition: 'en.1', status: 'finished', homeScore: f.ft[0], awayScore: f.ft[1], minute: null };
        expect(seen.slice(whistle)).toEqual(seen.slice(whistle).map(() => final));
        expect(live.map((p) => p.status)).toEqual(live.map(() => 'live'));
        expect(live.every((p) => p.minute !== null)).toBe(true);
        const minutes = live.map((p) => p.minute!);
        expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
        expect(new Set(minutes).size).toBeGreaterThanOrEqual(5);
        for (let i = 1; i < live.length; i++) {
          expect(live[i].homeScore!).toBeGreaterThanOrEqual(live[i - 1].homeScore!);
          expect(live[i].awayScore!).toBeGreaterThanOrEqual(live[i - 1].awayScore!);
        }
        expect(live.every((p) => p.homeScore! <= f.ft[0] && p.awayScore! <= f.ft[1])).toBe(true);
      }
    }

    // Predictions scored exactly as the rules say, for good.
    const expected = (userId: number, fixtureId: number): { points: number; outcome: PredictionOutcome } => {
      const p = sent.get(`${userId}:${fixtureId}`)!;
      const f = fixtures.find((x) => x.id === fixtureId)!;
      return scorePrediction({ predictedHome: p.home_score, predictedAway: p.away_score, actualHome: f.ft[0], actualAway: f.ft[1], isBanker: p.is_banker });
    };
    const scored: { user_id: number; fixture_id: number; points: number; outcome: PredictionOutcome; is_final: boolean }[] = await sys.db.query(
      `SELECT user_id, fixture_id, points, outcome, is_final FROM predictions WHERE user_id = ANY($1)`,
      [players.map((p) => p.id)],
    );
    expect(scored).toHaveLength(players.length * fixtures.length);
    for (const row of scored) {
      expect({ user: row.user_id, fixture: row.fixture_id, points: row.points, outcome: row.outcome, final: row.is_final }).toEqual({
        user: row.user_id,
        fixture: row.fixture_id,
        ...expected(row.user_id, row.fixture_id),
        final: true,
      });
    }
    const totals: { user_id: number; points: number; provisional: boolean }[] = await sys.db.query(
      `SELECT user_id, points, provisional FROM user_gameweek_totals WHERE gameweek_id = $1 AND user_id = ANY($2)`,
      [fixtures[0].gameweekId, players.map((p) => p.id)],
    );
    const expectedTotal = (userId: number) => fixtures.reduce((sum, f) => sum + expected(userId, f.id).points, 0);
    expect(new Map(totals.map((t) => [t.user_id, [t.points, t.provisional]]))).toEqual(new Map(players.map((p) => [p.id, [expectedTotal(p.id), false]])));

    // The predictor was told their points: provisional while the matches ran, final per match, and the final total.
    for (const f of fixtures) {
      const final = await predictor.waitFor('points.updated', (p) => p.fixtureId === f.id && !p.provisional);
      expect(final).toMatchObject({ fixtureId: f.id, gameweekId: f.gameweekId, ...expected(players[0].id, f.id) });
    }
    const points = predictor.received.filter((r) => r.event === 'points.updated').map((r) => r.payload as PointsUpdatedPayload);
    expect(points.some((p) => p.provisional)).toBe(true);
    expect(points.some((p) => !p.provisional && p.gameweekTotal === expectedTotal(players[0].id))).toBe(true);
    // Live scores are for everyone; points only for those who predicted.
    expect(watcher.received.filter((r) => r.event === 'points.updated')).toEqual([]);
  }, 180_000);

  it('refuses a gameweek with nothing left to play and bad arguments: exit 2, one line, nothing written', async () => {
    const outboxBefore: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events`);
    const again = await ops('replay', '--gameweek', String(GAMEWEEK), '--minutes', '0.1');
    expect(again).toEqual({ code: 2, out: [], err: [`ops: Gameweek ${GAMEWEEK} of the active season has no match left to play.`] });
    expect(await ops('replay', '--gameweek', '99', '--minutes', '1')).toMatchObject({ code: 2, out: [], err: ['ops: Gameweek 99 of the active season has no match left to play.'] });

    for (const argv of [
      ['replay'],
      ['replay', '--gameweek', '3'],
      ['replay', '--minutes', '1'],
      ['replay', '--gameweek', 'x', '--minutes', '1'],
      ['replay', '--gameweek', '0', '--minutes', '1'],
      ['replay', '--gameweek', '3', '--minutes', '0'],
      ['replay', '--gameweek', '3', '--minutes', '181'],
      ['replay', '--gameweek', '3', '--minutes', 'soon'],
      ['replay', '--gameweek', '3', '--minutes', '1', '--seed', '-1'],
      ['replay', '--gameweek', '3', '--minutes', '1', '--speed', '2'],
      ['replay', '--gameweek', '3', '--gameweek', '3', '--minutes', '1'],
      ['replay', '3', '--minutes', '1'],
    ]) {
      const bad = await ops(...argv);
      expect({ argv, code: bad.code, out: bad.out, lines: bad.err.length }).toEqual({ argv, code: 2, out: [], lines: 1 });
      expect(bad.err[0]).toMatch(/^ops: \S/);
    }
    await sys.settle();
    expect(await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events`)).toEqual(outboxBefore);
    // Gameweek 3 was never touched.
    const untouched: { n: number }[] = await sys.db.query(
      `SELECT count(*)::int AS n FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id JOIN seasons s ON s.id = f.season_id AND s.is_active
       WHERE g.number = 3 AND f.status <> 'scheduled'`,
    );
    expect(untouched[0].n).toBe(0);
  });
});
