import type { DomainEvent } from '@scoreline/contracts/events';
import { ActivityWriterService } from '@scoreline/backend/activity/activity-writer.service';
import { selectPeriodWinnerEntries } from '@scoreline/backend/activity/activity.queries';
import { globalRankMoves, globalRanks } from '@scoreline/backend/notifications/global-ranks.queries';
import { selectPicksHead } from '@scoreline/backend/picks/picks.queries';
import { selectPeriodWinners } from '@scoreline/backend/standings/league-tables.queries';
import { PeriodWinnersService } from '@scoreline/backend/standings/period-winners.service';
import { RankHistoryService } from '@scoreline/backend/standings/rank-history.service';
import { StandingsService } from '@scoreline/backend/standings/standings.service';
import { ensureCompetition } from '../support/competitions';
import { insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * The event paths take the competition from the fixture or the league (issue 34, commit 3): the
 * active season of one competition and a second competition whose season is not active but has a
 * match scored (written directly, as its own scorer would). Fans who play both have leagues in
 * both; a result of one competition touches, rewards and ranks only that competition's leagues.
 */
describe('event paths by the fixture\'s competition', () => {
  let sys: TestSystem;
  let standings: StandingsService;
  /** u[0..2] play both competitions, u[3] the league competition only, u[4] the cup only. */
  let u: FastUser[];
  const league = { code: 'ev.league', seasonId: 0, gameweekId: 0, fixtureId: 0, ids: [] as number[] };
  const cup = { code: 'ev.cup', seasonId: 0, gameweekId: 0, fixtureId: 0, ids: [] as number[] };
  let leagueMates: number;
  let leagueGlobal: number;
  let cupMates: number;
  let cupRivals: number;
  let cupGlobal: number;

  const scoresUpdated = (of: typeof league): DomainEvent<'scores.updated'> => ({
    id: 0,
    name: 'scores.updated',
    payload: { fixtureId: of.fixtureId, gameweekId: of.gameweekId, seasonId: of.seasonId, status: 'finished', final: true },
    occurredAt: new Date().toISOString(),
  });

  const makeLeague = async (name: string, type: string, competition: typeof league, members: FastUser[]): Promise<number> => {
    const [{ id }]: { id: number }[] = await sys.db.query(
      `INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ($1, '', $2, $3, $4) RETURNING id`,
      [name, type, type === 'global' ? null : members[0].id, competition.code],
    );
    await sys.db.query(`INSERT INTO league_members (league_id, user_id) SELECT $1, x FROM unnest($2::int[]) AS x`, [id, members.map((m) => m.id)]);
    competition.ids.push(id);
    return id;
  };

  /** A season of one gameweek and one finished match 2–1, predicted and scored for good by each of `picks` (user, home, away). */
  const seasonWithScoredMatch = async (competition: typeof league, label: string, active: boolean, picks: [FastUser, number, number][]) => {
    const [home, away]: { id: number }[] = await sys.db.query(`SELECT id FROM clubs ORDER BY id LIMIT 2`);
    await ensureCompetition(sys.db, competition.code);
    [{ id: competition.seasonId }] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, $2, $3, $4) RETURNING id`,
      [`${competition.code} ${label}`, label, competition.code, active],
    );
    [{ id: competition.gameweekId }] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 1, now() - interval '3 hours', now() - interval '1 hour') RETURNING id`,
      [competition.seasonId],
    );
    [{ id: competition.fixtureId }] = await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at, status, home_score, away_score)
       VALUES ($1, $2, $3, $4, now() - interval '3 hours', 'finished', 2, 1) RETURNING id`,
      [competition.seasonId, competition.gameweekId, home.id, away.id],
    );
    for (const [user, h, a] of picks) {
      const outcome = h === 2 && a === 1 ? 'exact' : h > a ? 'correct' : 'wrong';
      const points = outcome === 'exact' ? 3 : outcome === 'correct' ? 1 : 0;
      await sys.db.query(
        `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, points, outcome, is_final)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true)`,
        [user.id, competition.fixtureId, competition.gameweekId, competition.seasonId, h, a, points, outcome],
      );
      const figures = [user.id, points, outcome === 'wrong' ? 0 : 1, outcome === 'exact' ? 1 : 0];
      await sys.db.query(
        `INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, points, predictions, scored, correct, exact, live_scored)
         VALUES ($1, $5, $6, $2, 1, 1, $3, $4, 0)`,
        [...figures, competition.gameweekId, competition.seasonId],
      );
      await sys.db.query(
        `INSERT INTO user_season_totals (user_id, season_id, points, predictions, scored, correct, exact, live_scored) VALUES ($1, $5, $2, 1, 1, $3, $4, 0)`,
        [...figures, competition.seasonId],
      );
    }
  };

  const competitionOf = async (leagueIds: number[]): Promise<string[]> =>
    (await sys.db.query(`SELECT DISTINCT competition_code FROM leagues WHERE id = ANY($1::int[]) ORDER BY 1`, [leagueIds])).map(
      (r: { competition_code: string }) => r.competition_code,
    );

  beforeAll(async () => {
    sys = await startTestSystem();
    standings = sys.workers.get(StandingsService, { strict: false });
    u = await insertVerifiedUsers(sys, 5, 'evpaths', { onboarded: true });
    // The league competition's season is the active one (as the Premier League is today).
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await seasonWithScoredMatch(league, '2131/32', true, [[u[0], 2, 1], [u[3], 1, 0]]);
    await seasonWithScoredMatch(cup, '2131', false, [[u[0], 0, 1], [u[1], 2, 1], [u[2], 1, 0], [u[4], 2, 1]]);

    leagueMates = await makeLeague('League mates', 'private', league, [u[0], u[1], u[3]]);
    await makeLeague('League public', 'public', league, [u[1], u[2]]);
    leagueGlobal = await makeLeague('League global', 'global', league, [u[0], u[1], u[2], u[3]]);
    cupMates = await makeLeague('Cup mates', 'private', cup, [u[0], u[1], u[4]]);
    cupRivals = await makeLeague('Cup rivals', 'public', cup, [u[1], u[2]]);
    cupGlobal = await makeLeague('Cup global', 'global', cup, [u[0], u[1], u[2], u[4]]);
    // Every table stored once (with summaries), as the worker leaves them.
    for (const id of [...league.ids, ...cup.ids]) await standings.recomputeLeague(id);
  }, 120000);

  afterAll(async () => {
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE id = $1`, [league.seasonId]);
    await sys?.close();
  });

  it('recomputes only leagues of the fixture\'s competition, wherever its predictors also play', async () => {
    const byCup = await standings.leaguesAffectedBy(scoresUpdated(cup));
    expect([...byCup].sort((a, b) => a - b)).toEqual([cupMates, cupRivals, cupGlobal].sort((a, b) => a - b));
    expect(await competitionOf(byCup)).toEqual([cup.code]);

    // The league competition's result: its predictors' leagues, and (its season active, its
    // gameweek the latest scored) every league of that competition whose recent gameweek moves
    // on; no cup league, though their summaries' recent gameweek is not this one either.
    await sys.db.query(`UPDATE league_standings_summary SET recent_gameweek_id = NULL WHERE league_id = ANY($1::int[])`, [[...league.ids, ...cup.ids]]);
    const byLeague = await standings.leaguesAffectedBy(scoresUpdated(league));
    expect([...byLeague].sort((a, b) => a - b)).toEqual([...league.ids].sort((a, b) => a - b));
    for (const id of league.ids) await standings.recomputeLeague(id);
  });

  it('never batches leagues of two competitions together', async () => {
    const { alone, batches } = await standings.recomputeGroups([...league.ids, ...cup.ids]);
    expect(alone).toEqual([]);
    expect(batches.length).toBe(2);
    for (const batch of batches) expect((await competitionOf(batch)).length).toBe(1);
    expect(batches.flat().sort((a, b) => a - b)).toEqual([...league.ids, ...cup.ids].sort((a, b) => a - b));
  });

  it('settles a cup round\'s winners in cup leagues only', async () => {
    const wins = await selectPeriodWinners(sys.db, [cup.gameweekId]);
    expect(await competitionOf(wins.map((w) => w.league_id))).toEqual([cup.code]);
    // u[0] won nothing in the cup; u[1] and u[4] share the round in the leagues they are both in.
    expect(wins.filter((w) => w.league_id === cupMates).map((w) => w.user_id)).toEqual([u[1].id, u[4].id].sort((a, b) => a - b));
    expect(wins.some((w) => w.league_id === leagueMates)).toBe(false);

    const written = await sys.workers.get(PeriodWinnersService, { strict: false }).settle(cup.gameweekId);
    expect(written.length).toBeGreaterThan(0);
    expect(await competitionOf(written.map((a) => a.league_id))).toEqual([cup.code]);
    const won: { league_id: number }[] = await sys.db.query(
      `SELECT DISTINCT league_id FROM league_activities WHERE kind IN ('gameweek_won', 'month_won') AND league_id = ANY($1::int[])`,
      [[...league.ids, ...cup.ids]],
    );
    expect(await competitionOf(won.map((r) => r.league_id))).toEqual([cup.code]);

    // A league's feed badges are of its own season: the active one for the league competition.
    await sys.workers.get(PeriodWinnersService, { strict: false }).settle(league.gameweekId);
    expect((await selectPeriodWinnerEntries(sys.db, leagueMates)).map((e) => [e.kind, e.user_id])).toEqual([
      ['gameweek_won', u[0].id],
      ['month_won', u[0].id],
    ]);
    expect(await selectPeriodWinnerEntries(sys.db, cupMates)).toEqual([]);
  });

  it('writes a cup match\'s hits and round entries in cup leagues only', async () => {
    const writer = sys.workers.get(ActivityWriterService, { strict: false });
    const written = await writer.scoresUpdated(scoresUpdated(cup));
    expect(written.length).toBeGreaterThan(0);
    expect(await competitionOf(written.map((a) => a.league_id))).toEqual([cup.code]);
    const entries: { league_id: number; kind: string }[] = await sys.db.query(
      `SELECT league_id, kind FROM league_activities
       WHERE kind IN ('exact_score', 'banker_hit', 'gameweek_scored') AND league_id = ANY($1::int[])
         AND (dedupe_key LIKE '%:' || $2 || ':%' OR dedupe_key LIKE 'gw:' || $3 || ':%')`,
      [[...league.ids, ...cup.ids], cup.fixtureId, cup.gameweekId],
    );
    expect(entries.map((e) => e.kind)).toEqual(expect.arrayContaining(['exact_score', 'gameweek_scored']));
    expect(await competitionOf(entries.map((e) => e.league_id))).toEqual([cup.code]);
  });

  it('keeps rank history apart: a gameweek is written for its competition\'s leagues, read in each league\'s season', async () => {
    const history = sys.workers.get(RankHistoryService, { strict: false });
    await history.writeGameweek(cup.gameweekId);
    await history.writeGameweek(league.gameweekId);
    const snapshots = async (gameweekId: number) =>
      ((await sys.db.query(`SELECT league_id FROM league_rank_snapshots WHERE gameweek_id = $1 ORDER BY league_id`, [gameweekId])) as { league_id: number }[]).map(
        (r) => r.league_id,
      );
    expect(await snapshots(cup.gameweekId)).toEqual([...cup.ids].sort((a, b) => a - b));
    expect(await snapshots(league.gameweekId)).toEqual([...league.ids].sort((a, b) => a - b));

    // The cup's season is not active: its league's history shows nothing yet; the league competition's shows its gameweek.
    const mine = await history.historyOf(u[0].id, [leagueMates, cupMates]);
    expect(mine.map((p) => [p.league_id, p.gameweek_id, p.rank])).toEqual([[leagueMates, league.gameweekId, 1]]);
  });

  it('ranks fans in the global league of the season\'s competition', async () => {
    const cupRanks = await globalRanks(sys.db, cup.seasonId);
    expect(cupRanks.userIds()).toEqual([u[0].id, u[1].id, u[2].id, u[4].id].sort((a, b) => a - b));
    expect(cupRanks.rankOf(u[1].id)).toBe(1);
    expect(cupRanks.rankOf(u[3].id)).toBeNull();
    const moves = await globalRankMoves(sys.db, cup.seasonId, cup.gameweekId);
    expect(moves.userIds()).toEqual([u[0].id, u[1].id, u[2].id, u[4].id].sort((a, b) => a - b));
    expect(moves.moveOf(u[1].id)).toEqual({ rank: 1, before: expect.any(Number) });
    expect(moves.moveOf(u[3].id)).toBeNull();
    expect((await globalRanks(sys.db, league.seasonId)).rankOf(u[0].id)).toBe(1);
    expect(leagueGlobal).not.toBe(cupGlobal);
  });

  it('reads a league\'s picks head in its competition\'s season', async () => {
    const inLeague = await selectPicksHead(sys.db, leagueMates, u[0].id, 1);
    expect(inLeague).toMatchObject({ season_id: league.seasonId, gameweek_id: league.gameweekId });
    // The cup has no active season yet: no gameweek 1 for its leagues (not the active season's).
    const inCup = await selectPicksHead(sys.db, cupMates, u[0].id, 1);
    expect(inCup).toMatchObject({ season_id: null, gameweek_id: null });
  });
});
