import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { HeadToHeadResponse, MyRankHistoryResponse, RankHistory } from '@scoreline/contracts/api/compare';
import { scorePrediction } from '@scoreline/contracts/game/scoring';
import { RankHistoryService } from '@scoreline/backend/standings/rank-history.service';
import { createVerifiedUser } from '../support/factories';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * Head to head and rank over time on a hand-built season: a slice of the real 2024/25 Premier
 * League (matchdays 1–4, re-labelled) imported shifted so that matchday 1 is played and matchday
 * 2 is open. Six players in one private league predict matchday 2 with picks chosen against the
 * real scores (exact, correct, wrong), so every figure below is worked out by hand from them.
 */

const slice = seasonSlice('2024-25/en.1.json', [1, 2, 3, 4], 'English Premier League 2084/85'); // a season no other suite imports

type Score = [number, number];
type Pick = { fixture: number; home_score: number; away_score: number; is_banker: boolean };
type Kind = 'exact' | 'correct' | 'wrong';

/** A pick of the given kind against a full-time score. */
function pickFor(ft: Score, kind: Kind): Score {
  const [h, a] = ft;
  if (kind === 'exact') return [h, a];
  if (kind === 'correct') return h > a ? [h + 1, a] : h < a ? [h, a + 1] : [h + 1, a + 1];
  return h > a ? [0, 3] : h < a ? [3, 0] : [2, 0];
}

