import type { PredictionInput } from '@scoreline/contracts/api/predictions';
import type { Side } from '@scoreline/contracts/game/knockout';
import { FeedService, type FedCompetition, type PollReport } from '@scoreline/backend/feed/feed.service';
import { FixtureAdminService } from '@scoreline/backend/fixtures/fixture-admin.service';
import { FootballDataProvider } from '@scoreline/backend/feed/football-data/football-data.provider';
import { startFootballDataStandIn, type FootballDataStandIn } from '@scoreline/backend/feed/stand-in/stand-in';
import { advancedSides, countMismatches, describeMismatches, expectedPrediction, NO_MISMATCHES, type KnockoutFixtureRow } from '../faults/support/expected';
import { grantAdminRole, insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { insertActiveSeason, insertTeams, kickoffIn, metricValue, providerIdBase, UNKNOWN_SIDE, v4Match, type V4MatchInput, type V4Side } from './feed-helpers';

/**
 * The results feed end to end against the local stand-in of football-data.org: a World Cup-style
 * knockout match scripted from its slot ("W1 v W2") through kick-off, goals, half time, a goal
 * disallowed on review, extra time and penalties, each state polled and applied through the
 * operator's path, every prediction's points checked against an independent recomputation from
 * the game's rules; then a league's postponement, correction, refusals (a status going backwards,
 * an impossible score), teams and matches an operator maps in the console, and a provider that
 * fails every way — nothing written, each problem recorded, counted and shown, and the feed
 * catching up at the next good poll. Polls are made one at a time here (FeedService); who polls
 * when is feed-poller.int-spec.ts's.
 */

const TAG = Date.now().toString(36).slice(-6);
const WC = `fw${TAG}`;
const PL = `fl${TAG}`;
const ID = providerIdBase();
const TEAM = { N1: ID + 1, N2: ID + 2, N3: ID + 3, N4: ID + 4, A: ID + 11, B: ID + 12, C: ID + 13, D: ID + 14, E: ID + 15, K: ID + 16 };
const MATCH = { X: ID + 51, Y: ID + 52, G1: ID + 61, G2: ID + 62, G3: ID + 63, G4: ID + 64 };

describe('results feed', () => {
  let sys: TestSystem;
  let standIn: FootballDataStandIn;
  let provider: FootballDataProvider;
  let feed: FeedService;
  let admin: FastUser;
  let fans: FastUser[];
  let names: Record<'N1' | 'N2' | 'N3' | 'N4' | 'A' | 'B' | 'C' | 'D' | 'E' | 'K', string>;
  let clubs: Record<keyof typeof names, number>;
  let wc: Awaited<ReturnType<typeof insertActiveSeason>>;
  let pl: Awaited<ReturnType<typeof insertActiveSeason>>;
  const at = {
    X: kickoffIn(120),
    Y: kickoffIn(180),
    G1: kickoffIn(240),
    G2: kickoffIn(300),
    G3: kickoffIn(360),
    G4: kickoffIn(24 * 60),
  };

  beforeAll(async () => {
    // The competitions' codes are this suite's own, mapped to the stand-in's WC and PL; read when the apps start.
    const before = process.env.FOOTBALL_DATA_COMPETITIONS;
    process.env.FOOTBALL_DATA_COMPETITIONS = `${WC}=WC,${PL}=PL`;
    try {
      sys = await startTestSystem();
    } finally {
      if (before === undefined) delete process.env.FOOTBALL_DATA_COMPETITIONS;
      else process.env.FOOTBALL_DATA_COMPETITIONS = before;
    }
    standIn = await startFootballDataStandIn({ requestsPerMinute: 1000 });
    provider = new FootballDataProvider({ baseUrl: standIn.url, token: '', timeoutMs: 500 });
    feed = sys.api.get(FeedService);
    [admin] = await insertVerifiedUsers(sys, 1, 'feedadmin');
    await grantAdminRole(sys, admin.id);
    fans = await insertVerifiedUsers(sys, 4, 'feedfan', { onboarded: true });

    names = {
      N1: `Feedonia ${TAG}`,
      N2: `Testavia ${TAG}`,
      N3: `Pollandia ${TAG}`,
      N4: `Leasevia ${TAG}`,
      A: `Alpha Rovers ${TAG} FC`,
      B: `Bravo United ${TAG}`,
      C: `Charlie Town ${TAG}`,
      D: `Delta City ${TAG}`,
      E: `Echo Athletic ${TAG}`,
      K: `South Korea ${TAG}`,
    };
    const [n1, n2, n3, n4] = await insertTeams(sys, [names.N1, names.N2, names.N3, names.N4], 'national');
    const [a, b, c, d, e, k] = await insertTeams(sys, [names.A, names.B, names.C, names.D, names.E, names.K], 'club');
    clubs = { N1: n1, N2: n2, N3: n3, N4: n4, A: a, B: b, C: c, D: d, E: e, K: k };
    // The league first, the tournament last: the independent checker reads the latest active season.
    pl = await insertActiveSeason(sys, {
      code: PL,
      name: `Feed League ${TAG}`,
      rounds: [
        {
          name: null,
          kind: 'league',
          fixtures: [
            { key: 'G1', home: a, away: b, at: at.G1 },
            { key: 'G2', home: c, away: d, at: at.G2 },
            { key: 'G3', home: e, away: k, at: at.G3 },
            { key: 'G4', home: a, away: c, at: at.G4 },
          ],
        },
      ],
    });
    // The group stage played (the season's teams), the Round of 16 still slots.
    wc = await insertActiveSeason(sys, {
      code: WC,
      name: `Feed Cup ${TAG}`,
      rounds: [
        {
          name: 'Matchday 1',
          kind: 'group',
          fixtures: [
            { key: 'M1', home: n1, away: n3, at: kickoffIn(-3 * 24 * 60), score: [1, 0] },
            { key: 'M2', home: n2, away: n4, at: kickoffIn(-3 * 24 * 60 + 180), score: [0, 0] },
          ],
        },
        {
          name: 'Round of 16',
          kind: 'knockout',
          fixtures: [
            { key: 'X', home: 'W1', away: 'W2', at: at.X },
            { key: 'Y', home: 'W3', away: 'W4', at: at.Y },
          ],
        },
      ],
    });
  }, 120_000);

  afterAll(async () => {
    if (wc) await sys.db.query(`UPDATE seasons SET is_active = false WHERE id = ANY($1)`, [[wc.seasonId, pl.seasonId]]);
    await standIn?.stop();
    await sys?.close();
  });

  const fed = (competition: string): FedCompetition => ({ competition, providerCode: competition === WC ? 'WC' : 'PL' });
  const poll = (competition: string): Promise<PollReport> => feed.pollCompetition(provider, fed(competition));
  const side = (key: keyof typeof TEAM, tla?: string): V4Side => ({ id: TEAM[key], name: names[key], tla: tla ?? null });

  /** The scripted knockout match X, from its slot: its state changes as the script goes. */
  const matchX = (m: Partial<V4MatchInput>) => v4Match({ id: MATCH.X, at: at.X, status: 'TIMED', home: side('N1'), away: side('N2'), ...m });

  async function fixtureRow(id: number) {
    const [row] = await sys.db.query(
      `SELECT f.status, f.home_score, f.away_score, f.minute, f.et_home, f.et_away, f.pen_home, f.pen_away, f.home_club_id, f.away_club_id,
              f.home_placeholder, f.away_placeholder, f.kickoff_at, f.updated_at
       FROM fixtures f WHERE f.id = $1`,
      [id],
    );
    return row as Record<string, unknown> & { updated_at: Date; kickoff_at: Date };
  }

  async function resultEvents(fixtureId: number): Promise<number> {
    const [{ n }]: { n: number }[] = await sys.db.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE name = 'result.recorded' AND (payload->>'fixtureId')::int = $1`,
      [fixtureId],
    );
    return n;
  }

  async function allResultEvents(): Promise<number> {
    const [{ n }]: { n: number }[] = await sys.db.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE name = 'result.recorded' AND (payload->>'fixtureId')::int = ANY($1)`,
      [[...Object.values(wc.fixtures), ...Object.values(pl.fixtures)]],
    );
    return n;
  }

  async function problems(competition: string, kind: string): Promise<{ message: string; provider_match_id: number | null }[]> {
    return sys.db.query(`SELECT message, provider_match_id FROM feed_problems WHERE competition = $1 AND kind = $2 ORDER BY id`, [competition, kind]);
  }

  async function metrics(): Promise<string> {
    return (await sys.metrics.get('/metrics').expect(200)).text;
  }

  const save = (fan: FastUser, predictions: PredictionInput[]) => sys.http.post('/api/predictions/').set(fan.auth).send({ predictions });

  /** Every prediction of these fixtures as the game's rules say from the fixture's row (who went through by matchWinner). */
  async function expectPointsAsTheRulesSay(fixtureIds: number[]): Promise<void> {
    await sys.settle();
    const fixtures: KnockoutFixtureRow[] = await sys.db.query(
      `SELECT f.id, f.status, f.home_score, f.away_score, g.kind, f.tie_key, f.tie_leg, f.home_club_id, f.away_club_id,
              f.et_home, f.et_away, f.pen_home, f.pen_away
       FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id WHERE f.id = ANY($1)`,
      [fixtureIds],
    );
    const advanced = advancedSides(fixtures);
    const byId = new Map(fixtures.map((f) => [f.id, f]));
    const predictions: { fixture_id: number; home_score: number; away_score: number; is_banker: boolean; advance: Side | null; points: number | null; outcome: string | null; is_final: boolean }[] =
      await sys.db.query(`SELECT fixture_id, home_score, away_score, is_banker, advance, points, outcome, is_final FROM predictions WHERE fixture_id = ANY($1)`, [fixtureIds]);
    expect(predictions.length).toBeGreaterThan(0);
    for (const p of predictions) {
      const expected = expectedPrediction(byId.get(p.fixture_id)!, p, advanced.get(p.fixture_id) ?? null);
      expect({ fixture: p.fixture_id, points: p.points, outcome: p.outcome, is_final: p.is_final }).toEqual({ fixture: p.fixture_id, ...expected });
    }
  }

  async function pointsOf(fixtureId: number): Promise<(number | null)[]> {
    const rows: { user_id: number; points: number | null }[] = await sys.db.query(`SELECT user_id, points FROM predictions WHERE fixture_id = $1`, [fixtureId]);
    const byUser = new Map(rows.map((r) => [r.user_id, r.points]));
    return fans.map((f) => byUser.get(f.id) ?? null);
  }

  it('links a knockout slot by its kick-off, then sets its teams from the provider, which opens it for prediction', async () => {
    standIn.setMatch('WC', matchX({ home: UNKNOWN_SIDE, away: UNKNOWN_SIDE }));
    standIn.setMatch('WC', v4Match({ id: MATCH.Y, at: at.Y, status: 'TIMED', home: UNKNOWN_SIDE, away: UNKNOWN_SIDE }));
    expect(await poll(WC)).toMatchObject({ outcome: 'ok', applied: 0, problems: 0 });
    const links: { provider_match_id: number; fixture_id: number }[] = await sys.db.query(
      `SELECT provider_match_id, fixture_id FROM feed_match_links WHERE provider = 'football-data' AND provider_match_id = ANY($1) ORDER BY provider_match_id`,
      [[MATCH.X, MATCH.Y]],
    );
    expect(links).toEqual([
      { provider_match_id: MATCH.X, fixture_id: wc.fixtures.X },
      { provider_match_id: MATCH.Y, fixture_id: wc.fixtures.Y },
    ]);
    expect(await fixtureRow(wc.fixtures.X)).toMatchObject({ home_club_id: null, away_club_id: null, home_placeholder: 'W1', away_placeholder: 'W2' });
    const closed = await save(fans[0], [{ fixture: wc.fixtures.X, home_score: 1, away_score: 0, is_banker: false, advance: 'home' }]);
    expect(closed.status).toBe(400);

    // The provider knows the teams: matched by name, linked, and the slot takes them through the domain path.
    standIn.setMatch('WC', matchX({}));
    expect(await poll(WC)).toMatchObject({ outcome: 'ok', applied: 1, problems: 0 });
    expect(await fixtureRow(wc.fixtures.X)).toMatchObject({ home_club_id: clubs.N1, away_club_id: clubs.N2, home_placeholder: null, away_placeholder: null });
    const teamLinks: { provider_team_id: number; club_id: number; linked_by: string }[] = await sys.db.query(
      `SELECT provider_team_id, club_id, linked_by FROM feed_team_links WHERE provider = 'football-data' AND provider_team_id = ANY($1) ORDER BY provider_team_id`,
      [[TEAM.N1, TEAM.N2]],
    );
    expect(teamLinks).toEqual([
      { provider_team_id: TEAM.N1, club_id: clubs.N1, linked_by: 'feed' },
      { provider_team_id: TEAM.N2, club_id: clubs.N2, linked_by: 'feed' },
    ]);
    const audit: { action: string; actor_user_id: number | null }[] = await sys.db.query(
      `SELECT action, actor_user_id FROM operator_audit WHERE target LIKE $1 ORDER BY id`,
      [`Fixture ${wc.fixtures.X} %`],
    );
    expect(audit).toEqual([{ action: 'fixture.teams', actor_user_id: null }]);

    // A side once decided stays; a club that does not exist, or one club on both sides, is refused (nothing written).
    const fixtures = sys.api.get(FixtureAdminService);
    const stamp = (await fixtureRow(wc.fixtures.X)).updated_at;
    await expect(fixtures.setTeams(wc.fixtures.X, clubs.N3, null)).rejects.toMatchObject({ status: 409 });
    await expect(fixtures.setTeams(wc.fixtures.Y, 2147483000, null)).rejects.toMatchObject({ status: 400 });
    await expect(fixtures.setTeams(wc.fixtures.Y, clubs.N3, clubs.N3)).rejects.toMatchObject({ status: 400 });
    await expect(fixtures.setTeams(wc.fixtures.Y, null, null)).rejects.toMatchObject({ status: 400 });
    expect((await fixtureRow(wc.fixtures.X)).updated_at).toEqual(stamp);
    expect(await fixtureRow(wc.fixtures.Y)).toMatchObject({ home_club_id: null, away_club_id: null, home_placeholder: 'W3', away_placeholder: 'W4' });

    // Open now: every fan predicts (a banker, "who goes through" picks).
    const picks: [number, number, boolean, Side | null][] = [
      [1, 1, true, 'home'],
      [2, 1, false, 'home'],
      [1, 1, false, 'away'],
      [0, 0, false, null],
    ];
    for (const [i, [home, away, banker, advance]] of picks.entries()) {
      const res = await save(fans[i], [{ fixture: wc.fixtures.X, home_score: home, away_score: away, is_banker: banker, advance }]);
      expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 200, errors: undefined });
    }
  });

  it('plays the match through kick-off, a goal, half time, a goal disallowed on review, extra time and penalties, every point as the rules say', async () => {
    const X = wc.fixtures.X;
    const step = async (m: Partial<V4MatchInput>, expected: Record<string, unknown>) => {
      standIn.setMatch('WC', matchX(m));
      const report = await poll(WC);
      expect(report).toMatchObject({ outcome: 'ok', problems: 0 });
      expect(await fixtureRow(X)).toMatchObject(expected);
      return report;
    };
    const events = await resultEvents(X);

    await step({ status: 'IN_PLAY', minute: 1, score: [0, 0] }, { status: 'live', home_score: 0, away_score: 0, minute: 1 });
    await step({ status: 'IN_PLAY', minute: 44, score: [1, 0] }, { status: 'live', home_score: 1, away_score: 0, minute: 44 });
    await expectPointsAsTheRulesSay([X]);
    expect(await pointsOf(X)).toEqual([0, 10, 0, 0]); // provisional: only 2–1 has the winner right so far

    // Half time, no minute told: the last one stays, and nothing is written.
    expect(await step({ status: 'PAUSED', score: [1, 0], halfTime: [1, 0] }, { status: 'live', home_score: 1, away_score: 0, minute: 44 })).toMatchObject({ applied: 0 });
    await step({ status: 'IN_PLAY', minute: 50, score: [2, 0], halfTime: [1, 0] }, { status: 'live', home_score: 2, away_score: 0, minute: 50 });
    // The goal is disallowed on review: the score goes down, and so do the points.
    await step({ status: 'IN_PLAY', minute: 53, score: [1, 0], halfTime: [1, 0] }, { status: 'live', home_score: 1, away_score: 0, minute: 53 });
    await expectPointsAsTheRulesSay([X]);
    await step({ status: 'IN_PLAY', minute: 80, score: [1, 1], halfTime: [1, 0] }, { status: 'live', home_score: 1, away_score: 1, minute: 80 });
    await expectPointsAsTheRulesSay([X]);
    expect(await pointsOf(X)).toEqual([60, 0, 30, 15]);

    // Extra time: the 90 minutes' score stays what is predicted; the whole match's score is shown beside it.
    const extra = { duration: 'EXTRA_TIME' as const, score: [1, 1] as [number, number], halfTime: [1, 0] as [number, number] };
    await step({ ...extra, status: 'IN_PLAY', minute: 105, extraTime: [1, 0] }, { status: 'live', home_score: 1, away_score: 1, minute: 105, et_home: 2, et_away: 1 });
    await step({ ...extra, status: 'IN_PLAY', minute: 118, extraTime: [1, 1] }, { status: 'live', home_score: 1, away_score: 1, minute: 118, et_home: 2, et_away: 2 });
    // The shoot-out under way (level): not recorded until it is over.
    const shootout = { ...extra, duration: 'PENALTY_SHOOTOUT' as const, extraTime: [1, 1] as [number, number] };
    await step({ ...shootout, status: 'IN_PLAY', minute: 120, penalties: [3, 3] }, { status: 'live', minute: 120, et_home: 2, et_away: 2, pen_home: null, pen_away: null });
    await step(
      { ...shootout, status: 'FINISHED', penalties: [4, 3] },
      { status: 'finished', home_score: 1, away_score: 1, minute: null, et_home: 2, et_away: 2, pen_home: 4, pen_away: 3 },
    );
    await expectPointsAsTheRulesSay([X]);
    // 1–1 after 90 minutes, home through on penalties: the banker's exact 60 + 10; 2–1 wrong + 10; exact 30, wrong side; 0–0 a draw, 15.
    expect(await pointsOf(X)).toEqual([70, 10, 30, 15]);
    expect(describeMismatches(await countMismatches(sys.db))).toBe(NO_MISMATCHES);
    // One event per state that changed (kick-off, 1–0, 2–0, 1–0, 1–1, two in extra time, the shoot-out's minute, full time).
    expect((await resultEvents(X)) - events).toBe(9);
  });

  it('writes nothing when the provider says the same again', async () => {
    const X = wc.fixtures.X;
    const before = { events: await allResultEvents(), row: await fixtureRow(X) };
    const [{ audits }]: { audits: number }[] = await sys.db.query(`SELECT count(*)::int AS audits FROM operator_audit`);
    expect(await poll(WC)).toMatchObject({ outcome: 'ok', applied: 0, problems: 0 });
    expect(await poll(WC)).toMatchObject({ outcome: 'ok', applied: 0, problems: 0 });
    expect(await allResultEvents()).toBe(before.events);
    expect(await fixtureRow(X)).toEqual(before.row);
    const [{ audits: after }]: { audits: number }[] = await sys.db.query(`SELECT count(*)::int AS audits FROM operator_audit`);
    expect(after).toBe(audits);
  });

  it("refuses a result that cannot be, writing nothing of the match, its teams included", async () => {
    const Y = wc.fixtures.Y;
    const events = await resultEvents(Y);
    const counted = metricValue(await metrics(), 'scoreline_feed_problems_total', { competition: WC, kind: 'impossible-score' });
    // A drawn shoot-out.
    standIn.setMatch(
      'WC',
      v4Match({ id: MATCH.Y, at: at.Y, status: 'FINISHED', home: side('N3'), away: side('N4'), duration: 'PENALTY_SHOOTOUT', score: [1, 1], extraTime: [0, 0], penalties: [3, 3] }),
    );
    expect(await poll(WC)).toMatchObject({ outcome: 'ok', applied: 0, problems: 1 });
    expect(await fixtureRow(Y)).toMatchObject({ status: 'scheduled', home_score: null, home_club_id: null, away_club_id: null, home_placeholder: 'W3' });
    expect(await resultEvents(Y)).toBe(events);
    expect(await problems(WC, 'impossible-score')).toEqual([{ message: `match ${MATCH.Y}: a finished shoot-out cannot be drawn (3–3)`, provider_match_id: MATCH.Y }]);
    expect(metricValue(await metrics(), 'scoreline_feed_problems_total', { competition: WC, kind: 'impossible-score' })).toBe(counted + 1);
    // Seen again, it is not reported again.
    expect(await poll(WC)).toMatchObject({ outcome: 'ok', applied: 0, problems: 0 });
    expect(await problems(WC, 'impossible-score')).toHaveLength(1);
  });

  describe('a league', () => {
    const matchG = (key: 'G1' | 'G2' | 'G3' | 'G4', home: keyof typeof TEAM, away: keyof typeof TEAM, m: Partial<V4MatchInput> = {}) =>
      v4Match({ id: MATCH[key], at: at[key], status: 'TIMED', home: side(home), away: side(away), stage: 'REGULAR_SEASON', matchday: 1, ...m });

    it('lists a team it cannot match for an operator, who maps it in the console; the next poll applies it', async () => {
      // The fans predict the round first (a match under way closes it).
      for (const [i, fan] of fans.entries()) {
        const res = await save(fan, [
          { fixture: pl.fixtures.G1, home_score: i, away_score: 1, is_banker: i === 2 },
          { fixture: pl.fixtures.G2, home_score: 1, away_score: 0, is_banker: false },
        ]);
        expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 200, errors: undefined });
      }
      standIn.setMatch('PL', matchG('G1', 'A', 'B'));
      standIn.setMatch('PL', matchG('G2', 'C', 'D'));
      // The provider calls our "South Korea" by another name: not guessed.
      standIn.setMatch('PL', matchG('G3', 'E', 'K'));
      standIn.patchMatch(MATCH.G3, { awayTeam: { name: `Korea Republic ${TAG}`, shortName: `Korea Rep ${TAG}`, tla: 'KRX' } });
      const report = await poll(PL);
      expect(report).toMatchObject({ outcome: 'ok', problems: 1 });
      const unmatched = await sys.http.get('/api/admin/feed/unmatched/').set(admin.auth).expect(200);
      const mine = (unmatched.body.data as { provider_id: number }[]).filter((u) => Object.values(TEAM).includes(u.provider_id) || Object.values(MATCH).includes(u.provider_id));
      expect(mine).toEqual([
        {
          kind: 'team',
          competition: PL,
          provider: 'football-data',
          provider_id: TEAM.K,
          description: `Korea Republic ${TAG} (KRX)`,
          first_seen_at: expect.any(String),
          last_seen_at: expect.any(String),
        },
      ]);
      expect(await problems(PL, 'unknown-team')).toEqual([
        { message: `Korea Republic ${TAG} (KRX): no team of the season has its name, short name or code; map it in the console`, provider_match_id: null },
      ]);
      // G3 waits for its team: not linked, nothing written.
      const g3Links: unknown[] = await sys.db.query(`SELECT 1 FROM feed_match_links WHERE fixture_id = $1`, [pl.fixtures.G3]);
      expect(g3Links).toEqual([]);

      // The console: the season's clubs to choose from, bad input refused, then the mapping.
      const clubList = await sys.http.get(`/api/admin/clubs/?competition=${PL}`).set(admin.auth).expect(200);
      expect(clubList.body.data).toContainEqual({ id: clubs.K, name: names.K, short_name: names.K.slice(0, 40), code: null });
      expect(clubList.body.data).toHaveLength(6);
      await sys.http.get('/api/admin/clubs/').set(admin.auth).expect(400);
      await sys.http.get('/api/admin/clubs/?competition=NOT%20A%20CODE').set(admin.auth).expect(400);
      await sys.http.get('/api/admin/clubs/?competition=zz.none').set(admin.auth).expect(404);
      for (const [path, body] of [
        ['/api/admin/feed/teams/abc', { club_id: clubs.K }],
        ['/api/admin/feed/teams/0', { club_id: clubs.K }],
        [`/api/admin/feed/teams/${TEAM.K}`, { club_id: 'x' }],
        [`/api/admin/feed/teams/${TEAM.K}`, { club_id: -3 }],
        [`/api/admin/feed/teams/${TEAM.K}`, {}],
        [`/api/admin/feed/teams/${TEAM.K}`, { club_id: 2147483000 }],
      ] as const) {
        const res = await sys.http.put(path).set(admin.auth).send(body);
        expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 });
      }
      const fan = await sys.http.put(`/api/admin/feed/teams/${TEAM.K}`).set(fans[0].auth).send({ club_id: clubs.K });
      expect(fan.status).toBe(404);
      const [{ n: stillNoLink }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM feed_team_links WHERE provider_team_id = $1`, [TEAM.K]);
      expect(stillNoLink).toBe(0);

      const mapped = await sys.http.put(`/api/admin/feed/teams/${TEAM.K}`).set(admin.auth).send({ club_id: clubs.K }).expect(200);
      expect((mapped.body.data as { provider_id: number }[]).map((u) => u.provider_id)).not.toContain(TEAM.K);
      const audit: { action: string; actor_user_id: number; after: unknown }[] = await sys.db.query(
        `SELECT action, actor_user_id, after FROM operator_audit WHERE action = 'feed.team-link' AND target = $1`,
        // Named as the provider names it, for a reader of the audit.
        [`football-data team ${TEAM.K} (Korea Republic ${TAG} (KRX))`],
      );
      expect(audit).toEqual([{ action: 'feed.team-link', actor_user_id: admin.id, after: { club_id: clubs.K, club: names.K } }]);

      // The next poll links G3 and takes its state (it kicked off).
      standIn.patchMatch(MATCH.G3, { status: 'IN_PLAY', minute: 3, score: { fullTime: { home: 0, away: 1 }, halfTime: { home: null, away: null } } });
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 1, problems: 0 });
      expect(await fixtureRow(pl.fixtures.G3)).toMatchObject({ status: 'live', home_score: 0, away_score: 1, minute: 3 });
    });

    it('lists a match it cannot match; mapped to its fixture, the next poll moves the kick-off', async () => {
      // A v C three days after our G4: too far to be taken for it.
      const moved = new Date(at.G4.getTime() + 3 * 24 * 3600_000);
      standIn.setMatch('PL', matchG('G4', 'A', 'C', { at: moved }));
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', problems: 1 });
      expect(await problems(PL, 'unknown-match')).toEqual([
        {
          message: `${names.A} v ${names.C}, ${moved.toISOString().replace('.000Z', 'Z')}: no fixture of the season has these teams near that kick-off; map it in the console`,
          provider_match_id: MATCH.G4,
        },
      ]);
      // A fixture of another match cannot be taken; an unknown fixture is a 400.
      const taken = await sys.http.put(`/api/admin/feed/matches/${MATCH.G4}`).set(admin.auth).send({ fixture_id: pl.fixtures.G1 });
      expect(taken.status).toBe(409);
      await sys.http.put(`/api/admin/feed/matches/${MATCH.G4}`).set(admin.auth).send({ fixture_id: 2147480000 }).expect(400);
      await sys.http.put(`/api/admin/feed/matches/${MATCH.G4}`).set(admin.auth).send({ fixture_id: '1' }).expect(400);
      // Nor a fixture of another competition.
      const elsewhere = await sys.http.put(`/api/admin/feed/matches/${MATCH.G4}`).set(admin.auth).send({ fixture_id: wc.fixtures.Y }).expect(400);
      expect(elsewhere.body.errors).toEqual({ fixture_id: [`fixture_id: fixture ${wc.fixtures.Y} is of ${WC}, but match ${MATCH.G4} is of ${PL}.`] });
      const mapped = await sys.http.put(`/api/admin/feed/matches/${MATCH.G4}`).set(admin.auth).send({ fixture_id: pl.fixtures.G4 }).expect(200);
      expect((mapped.body.data as { provider_id: number }[]).map((u) => u.provider_id)).not.toContain(MATCH.G4);
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 1, problems: 0 });
      expect((await fixtureRow(pl.fixtures.G4)).kickoff_at.toISOString()).toBe(moved.toISOString());
      // The round's deadline stays its first kick-off (G1).
      const [{ starts_at }]: { starts_at: Date }[] = await sys.db.query(`SELECT starts_at FROM gameweeks WHERE id = $1`, [pl.gameweekIds[0]]);
      expect(starts_at.toISOString()).toBe(at.G1.toISOString());
    });

    it('voids a postponed match, takes a result and its correction after full time, and refuses a status going backwards', async () => {
      const { G1, G2 } = pl.fixtures;
      standIn.setMatch('PL', matchG('G2', 'C', 'D', { status: 'POSTPONED' }));
      standIn.setMatch('PL', matchG('G1', 'A', 'B', { status: 'FINISHED', score: [2, 1] }));
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 2, problems: 0 });
      expect(await fixtureRow(G2)).toMatchObject({ status: 'postponed', home_score: null });
      expect(await fixtureRow(G1)).toMatchObject({ status: 'finished', home_score: 2, away_score: 1 });
      await expectPointsAsTheRulesSay([G1, G2]);
      expect(await pointsOf(G2)).toEqual([0, 0, 0, 0]);
      expect(await pointsOf(G1)).toEqual([0, 0, 40, 10]);

      // A correction after full time re-scores.
      standIn.setMatch('PL', matchG('G1', 'A', 'B', { status: 'FINISHED', score: [1, 1] }));
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 1, problems: 0 });
      await expectPointsAsTheRulesSay([G1]);
      expect(await pointsOf(G1)).toEqual([0, 30, 0, 0]);

      // The provider says it is in play again: refused, nothing written, reported once.
      const events = await resultEvents(G1);
      const row = await fixtureRow(G1);
      const counted = metricValue(await metrics(), 'scoreline_feed_problems_total', { competition: PL, kind: 'status-backwards' });
      standIn.setMatch('PL', matchG('G1', 'A', 'B', { status: 'IN_PLAY', minute: 70, score: [1, 1] }));
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 0, problems: 1 });
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 0, problems: 0 });
      expect(await fixtureRow(G1)).toEqual(row);
      expect(await resultEvents(G1)).toBe(events);
      expect(await problems(PL, 'status-backwards')).toEqual([
        { message: `match ${MATCH.G1}: the provider says the match is in play, but ours is finished`, provider_match_id: MATCH.G1 },
      ]);
      expect(metricValue(await metrics(), 'scoreline_feed_problems_total', { competition: PL, kind: 'status-backwards' })).toBe(counted + 1);
      standIn.setMatch('PL', matchG('G1', 'A', 'B', { status: 'FINISHED', score: [1, 1] }));
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 0, problems: 0 });
    });

    it("lets an operator's correction of a fed match stand until the provider says something new of it", async () => {
      const { G1 } = pl.fixtures;
      standIn.setMatch('PL', matchG('G1', 'A', 'B', { status: 'FINISHED', score: [3, 0] }));
      await poll(PL);
      expect(await fixtureRow(G1)).toMatchObject({ status: 'finished', home_score: 3, away_score: 0 });
      // The operator knows better (the provider is late with a correction): 3–1.
      await sys.http.put(`/api/admin/fixtures/${G1}/result`).set(admin.auth).send({ home_score: 3, away_score: 1, status: 'finished' }).expect(200);
      const events = await resultEvents(G1);
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 0, problems: 0 });
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 0, problems: 0 });
      expect(await fixtureRow(G1)).toMatchObject({ home_score: 3, away_score: 1 });
      expect(await resultEvents(G1)).toBe(events);
      await expectPointsAsTheRulesSay([G1]);
      // The provider's own correction is news: it applies, as an operator's would.
      standIn.setMatch('PL', matchG('G1', 'A', 'B', { status: 'FINISHED', score: [3, 2] }));
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 1, problems: 0 });
      expect(await fixtureRow(G1)).toMatchObject({ home_score: 3, away_score: 2 });
      await expectPointsAsTheRulesSay([G1]);
    });

    it('writes nothing while the provider fails (429, 500, no answer, not JSON, a broken schema), then catches up at the next good poll', async () => {
      const { G3 } = pl.fixtures;
      // What the provider will say once it answers well again.
      standIn.patchMatch(MATCH.G3, { minute: 30, score: { fullTime: { home: 1, away: 1 }, halfTime: { home: null, away: null } } });
      const before = { events: await allResultEvents(), row: await fixtureRow(G3) };
      const text = await metrics();
      for (const [fault, outcome] of [
        ['429', 'rate-limited'],
        ['500', 'unavailable'],
        ['timeout', 'timeout'],
        ['malformed', 'bad-payload'],
        ['schema', 'bad-payload'],
      ] as const) {
        const problemsBefore = (await problems(PL, outcome)).length;
        standIn.fail(fault);
        const report = await poll(PL);
        expect({ fault, report: { outcome: report.outcome, applied: report.applied } }).toEqual({ fault, report: { outcome, applied: 0 } });
        if (fault === '429') expect(report.retryAfterSeconds).toBeGreaterThan(0);
        expect(await allResultEvents()).toBe(before.events);
        expect(await fixtureRow(G3)).toEqual(before.row);
        expect((await problems(PL, outcome)).length).toBe(problemsBefore + 1);
      }
      const after = await metrics();
      for (const [outcome, n] of [['rate-limited', 1], ['unavailable', 1], ['timeout', 1], ['bad-payload', 2]] as const) {
        expect(metricValue(after, 'scoreline_feed_polls_total', { competition: PL, outcome }) - metricValue(text, 'scoreline_feed_polls_total', { competition: PL, outcome })).toBe(n);
        expect(metricValue(after, 'scoreline_feed_problems_total', { competition: PL, kind: outcome }) - metricValue(text, 'scoreline_feed_problems_total', { competition: PL, kind: outcome })).toBe(n);
      }
      const [state]: { last_outcome: string; consecutive_failures: number }[] = await sys.db.query(
        `SELECT last_outcome, consecutive_failures FROM feed_competition_state WHERE competition = $1`,
        [PL],
      );
      expect(state).toEqual({ last_outcome: 'bad-payload', consecutive_failures: 5 });

      // Back: one poll catches up.
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 1 });
      expect(await fixtureRow(G3)).toMatchObject({ status: 'live', home_score: 1, away_score: 1, minute: 30 });
    });

    it('keeps the last state of a suspended match, noting it, and takes an awarded result as final', async () => {
      const { G2, G3 } = pl.fixtures;
      const row = await fixtureRow(G3);
      standIn.patchMatch(MATCH.G3, { status: 'SUSPENDED' });
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 0, problems: 1 });
      expect(await fixtureRow(G3)).toEqual(row);
      expect(await problems(PL, 'suspended')).toHaveLength(1);
      // The postponed G2 is awarded 3–0 at the table: a final result like any other.
      standIn.setMatch('PL', matchG('G2', 'C', 'D', { status: 'AWARDED', score: [3, 0] }));
      expect(await poll(PL)).toMatchObject({ outcome: 'ok', applied: 1, problems: 0 });
      expect(await fixtureRow(G2)).toMatchObject({ status: 'finished', home_score: 3, away_score: 0 });
      const [{ awarded }]: { awarded: boolean }[] = await sys.db.query(`SELECT awarded FROM fixtures WHERE id = $1`, [G2]);
      expect(awarded).toBe(true);
      await expectPointsAsTheRulesSay([G2]);
      expect(await pointsOf(G2)).toEqual([10, 10, 10, 10]);
    });
  });

  it("shows each competition's feed in the console and /metrics: polls, staleness, the latest problems", async () => {
    const res = await sys.http.get('/api/admin/feed/').set(admin.auth).expect(200);
    const states = res.body.data as Record<string, unknown>[];
    const league = states.find((s) => s.competition === PL)!;
    const cup = states.find((s) => s.competition === WC)!;
    expect(league).toMatchObject({
      competition: PL,
      competition_name: `Feed League ${TAG}`,
      provider: null, // FEED_ENABLED is off in tests: no poller runs on its own
      provider_code: 'PL',
      stand_in: true,
      last_poll_at: expect.any(String),
      last_good_poll_at: expect.any(String),
      requests_left: expect.any(Number),
      live_matches: 1,
    });
    expect(league.stale_seconds).toBeGreaterThanOrEqual(0);
    expect(league.stale_seconds).toBeLessThan(120);
    // unknown-team, unknown-match, status-backwards, the five failed calls and the suspension.
    expect(league.errors_24h).toBe(9);
    const kinds = (league.recent_errors as { kind: string }[]).map((e) => e.kind);
    expect(kinds).toEqual(['suspended', 'bad-payload', 'bad-payload', 'timeout', 'unavailable', 'rate-limited', 'status-backwards', 'unknown-match', 'unknown-team']);
    expect(cup).toMatchObject({ provider_code: 'WC', live_matches: 0, recent_errors: [expect.objectContaining({ kind: 'impossible-score' })] });

    const text = await metrics();
    expect(metricValue(text, 'scoreline_feed_stale_seconds', { competition: PL })).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(new RegExp(`scoreline_feed_stale_seconds\\{competition="${PL}"\\} \\d`));
    expect(metricValue(text, 'scoreline_feed_polls_total', { competition: WC, outcome: 'ok' })).toBeGreaterThanOrEqual(10);

    // The history is kept a week.
    await sys.db.query(`INSERT INTO feed_problems (at, competition, kind, message) VALUES (now() - interval '8 days', $1, 'timeout', 'old')`, [PL]);
    expect(await feed.pruneProblems()).toBeGreaterThanOrEqual(1);
    const [{ old }]: { old: number }[] = await sys.db.query(`SELECT count(*)::int AS old FROM feed_problems WHERE at < now() - interval '7 days'`);
    expect(old).toBe(0);
    expect((await problems(PL, 'timeout')).length).toBe(1);

    // A fan does not see the console at all.
    await sys.http.get('/api/admin/feed/').set(fans[0].auth).expect(404);
    await sys.http.get('/api/admin/feed/unmatched/').expect(401);
  });
});
