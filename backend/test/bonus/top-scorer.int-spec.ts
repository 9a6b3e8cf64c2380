import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { SeasonBonus, SeasonPlayers } from '@scoreline/contracts/api/bonus';
import { BonusPointsService } from '@scoreline/backend/bonus/bonus-points.service';
import { SeasonImportService } from '@scoreline/backend/season-import/season-import.service';
import { ensureCompetition } from '../support/competitions';
import { bearer, grantAdminRole, insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

const WORLD_CUP_DIR = join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'openfootball', '2026');
const readJson = (file: string): unknown => JSON.parse(readFileSync(join(WORLD_CUP_DIR, file), 'utf8'));

/** A competition code of this suite's own, so no other suite's World Cup is touched. */
const CODE = 'fifa.tscor';

interface RawMatch {
  date: string;
  score?: Record<string, unknown>;
  goals1?: { name: string; owngoal?: boolean }[];
  goals2?: { name: string; owngoal?: boolean }[];
}
interface RawTournament {
  name: string;
  matches: RawMatch[];
}

/** The real World Cup 2026 moved to 2098 (its answers still open), with its results or as before a ball was kicked. */
function worldCupIn2098(played: boolean): RawTournament {
  const raw = readJson('worldcup.json') as RawTournament;
  return {
    ...raw,
    matches: raw.matches.map((m) => {
      const moved = { ...m, date: m.date.replace(/^2026-/, '2098-') };
      if (played) return moved;
      const { goals1: _home, goals2: _away, ...unplayed } = moved;
      return { ...unplayed, score: {} };
    }),
  };
}

/**
 * The World Cup's top scorer on the real system (issue 34 §3): a tournament imported with its
 * squads file asks for a player of its squads ("kylian mbappe" is stored "Kylian Mbappé", a name
 * of no squad is a 400), lists its players for the answer picker, and once its final is played
 * settles the question from the stored goals (the standings worker writes the points); an
 * operator's settlement wins, and taking it back returns to the goals.
 */