describe('head to head and rank history', () => {
  let sys: TestSystem;
  let admin: FastUser;
  /** ana (owner), ben, cy, eve, fay: members of "Rivals"; dan: in no league with them. */
  const u: Record<'ana' | 'ben' | 'cy' | 'eve' | 'fay' | 'dan', { id: number; auth: { Authorization: string } }> = {} as never;
  let leagueId: number;
  let gameweekIds: number[];
  const fixturesOf = new Map<number, AdminFixture[]>();
  const ft = new Map<number, Score>();
  /** What each player saved, per fixture. */
  const saved = new Map<string, Pick>();

  const get = (path: string, who: { auth: { Authorization: string } }) => sys.http.get(path).set(who.auth);
  const h2h = async (viewer: keyof typeof u, other: keyof typeof u): Promise<HeadToHeadResponse> =>
    (await get(`/api/leagues/${leagueId}/head-to-head/${u[other].id}/`, u[viewer]).expect(200)).body.data;

  async function save(who: keyof typeof u, gameweek: number, kinds: (Kind | 'banker-exact' | 'banker-correct' | 'banker-wrong')[]): Promise<void> {
    const predictions = fixturesOf.get(gameweek)!.map((f, i): Pick => {
      const kind = kinds[i] ?? 'wrong';
      const [home_score, away_score] = pickFor(ft.get(f.id)!, kind.replace('banker-', '') as Kind);
      return { fixture: f.id, home_score, away_score, is_banker: kind.startsWith('banker-') };
    });
    await sys.http.post('/api/predictions/').set(u[who].auth).send({ predictions }).expect(200);
    for (const p of predictions) saved.set(`${u[who].id}:${p.fixture}`, p);
  }

  async function finish(gameweek: number): Promise<void> {
    for (const f of fixturesOf.get(gameweek)!) {
      const [home_score, away_score] = ft.get(f.id)!;
      await sys.http.put(`/api/admin/fixtures/${f.id}/result`).set(bearer(admin.token)).send({ home_score, away_score, status: 'finished' }).expect(200);
    }
    await sys.settle();
  }

  /** Each member's season figures through a gameweek, recomputed here from the saved picks and the scores. */
  function expectedTable(upTo: number): Map<number, { points: number; exact: number; correct: number; rank: number }> {
    const members = (['ana', 'ben', 'cy', 'eve', 'fay'] as const).map((k) => u[k].id);
    const rows = members.map((id) => {
      let points = 0;
      let exact = 0;
      let correct = 0;
      for (let n = 2; n <= upTo; n += 1) {
        for (const f of fixturesOf.get(n)!) {
          const p = saved.get(`${id}:${f.id}`);
          if (!p) continue;
          const [home, away] = ft.get(f.id)!;
          const r = scorePrediction({ predictedHome: p.home_score, predictedAway: p.away_score, actualHome: home, actualAway: away, isBanker: p.is_banker });
          points += r.points;
          if (r.outcome === 'exact') exact += 1;
          if (r.outcome === 'exact' || r.outcome === 'correct') correct += 1;
        }
      }
      return { id, points, exact, correct };
    });
    const better = (a: (typeof rows)[0], b: (typeof rows)[0]) => a.points > b.points || (a.points === b.points && (a.exact > b.exact || (a.exact === b.exact && a.correct > b.correct)));
    return new Map(rows.map((r) => [r.id, { ...r, rank: 1 + rows.filter((o) => better(o, r)).length }]));
  }

  /** The stored ranks and points of the league's members at a gameweek, unpacked from their buckets. */
  async function storedHistory(gameweekId: number): Promise<Map<number, { rank: number; points: number }>> {
    const rows: { user_id: number; rank: number; points: number }[] = await sys.db.query(
      `SELECT u.user_id, u.rank, u.points FROM league_rank_history h, unnest(h.user_ids, h.ranks, h.points) AS u(user_id, rank, points)
       WHERE h.league_id = $1 AND h.gameweek_id = $2`,
      [leagueId, gameweekId],
    );
    return new Map(rows.map((r) => [r.user_id, { rank: r.rank, points: r.points }]));
  }

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin] = await insertVerifiedUsers(sys, 1, 'h2hadmin');
    await grantAdminRole(sys, admin.id);
    // One player through the real sign-up, the others inserted directly.
    const real = await createVerifiedUser(sys, { first_name: 'Ana', last_name: 'Owner' });
    u.ana = { id: real.id, auth: bearer(real.token) };
    const names = ['ben', 'cy', 'eve', 'fay', 'dan'] as const;
    const fast = await insertVerifiedUsers(sys, names.length, 'h2h', { onboarded: true });
    names.forEach((k, i) => (u[k] = { id: fast[i].id, auth: fast[i].auth }));

    await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: slice, shift_to_now: true }).expect(201);
    const list: AdminFixture[] = (await sys.http.get('/api/admin/fixtures/').set(bearer(admin.token)).expect(200)).body.data;
    const byTeams = new Map(slice.matches.map((m) => [`${m.team1}|${m.team2}`, m.score!.ft as Score]));
    for (const f of list) {
      ft.set(f.id, byTeams.get(`${f.home_team}|${f.away_team}`)!);
      fixturesOf.set(f.gameweek, [...(fixturesOf.get(f.gameweek) ?? []), f].sort((a, b) => a.id - b.id));
    }
    gameweekIds = [1, 2, 3, 4].map((n) => fixturesOf.get(n)![0].gameweek_id);

    const created = await sys.http.post('/api/leagues/').set(u.ana.auth).send({ name: 'Rivals', type: 'private' }).expect(201);
    leagueId = created.body.data.id;
    for (const k of ['ben', 'cy', 'eve', 'fay'] as const) {
      await sys.http.post('/api/leagues/join/').set(u[k].auth).send({ type: 'private', code: created.body.data.code }).expect(200);
      await sys.http.post(`/api/leagues/${leagueId}/approve-request/${u[k].id}/`).set(u.ana.auth).expect(200);
    }
    await sys.settle();
  });

  afterAll(async () => {
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys?.close();
  });

  it('backfills the history of a completed gameweek that a league has none of', async () => {
    expect(await storedHistory(gameweekIds[0])).toEqual(new Map());
    const writes = await sys.workers.get(RankHistoryService, { strict: false }).backfillMissing();
    expect(writes.map((w) => w.gameweekId)).toContain(gameweekIds[0]);
    const gw1 = await storedHistory(gameweekIds[0]);
    // Nobody predicted matchday 1: five members level on nothing share first place.
    expect([...gw1.values()]).toEqual(Array(5).fill({ rank: 1, points: 0 }));
    // A second pass finds nothing to do.
    expect((await sys.workers.get(RankHistoryService, { strict: false }).backfillMissing()).filter((w) => w.gameweekId === gameweekIds[0])).toEqual([]);
  });

  it('answers 404 to anyone outside the league, alike for a stranger and a bad id, and 400 for oneself', async () => {
    const status = async (path: string, who: { auth: { Authorization: string } }, code: number) => (await get(path, who).expect(code)).body.message as string;
    expect(await status(`/api/leagues/${leagueId}/head-to-head/${u.ben.id}/`, u.dan, 404)).toBe('League not found.');
    expect(await status(`/api/leagues/${leagueId}/head-to-head/${u.dan.id}/`, u.ana, 404)).toBe('That user is not a member of this league.');
    expect(await status(`/api/leagues/999999999/head-to-head/${u.ben.id}/`, u.ana, 404)).toBe('League not found.');
    await get(`/api/leagues/abc/head-to-head/${u.ben.id}/`, u.ana).expect(404);
    await get(`/api/leagues/${leagueId}/head-to-head/-3/`, u.ana).expect(404);
    expect(await status(`/api/leagues/${leagueId}/head-to-head/${u.ana.id}/`, u.ana, 400)).toMatch(/this is you/);
    await get(`/api/leagues/${leagueId}/rank-history/${u.ben.id}/`, u.dan).expect(404);
    await sys.http.get(`/api/leagues/${leagueId}/head-to-head/${u.ben.id}/`).expect(401);
  });

  it("hides the other's picks of a gameweek until its deadline has passed", async () => {
    const [w1, w2] = fixturesOf
      .get(2)!
      .filter((f) => ft.get(f.id)![0] !== ft.get(f.id)![1])
      .map((f) => fixturesOf.get(2)!.indexOf(f));
    // ana: banker exact on match 0, correct on the rest but 2. ben: same score on match 1, banker exact on 2, wrong on the rest.
    await save('ana', 2, ['banker-exact', 'correct', 'wrong', ...Array(7).fill('correct')]);
    await save('ben', 2, ['correct', 'correct', 'banker-exact']);
    await save('cy', 2, []);
    // Level on points, split by exact scores: fay one exact win (20), eve two correct wins (10 + 10).
    await save('fay', 2, fixturesOf.get(2)!.map((_, i) => (i === w1 ? 'exact' : 'wrong')));
    await save('eve', 2, fixturesOf.get(2)!.map((_, i) => (i === w1 || i === w2 ? 'correct' : 'wrong')));

    const before = await h2h('ana', 'ben');
    expect(before.gameweeks.map((g) => g.number)).toEqual([1]);
    expect(before.differing_picks).toEqual([]);
    expect(before.them).toMatchObject({ total_points: 0, exact_scores: 0, banker_hits: 0 });
    const beforeFromBen = await h2h('ben', 'ana');
    expect(beforeFromBen.differing_picks).toEqual([]);

    // The first match moves to a minute ago: the gameweek's deadline has passed.
    const first = fixturesOf.get(2)![0];
    await sys.http.patch(`/api/admin/fixtures/${first.id}`).set(bearer(admin.token)).send({ match_time: new Date(Date.now() - 60_000).toISOString() }).expect(200);
    await sys.settle();
    const after = await h2h('ana', 'ben');
    expect(after.gameweeks.map((g) => [g.number, g.completed, g.winner])).toEqual([
      [1, true, 'draw'],
      [2, false, null],
    ]);
    // A league's matchdays are named "Gameweek N" (a tournament's rounds by name: test/game/round-names.int-spec.ts).
    expect(after.gameweeks.map((g) => g.name)).toEqual(['Gameweek 1', 'Gameweek 2']);
    // Match 1 has the same pick: it is not a differing one. No verdict before full time.
    expect(after.differing_picks).toHaveLength(9);
    expect(new Set(after.differing_picks.map((d) => d.gameweek_name))).toEqual(new Set(['Gameweek 2']));
    expect(after.differing_picks.every((d) => d.verdict === null && d.mine.points === null)).toBe(true);
    const m2 = after.differing_picks.find((d) => d.fixture_id === fixturesOf.get(2)![2].id)!;
    const [bh, ba] = ft.get(m2.fixture_id)!;
    expect(m2.theirs).toMatchObject({ home_score: bh, away_score: ba, is_banker: true });
  });

  it('counts head-to-head figures of a finished gameweek and stores its ranks when it completes', async () => {
    await finish(2);
    const table = expectedTable(2);
    const points = (k: keyof typeof u) => table.get(u[k].id)!.points;
    const res = await h2h('ana', 'ben');
    expect(res.gameweeks.find((g) => g.number === 2)).toMatchObject({ my_points: points('ana'), their_points: points('ben'), completed: true });
    expect(res.me).toMatchObject({ total_points: points('ana'), exact_scores: 1, correct_results: 9, banker_hits: 1 });
    expect(res.them).toMatchObject({ total_points: points('ben'), exact_scores: 1, correct_results: 3, banker_hits: 1 });
    const winner = points('ana') > points('ben') ? 'me' : points('ana') < points('ben') ? 'them' : 'draw';
    expect(res.gameweeks.find((g) => g.number === 2)!.winner).toBe(winner);
    expect(res.me.gameweeks_won).toBe(winner === 'me' ? 1 : 0);
    expect(res.drawn_gameweeks).toBe(winner === 'draw' ? 2 : 1);
    // Match 0: ana exact over ben correct; match 2: ben exact over ana wrong; 3–9: ana correct, ben wrong.
    expect(res.differing_summary).toEqual({ me: 8, them: 1, both: 0, neither: 0 });
    expect(res.differing_picks.find((d) => d.fixture_id === fixturesOf.get(2)![2].id)!.verdict).toBe('them');
    // The same figures seen from the other side.
    const mirror = await h2h('ben', 'ana');
    expect(mirror.differing_summary).toEqual({ me: 1, them: 8, both: 0, neither: 0 });
    expect(mirror.me.total_points).toBe(points('ben'));

    const stored = await storedHistory(gameweekIds[1]);
    for (const [id, row] of table) expect(stored.get(id)).toEqual({ rank: row.rank, points: row.points });
    expect(stored.get(u.fay.id)!.points).toBe(stored.get(u.eve.id)!.points);
    expect(stored.get(u.fay.id)!.rank).toBeLessThan(stored.get(u.eve.id)!.rank);

    const history: RankHistory = (await get(`/api/leagues/${leagueId}/rank-history/${u.cy.id}/`, u.ana).expect(200)).body.data;
    expect(history.history.map((p) => [p.gameweek_number, p.rank, p.points, p.members])).toEqual([
      [1, 1, 0, 5],
      [2, table.get(u.cy.id)!.rank, 0, 5],
    ]);
    expect(history.history.map((p) => p.gameweek_name)).toEqual(['Gameweek 1', 'Gameweek 2']);
    expect(history.best).toMatchObject({ gameweek_number: 1, gameweek_name: 'Gameweek 1', rank: 1 });
    expect(history.worst).toMatchObject({ gameweek_number: 2, rank: 5 });
    const mine: MyRankHistoryResponse = (await get('/api/rank-history/', u.ana).expect(200)).body.data;
    expect(mine.leagues.find((l) => l.league.id === leagueId)!.history.map((p) => p.rank)).toEqual([1, table.get(u.ana.id)!.rank]);
  });

  it('keeps the next gameweek hidden until it is played, then stores it too', async () => {
    await save('ana', 3, ['banker-exact']);
    await save('ben', 3, ['correct']);
    const open = await h2h('ana', 'ben');
    expect(open.gameweeks.map((g) => g.number)).toEqual([1, 2]);
    expect(open.differing_picks.some((d) => d.gameweek_number === 3)).toBe(false);

    await finish(3);
    const revealed = await h2h('ana', 'ben');
    expect(revealed.gameweeks.map((g) => g.number)).toEqual([1, 2, 3]);
    expect(revealed.differing_picks.filter((d) => d.gameweek_number === 3).map((d) => d.verdict)).toEqual(['me']);
    const table = expectedTable(3);
    const stored = await storedHistory(gameweekIds[2]);
    for (const [id, row] of table) expect(stored.get(id)).toEqual({ rank: row.rank, points: row.points });
  });

  it('writes a gameweek safely when two workers write it at the same instant, and a replay changes nothing', async () => {
    const history = sys.workers.get(RankHistoryService, { strict: false });
    const before = await storedHistory(gameweekIds[1]);
    const writes = await Promise.all([history.writeGameweek(gameweekIds[1], [leagueId]), history.writeGameweek(gameweekIds[1], [leagueId])]);
    expect(writes.map((w) => w.written)).toEqual([0, 0]);
    expect(await storedHistory(gameweekIds[1])).toEqual(before);
  });

  it('re-scores the stored history of the corrected gameweek and of every later completed one', async () => {
    // Ben's banker exact on matchday 2's match 2 becomes wrong: the score is corrected to an away win.
    const corrected = fixturesOf.get(2)![2];
    const [h, a] = ft.get(corrected.id)!;
    const fixed: Score = h > a ? [0, 1] : h < a ? [1, 0] : [0, 1];
    ft.set(corrected.id, fixed);
    const before2 = await storedHistory(gameweekIds[1]);
    await sys.http.put(`/api/admin/fixtures/${corrected.id}/result`).set(bearer(admin.token)).send({ home_score: fixed[0], away_score: fixed[1], status: 'finished' }).expect(200);
    await sys.settle();

    for (const [n, gameweekId] of [[2, gameweekIds[1]], [3, gameweekIds[2]]] as const) {
      const table = expectedTable(n);
      const stored = await storedHistory(gameweekId);
      for (const [id, row] of table) expect(stored.get(id)).toEqual({ rank: row.rank, points: row.points });
    }
    expect((await storedHistory(gameweekIds[1])).get(u.ben.id)!.points).toBeLessThan(before2.get(u.ben.id)!.points);
    // Matchday 1 had no points from it and is left as it was.
    expect([...(await storedHistory(gameweekIds[0])).values()].every((r) => r.rank === 1 && r.points === 0)).toBe(true);
    const res = await h2h('ana', 'ben');
    expect(res.differing_picks.find((d) => d.fixture_id === corrected.id)!.verdict).not.toBe('them');
  });
});