describe('the top scorer from squads and goals', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let fan: FastUser;
  let rival: FastUser;
  let seasonId: number;
  let importer: SeasonImportService;

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin, fan, rival] = await insertVerifiedUsers(sys, 3, 'topscorer');
    await grantAdminRole(sys, admin.id);
    importer = sys.api.get(SeasonImportService);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const r = await importer.import(worldCupIn2098(false), { activate: false, leagueCode: CODE, squads: readJson('worldcup.squads.json') });
    expect(r.refused).toEqual([]);
    seasonId = r.season.id;
  }, 120_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await sys?.close();
  });

  const getBonus = (user: FastUser) => sys.http.get(`/api/seasons/${seasonId}/bonus/`).set(bearer(user.token));
  const putBonus = (user: FastUser, answers: unknown) => sys.http.put(`/api/seasons/${seasonId}/bonus/`).set(bearer(user.token)).send({ answers });
  const players = (query: string, id: number | string = seasonId, user = fan) => sys.http.get(`/api/seasons/${id}/players/${query}`).set(bearer(user.token));
  const topScorer = async (user: FastUser) => {
    const data = (await getBonus(user).expect(200)).body.data as SeasonBonus;
    const q = data.questions.find((x) => x.key === 'top_scorer')!;
    return { right_answers: q.right_answers, settled_by: q.settled_by, my_points: q.my_points };
  };
  const storedPoints = async (user: FastUser): Promise<number | null> => {
    const [row]: { points: number }[] = await sys.db.query(`SELECT points FROM bonus_points WHERE season_id = $1 AND user_id = $2`, [seasonId, user.id]);
    return row?.points ?? null;
  };

  it('asks for a player of the squads, and stores an answer as the squad spells the player', async () => {
    const data = (await getBonus(fan).expect(200)).body.data as SeasonBonus;
    expect(data).toMatchObject({ open: true, revealed: false });
    expect(data.questions.map((q) => [q.key, q.answer])).toEqual([
      ['champion', 'team'],
      ['top_scorer', 'squad_player'],
    ]);
    const saved = await putBonus(fan, { top_scorer: '  kylian   mbappe ' }).expect(200);
    expect((saved.body.data as SeasonBonus).questions[1].my_answer).toBe('Kylian Mbappé');
    await putBonus(rival, { top_scorer: 'HARRY KANE' }).expect(200);
    expect(await sys.db.query(`SELECT user_id, player_name FROM bonus_answers WHERE season_id = $1 ORDER BY user_id`, [seasonId])).toEqual([
      { user_id: fan.id, player_name: 'Kylian Mbappé' },
      { user_id: rival.id, player_name: 'Harry Kane' },
    ]);
  });

  it('refuses a name no player of the squads has, naming answers.top_scorer, and writes nothing', async () => {
    const before = await sys.db.query(`SELECT * FROM bonus_answers WHERE season_id = $1 ORDER BY user_id`, [seasonId]);
    const bad = await putBonus(fan, { top_scorer: 'Pelé' }).expect(400);
    expect(bad.body.errors).toEqual({ 'answers.top_scorer': ['Choose a player of the squads of this competition.'] });
    // Part of a name is not a player either; the other answers' rules still hold.
    expect(Object.keys((await putBonus(fan, { top_scorer: 'Mbappé', champion: 999999 }).expect(400)).body.errors).sort()).toEqual([
      'answers.champion',
      'answers.top_scorer',
    ]);
    expect(await sys.db.query(`SELECT * FROM bonus_answers WHERE season_id = $1 ORDER BY user_id`, [seasonId])).toEqual(before);
  });

  it('lists the players whose name holds the search, case and accents aside, with their team, 20 a page at most', async () => {
    const mbappe = (await players('?search=MBAPPE').expect(200)).body.data as SeasonPlayers;
    expect(mbappe).toMatchObject({ season_id: seasonId, page: 1, page_size: 20, total_count: 1, total_pages: 1, has_next: false });
    const [france] = (await sys.db.query(`SELECT id FROM clubs WHERE name = 'France' AND kind = 'national'`)) as { id: number }[];
    expect(mbappe.players).toEqual([{ name: 'Kylian Mbappé', team_id: france.id, team_name: 'France', number: 10, position: 'FW' }]);

    // Names that start with the search first, then a word that does, then the rest.
    const mart = (await players('?search=mart').expect(200)).body.data as SeasonPlayers;
    const folded = mart.players.map((p) => p.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
    expect(folded.length).toBeGreaterThan(3);
    expect(folded.every((n) => n.includes('mart'))).toBe(true);
    const rank = (n: string) => (n.startsWith('mart') ? 0 : ` ${n}`.includes(' mart') ? 1 : 2);
    expect(folded.map(rank)).toEqual([...folded.map(rank)].sort());
    // The Turkish dotless ı and accents fold as the results write them.
    expect(((await players('?search=baris alper yilmaz').expect(200)).body.data as SeasonPlayers).players.map((p) => p.name)).toEqual(['Barış Alper Yılmaz']);

    // Every player of the 48 squads, a page at a time.
    const squads = readJson('worldcup.squads.json') as { players: unknown[] }[];
    const all = squads.reduce((n, s) => n + s.players.length, 0);
    const first = (await players('').expect(200)).body.data as SeasonPlayers;
    expect(first).toMatchObject({ total_count: all, total_pages: Math.ceil(all / 20), has_next: true, has_previous: false });
    expect(first.players).toHaveLength(20);
    const last = (await players(`?page=${Math.ceil(all / 20)}`).expect(200)).body.data as SeasonPlayers;
    expect(last.players).toHaveLength(all - 20 * (Math.ceil(all / 20) - 1));
    const beyond = (await players(`?page=${Math.ceil(all / 20) + 1}&page_size=20`).expect(200)).body.data as SeasonPlayers;
    expect(beyond).toMatchObject({ players: [], total_count: all, has_previous: true });
    expect(((await players('?search=zzzz').expect(200)).body.data as SeasonPlayers)).toMatchObject({ players: [], total_count: 0 });
  });

  it('answers 400 for a bad parameter, 404 for an unknown season, nothing for a season without squads, 401 without a token', async () => {
    await players('?page_size=21').expect(400);
    await players('?page_size=0').expect(400);
    await players('?page=0').expect(400);
    await players(`?search=${'x'.repeat(101)}`).expect(400);
    await players('', 2147483647).expect(404);
    await players('', 'abc').expect(404);
    await sys.http.get(`/api/seasons/${seasonId}/players/`).expect(401);
    await ensureCompetition(sys.db, 'tsc.none');
    const [{ id }]: { id: number }[] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Top Scorer League 2098/99', '2098/99', 'tsc.none', false) RETURNING id`,
    );
    expect(((await players('', id).expect(200)).body.data as SeasonPlayers)).toMatchObject({ players: [], total_count: 0 });
  });

  it('settles the top scorer from the goals once the final is played, and writes the points', async () => {
    expect(await topScorer(fan)).toEqual({ right_answers: null, settled_by: null, my_points: null });
    const played = worldCupIn2098(true);
    const r = await importer.import(played, { activate: false, leagueCode: CODE, squads: readJson('worldcup.squads.json') });
    expect(r.fixtures).toMatchObject({ total: 104, created: 0, updated: 104 });
    await sys.settle(120_000);

    // Counted from the file: the most goals, own goals aside (Kylian Mbappé, 10).
    const tally = new Map<string, number>();
    for (const m of played.matches) for (const g of [...(m.goals1 ?? []), ...(m.goals2 ?? [])]) if (!g.owngoal) tally.set(g.name, (tally.get(g.name) ?? 0) + 1);
    const most = Math.max(...tally.values());
    const best = [...tally].filter(([, n]) => n === most).map(([name]) => name);
    expect(best).toEqual(['Kylian Mbappé']);

    expect(await topScorer(fan)).toEqual({ right_answers: best, settled_by: 'results', my_points: 20 });
    expect(await topScorer(rival)).toEqual({ right_answers: best, settled_by: 'results', my_points: 0 });
    expect(await storedPoints(fan)).toBe(20);
    // No row for a fan whose answers never scored.
    expect(await storedPoints(rival)).toBeNull();
  }, 180_000);

  it("lets an operator's settlement win over the goals, and the goals again once it is taken back", async () => {
    // Played: its first kick-off is in the past (an operator settles a question only after the lock).
    await sys.db.query(`UPDATE fixtures SET kickoff_at = kickoff_at - interval '100 years' WHERE season_id = $1`, [seasonId]);
    await sys.http.put(`/api/admin/seasons/${seasonId}/bonus/top_scorer`).set(bearer(admin.token)).send({ right_answers: ['harry kane'] }).expect(200);
    expect(await topScorer(fan)).toEqual({ right_answers: ['harry kane'], settled_by: 'operator', my_points: 0 });
    expect(await topScorer(rival)).toEqual({ right_answers: ['harry kane'], settled_by: 'operator', my_points: 20 });
    expect([await storedPoints(fan), await storedPoints(rival)]).toEqual([0, 20]);

    // The results settling again (the standings worker on the next scores.updated) keep the operator's answer.
    const bonusPointsBefore = await sys.db.query(`SELECT user_id, points FROM bonus_points WHERE season_id = $1 ORDER BY user_id`, [seasonId]);
    await sys.workers.get(BonusPointsService, { strict: false }).settleFromResults(seasonId);
    expect((await topScorer(fan)).settled_by).toBe('operator');
    expect(await sys.db.query(`SELECT user_id, points FROM bonus_points WHERE season_id = $1 ORDER BY user_id`, [seasonId])).toEqual(bonusPointsBefore);

    await sys.http.delete(`/api/admin/seasons/${seasonId}/bonus/top_scorer`).set(bearer(admin.token)).expect(200);
    expect(await topScorer(fan)).toEqual({ right_answers: ['Kylian Mbappé'], settled_by: 'results', my_points: 20 });
    expect([await storedPoints(fan), await storedPoints(rival)]).toEqual([20, 0]);
  }, 120_000);
});
