import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { HeadToHeadResponse, MyRankHistoryResponse, RankHistory } from '@scoreline/contracts/api/compare';
import type { LeagueStats } from '@scoreline/contracts/api/leagues';
import type { LeagueTableResponse, LeagueWinnersResponse } from '@scoreline/contracts/api/tables';
import { roundName, roundNameSql } from '@scoreline/contracts/game/round-name';
import { NOTIFICATIONS_QUEUE } from '@scoreline/backend/notifications/notification-jobs';
import { claimDeadlineReminders } from '@scoreline/backend/notifications/deadline-reminders.queries';
import { deadlineReminderEmail, weeklyDigestEmail } from '@scoreline/backend/mail/notification-emails';
import { claimWeeklyDigests } from '@scoreline/backend/notifications/weekly-digest.queries';
import { tournamentRoundOf } from '@scoreline/backend/season-import/tournament-rounds';
import { insertRankClimbs } from '@scoreline/backend/activity/activity.queries';
import { ensureCompetition } from '../support/competitions';
import { createVerifiedUser } from '../support/factories';
import { bearer, grantAdminRole, insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { readMail } from '../notifications/mail-text';

/**
 * Issue 34 §1: a tournament's rounds are named as its file names them ("Round of 32", the
 * Champions League's "League, Matchday 1" as "League phase · Matchday 1"), a league's matchdays
 * still "Gameweek N". Seasons written in SQL (distinct competitions, active beside whatever else
 * is): a World Cup with every round of the real file, a Champions League with a few of its
 * rounds, and a league of two matchdays. A fan predicts a match of a group matchday, of the
 * Round of 32 and of the league's first matchday through the API; the results go through the
 * admin API and the workers. Every place that names a round for the fan is read back.
 */

const OPENFOOTBALL = join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'openfootball');
const roundsOfFile = (file: string): string[] => [
  ...new Set<string>(JSON.parse(readFileSync(join(OPENFOOTBALL, file), 'utf8')).matches.map((m: { round: string }) => m.round)),
];
/** In playing order (by the number each name fixes), as the API lists them. */
const WORLD_CUP_ROUNDS = roundsOfFile('2026/worldcup.json').sort((a, b) => tournamentRoundOf(a)!.number - tournamentRoundOf(b)!.number);
const CHAMPIONS_LEAGUE_ROUNDS = roundsOfFile('2024-25/uefa.cl.json');

const HOUR = 3600_000;
const DAY = 24 * HOUR;

interface Round {
  number: number;
  name: string | null;
  kind: string;
  twoLegged: boolean;
}

interface WrittenSeason {
  seasonId: number;
  code: string;
  gameweekIds: Map<number, number>;
  /** Fixture id by round number (rounds with a match). */
  fixtures: Map<number, number>;
}

describe('round names', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let fan: { id: number; token: string; email: string; first_name: string; last_name: string };
  /** A second member of the fan's World Cup league, for head to head. */
  let rival: FastUser;
  let auth: { Authorization: string };
  let worldCup: WrittenSeason;
  let championsLeague: WrittenSeason;
  let league: WrittenSeason;
  const tag = Date.now().toString(36);
  const now = Date.now();

  /** An active season of the given rounds, a match (two new clubs) in each of `played` at its kick-off. */
  async function writeSeason(code: string, name: string, rounds: Round[], played: Map<number, number>): Promise<WrittenSeason> {
    await ensureCompetition(sys.db, code, name);
    const [{ id: seasonId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, '2097', $2, true) RETURNING id`,
      [`${name} ${tag}`, code],
    );
    const gameweekIds = new Map<number, number>();
    for (const r of rounds) {
      const at = played.has(r.number) ? new Date(played.get(r.number)!) : null;
      const [{ id }]: { id: number }[] = await sys.db.query(
        `INSERT INTO gameweeks (season_id, number, name, kind, two_legged, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
        [seasonId, r.number, r.name, r.kind, r.twoLegged, at],
      );
      gameweekIds.set(r.number, id);
    }
    const fixtures = new Map<number, number>();
    for (const [number, at] of played) {
      const [home, away]: { id: number }[] = await sys.db.query(
        `INSERT INTO clubs (name, short_name) SELECT 'RN ' || $1 || ' ' || $2 || ' ' || $3 || ' ' || i, 'RN' || i FROM generate_series(1, 2) AS i ORDER BY i RETURNING id`,
        [code, number, tag],
      );
      const [{ id }]: { id: number }[] = await sys.db.query(
        `INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, kickoff_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [seasonId, gameweekIds.get(number), `rn-${number}`, home.id, away.id, new Date(at)],
      );
      fixtures.set(number, id);
    }
    return { seasonId, code, gameweekIds, fixtures };
  }

  const fileRound = (name: string): Round => {
    const info = tournamentRoundOf(name);
    if (!info) throw new Error(`not a tournament round: ${name}`);
    return { number: info.number, name, kind: info.kind, twoLegged: info.twoLegged };
  };

  /** Events relayed and consumed, then the notifications queue idle too (settle() does not know it). */
  async function settleAll(): Promise<void> {
    await sys.settle();
    const queue = sys.workers.get<Queue>(getQueueToken(NOTIFICATIONS_QUEUE), { strict: false });
    const deadline = Date.now() + 20000;
    for (;;) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) break;
      if (Date.now() > deadline) throw new Error(`notifications queue did not settle: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await sys.settle();
  }

  async function predictAndFinish(fixtureId: number, pick: [number, number], result: [number, number], extra: Record<string, unknown> = {}): Promise<void> {
    await sys.http
      .post('/api/predictions/')
      .set(auth)
      .send({ predictions: [{ fixture: fixtureId, home_score: pick[0], away_score: pick[1], is_banker: true, ...extra }] })
      .expect(200);
    await sys.http.put(`/api/admin/fixtures/${fixtureId}/result`).set(admin.auth).send({ status: 'finished', home_score: result[0], away_score: result[1] }).expect(200);
    await settleAll();
  }

  const get = async (path: string) => (await sys.http.get(path).set(auth).expect(200)).body.data;

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin] = await insertVerifiedUsers(sys, 1, 'roundadmin');
    await grantAdminRole(sys, admin.id);
    const signedUp = await createVerifiedUser(sys, { first_name: 'Rhea', last_name: 'Rounds' });
    fan = signedUp;
    auth = bearer(signedUp.token);
    [rival] = await insertVerifiedUsers(sys, 1, 'roundrival', { onboarded: true });
    // Match result emails are off by default.
    await sys.db.query(`INSERT INTO user_preferences (user_id, notify_match_results) VALUES ($1, true) ON CONFLICT (user_id) DO UPDATE SET notify_match_results = true`, [fan.id]);

    worldCup = await writeSeason(
      `rnwc${tag}`.slice(0, 16),
      'Round Names World Cup',
      WORLD_CUP_ROUNDS.map(fileRound),
      new Map([
        [1, now + 2 * DAY],
        [103, now + 3 * DAY],
      ]),
    );
    championsLeague = await writeSeason(
      `rncl${tag}`.slice(0, 16),
      'Round Names Champions League',
      ['League, Matchday 1', 'Playoffs, Matchday 2', 'Finals, Quarterfinals', 'Finals, Final'].map(fileRound),
      new Map(),
    );
    league = await writeSeason(
      `rnlg${tag}`.slice(0, 16),
      'Round Names League',
      [1, 2].map((number) => ({ number, name: null, kind: 'league', twoLegged: false })),
      new Map([
        [1, now + 2 * DAY],
        [2, now + 3 * DAY],
      ]),
    );
  }, 90_000);

  afterAll(async () => {
    const ids = [worldCup, championsLeague, league].filter((s) => s !== undefined).map((s) => s.seasonId);
    if (ids.length > 0) await sys.db.query(`UPDATE seasons SET is_active = false WHERE id = ANY($1)`, [ids]);
    await sys?.close();
  });

  it('names the rounds in SQL exactly as in TypeScript, for every round of the real files', async () => {
    const names = [...WORLD_CUP_ROUNDS, ...CHAMPIONS_LEAGUE_ROUNDS, null, '', '  Final '];
    const rows: { i: number; shown: string }[] = await sys.db.query(
      `SELECT r.i::int AS i, ${roundNameSql('r.i', 'r.name')} AS shown FROM unnest($1::text[]) WITH ORDINALITY AS r(name, i) ORDER BY r.i`,
      [names],
    );
    expect(rows.map((r) => r.shown)).toEqual(names.map((name, i) => roundName({ number: i + 1, name })));
    expect(rows.map((r) => r.shown)).toContain('League phase · Matchday 1');
  });

  it('lists a tournament\'s rounds by name and a league\'s as "Gameweek N"', async () => {
    const wc: { number: number; name: string }[] = await get(`/api/seasons/gameweeks/?competition=${worldCup.code}`);
    expect(wc.map((g) => g.name)).toEqual(WORLD_CUP_ROUNDS.map((r) => roundName({ number: 0, name: r })));
    expect(wc.find((g) => g.number === 103)?.name).toBe('Round of 32');
    expect(wc.find((g) => g.number === 1)?.name).toBe('Matchday 1');
    expect(wc.every((g) => !g.name.startsWith('Gameweek'))).toBe(true);

    const cl: { number: number; name: string }[] = await get(`/api/seasons/gameweeks/?competition=${championsLeague.code}`);
    expect(cl.map((g) => [g.number, g.name])).toEqual([
      [1, 'League phase · Matchday 1'],
      [102, 'Play-offs · Matchday 2'],
      [105, 'Quarter-finals'],
      [108, 'Final'],
    ]);

    const lg: { name: string }[] = await get(`/api/seasons/gameweeks/?competition=${league.code}`);
    expect(lg.map((g) => g.name)).toEqual(['Gameweek 1', 'Gameweek 2']);
    expect((await get(`/api/fixtures/current/?competition=${worldCup.code}`)).gameweek.name).toBe('Matchday 1');
  });

  it('names the rounds a fan played on the Results screen, the dashboard, the history, the league profile, head to head and the league tables', async () => {
    const created = (
      await sys.http.post('/api/leagues/').set(auth).send({ name: `Round names ${tag}`, type: 'private', competition: worldCup.code }).expect(201)
    ).body.data as { id: number; code: string };
    const wcLeague = created.id;
    await sys.http.post('/api/leagues/join/').set(rival.auth).send({ type: 'private', code: created.code }).expect(200);
    await sys.http.post(`/api/leagues/${wcLeague}/approve-request/${rival.id}/`).set(auth).expect(200);
    const lgLeague = (
      await sys.http.post('/api/leagues/').set(auth).send({ name: `Gameweek names ${tag}`, type: 'private', competition: league.code }).expect(201)
    ).body.data.id as number;

    // A wrong pick on Matchday 1, the exact score (banker) in the Round of 32, the exact score in the league's Gameweek 1.
    await predictAndFinish(worldCup.fixtures.get(1)!, [0, 3], [2, 0]);
    expect((await get(`/api/fixtures/current/?competition=${worldCup.code}`)).gameweek.name).toBe('Round of 32');
    // The league page's stats card: the current round by name ("Round of 32", not "Gameweek 103 of 24"); a league's "Gameweek 1".
    const stats = async (leagueId: number): Promise<LeagueStats> => (await get(`/api/leagues/${leagueId}/stats/`)).stats;
    expect(await stats(wcLeague)).toMatchObject({ current_gameweek: 103, current_gameweek_name: 'Round of 32', total_gameweeks: WORLD_CUP_ROUNDS.length });
    expect(await stats(lgLeague)).toMatchObject({ current_gameweek: 1, current_gameweek_name: 'Gameweek 1', total_gameweeks: 2 });
    // The rival's pick of the Round of 32 differs from the fan's (an away win against the fan's exact score).
    await sys.http
      .post('/api/predictions/')
      .set(rival.auth)
      .send({ predictions: [{ fixture: worldCup.fixtures.get(103)!, home_score: 0, away_score: 2, is_banker: false, advance: 'away' }] })
      .expect(200);
    await predictAndFinish(worldCup.fixtures.get(103)!, [2, 1], [2, 1], { advance: 'home' });
    await predictAndFinish(league.fixtures.get(1)!, [1, 1], [1, 1]);
    // Every World Cup round with a match is played: no current round to name; the league's next matchday.
    expect(await stats(wcLeague)).toMatchObject({ current_gameweek: null, current_gameweek_name: null, season_progress_percent: 100 });
    expect(await stats(lgLeague)).toMatchObject({ current_gameweek: 2, current_gameweek_name: 'Gameweek 2' });

    expect((await get(`/api/predictions/gameweek/103/user-stats/?competition=${worldCup.code}`)).gameweek.name).toBe('Round of 32');
    expect((await get(`/api/predictions/gameweek/1/user-stats/?competition=${worldCup.code}`)).gameweek.name).toBe('Matchday 1');
    expect((await get(`/api/predictions/gameweek/1/user-stats/?competition=${league.code}`)).gameweek.name).toBe('Gameweek 1');

    const dashboard = await get(`/api/stats/dashboard/?competition=${worldCup.code}`);
    expect(dashboard.recent_gameweeks.map((g: { number: number; gameweek_name: string }) => [g.number, g.gameweek_name])).toEqual([
      [103, 'Round of 32'],
      [1, 'Matchday 1'],
    ]);
    const leagueDashboard = await get(`/api/stats/dashboard/?competition=${league.code}`);
    expect(leagueDashboard.recent_gameweeks.map((g: { gameweek_name: string }) => g.gameweek_name)).toEqual(['Gameweek 1']);

    const history = await get(`/api/stats/history/?competition=${worldCup.code}&page_size=30&order=asc`);
    expect(history.gameweeks.map((g: { gameWeek: string }) => g.gameWeek)).toEqual(WORLD_CUP_ROUNDS.map((r) => roundName({ number: 0, name: r })));
    expect(history.summary.bestGameweek).toMatchObject({ number: 103, gameWeek: 'Round of 32' });
    expect(history.summary.worstGameweek).toMatchObject({ number: 1, gameWeek: 'Matchday 1' });
    const leagueHistory = await get(`/api/stats/history/?competition=${league.code}`);
    expect(leagueHistory.gameweeks.map((g: { gameWeek: string }) => g.gameWeek)).toEqual(['Gameweek 2', 'Gameweek 1']);
    expect(leagueHistory.summary.bestGameweek).toMatchObject({ number: 1, gameWeek: 'Gameweek 1' });

    const profile = await get(`/api/leagues/${wcLeague}/players/${fan.id}/`);
    expect(profile.recent_gameweeks.map((g: { gameweek_name: string }) => g.gameweek_name)).toEqual(['Round of 32', 'Matchday 1']);
    const leagueProfile = await get(`/api/leagues/${lgLeague}/players/${fan.id}/`);
    expect(leagueProfile.recent_gameweeks.map((g: { gameweek_name: string }) => g.gameweek_name)).toEqual(['Gameweek 1']);

    // Head to head: the revealed rounds and the differing pick by name; rank history by name.
    const h2h: HeadToHeadResponse = await get(`/api/leagues/${wcLeague}/head-to-head/${rival.id}/`);
    expect(h2h.gameweeks.map((g) => [g.number, g.name])).toEqual([
      [1, 'Matchday 1'],
      [103, 'Round of 32'],
    ]);
    expect(h2h.differing_picks.map((d) => [d.gameweek_number, d.gameweek_name])).toEqual([[103, 'Round of 32']]);
    const rankHistory: RankHistory = await get(`/api/leagues/${wcLeague}/rank-history/${fan.id}/`);
    expect(rankHistory.history.map((p) => [p.gameweek_number, p.gameweek_name])).toEqual([
      [1, 'Matchday 1'],
      [103, 'Round of 32'],
    ]);
    expect(rankHistory.best?.gameweek_name).toMatch(/^(Matchday 1|Round of 32)$/);
    const mine: MyRankHistoryResponse = await get(`/api/rank-history/?competition=${league.code}`);
    expect(mine.leagues.find((l) => l.league.id === lgLeague)!.history.map((p) => [p.gameweek_number, p.gameweek_name])).toEqual([[1, 'Gameweek 1']]);

    // The league tables' rounds and the winners' badges.
    const table: LeagueTableResponse = await get(`/api/leagues/${wcLeague}/table/?period=gameweek`);
    expect(table.gameweek).toBe(103);
    expect(table.gameweeks.map((g) => g.name)).toEqual(WORLD_CUP_ROUNDS.map((r) => roundName({ number: 0, name: r })));
    const leagueTable: LeagueTableResponse = await get(`/api/leagues/${lgLeague}/table/?period=gameweek`);
    expect(leagueTable.gameweeks.map((g) => [g.number, g.name])).toEqual([
      [1, 'Gameweek 1'],
      [2, 'Gameweek 2'],
    ]);
    const winners: LeagueWinnersResponse = await get(`/api/leagues/${wcLeague}/winners/`);
    expect(winners.gameweeks.map((w) => [w.gameweek, w.gameweek_name, w.winners.map((x) => x.user_id)])).toContainEqual([103, 'Round of 32', [fan.id]]);
    expect(winners.gameweeks.every((w) => !w.gameweek_name?.startsWith('Gameweek'))).toBe(true);
    const leagueWinners: LeagueWinnersResponse = await get(`/api/leagues/${lgLeague}/winners/`);
    expect(leagueWinners.gameweeks.map((w) => [w.gameweek, w.gameweek_name])).toEqual([[1, 'Gameweek 1']]);
    expect(leagueWinners.months.every((m) => m.gameweek_name === null)).toBe(true);

    // The league activity written by the workers names the round as well.
    const lines = async (leagueId: number) =>
      (await get(`/api/leagues/${leagueId}/activity/?page_size=50`)).feed.activities.map((a: { kind: string; display_message: string; description: string }) => [
        a.kind,
        a.display_message,
        a.description,
      ]);
    const name = `${fan.first_name} ${fan.last_name}`;
    const wcLines = await lines(wcLeague);
    expect(wcLines).toContainEqual(['exact_score', expect.stringContaining(`${name} called the exact score`), 'Round of 32 · banker, double points']);
    expect(wcLines).toContainEqual(['gameweek_scored', expect.stringMatching(new RegExp(`^${name} top-scored Round of 32 with \\d+ points$`)), expect.any(String)]);
    expect(wcLines).toContainEqual(['gameweek_won', expect.stringMatching(new RegExp(`^${name} won Round of 32 with \\d+ points$`)), expect.any(String)]);
    expect(JSON.stringify(wcLines)).not.toMatch(/Gameweek (1|103)\b/);
    const lgLines = await lines(lgLeague);
    expect(lgLines).toContainEqual(['exact_score', expect.stringContaining(`${name} called the exact score`), 'Gameweek 1 · banker, double points']);
    expect(lgLines).toContainEqual(['gameweek_scored', expect.stringMatching(new RegExp(`^${name} top-scored Gameweek 1 with \\d+ points$`)), expect.any(String)]);
    expect(lgLines).toContainEqual(['gameweek_won', expect.stringMatching(new RegExp(`^${name} won Gameweek 1 with \\d+ points$`)), expect.any(String)]);

    // A climb's entry (the standings worker's, written here for one league each) names the round too.
    const climb = (leagueId: number, number: number, gameweekId: number) =>
      insertRankClimbs(sys.db, { id: gameweekId, number }, [{ leagueId, userId: fan.id, rank: 1, previousRank: 3 }]);
    await climb(wcLeague, 103, worldCup.gameweekIds.get(103)!);
    await climb(lgLeague, 1, league.gameweekIds.get(1)!);
    expect(await lines(wcLeague)).toContainEqual(['rank_climbed', `${name} climbed to #1`, 'Up 2 places after Round of 32.']);
    expect(await lines(lgLeague)).toContainEqual(['rank_climbed', `${name} climbed to #1`, 'Up 2 places after Gameweek 1.']);

    // The entries' metadata carries a tournament's round by name (other languages write their lines from it), a league's matchday by number only.
    const rounds = async (leagueId: number) =>
      ((await get(`/api/leagues/${leagueId}/activity/?page_size=50`)).feed.activities as { kind: string; metadata: Record<string, unknown> }[])
        .filter((a) => a.metadata.gameweek !== undefined)
        .map((a) => [a.kind, a.metadata.gameweek, a.metadata.round]);
    const wcRounds = await rounds(wcLeague);
    for (const kind of ['exact_score', 'banker_hit', 'gameweek_scored', 'gameweek_won', 'rank_climbed']) expect(wcRounds).toContainEqual([kind, 103, 'Round of 32']);
    expect(wcRounds).toContainEqual(['gameweek_scored', 1, 'Matchday 1']);
    expect(wcRounds.every(([, number, round]) => round === (number === 1 ? 'Matchday 1' : 'Round of 32'))).toBe(true);
    const lgRounds = await rounds(lgLeague);
    expect(lgRounds.map(([kind]) => kind)).toEqual(expect.arrayContaining(['exact_score', 'gameweek_won', 'rank_climbed']));
    expect(lgRounds.every(([, , round]) => round === undefined)).toBe(true);
  });

  it('names the round in the results email, the deadline reminder and the weekly digest', async () => {
    const subjects = sys.smtp.mailsTo(fan.email).map(readMail).map((m) => m.subject);
    expect(subjects).toContainEqual(expect.stringMatching(/^Round of 32 results: you scored \d+ points?$/));
    expect(subjects).toContainEqual(expect.stringMatching(/^Matchday 1 results: you scored 0 points$/));
    expect(subjects).toContainEqual(expect.stringMatching(/^Gameweek 1 results: you scored \d+ points?$/));

    // The league's Gameweek 2 is open and unpredicted: the reminder's claim names it by number only.
    const at = new Date(now + 3 * DAY - 5 * HOUR);
    const [row] = await claimDeadlineReminders(sys.db, at, league.gameweekIds.get(2)!, fan.id - 1, 1);
    expect(row).toMatchObject({ user_id: fan.id, gameweek_number: 2, gameweek_name: null });
    const mail = deadlineReminderEmail(
      { to: row.email, firstName: row.first_name, gameweekNumber: row.gameweek_number, gameweekName: row.gameweek_name, deadline: new Date(row.deadline), now: at, predicted: 0, total: 1 },
      'https://scoreline.test',
    );
    expect(mail.subject).toBe('Gameweek 2 closes in 5 hours — you have predicted 0 of 1 match');

    // The digest's sections: the World Cup's last round is the Round of 32, the league's last and next are numbered.
    const [digest] = await claimWeeklyDigests(sys.db, new Date(now), '2097-W01', fan.id - 1, 1);
    expect(digest.user_id).toBe(fan.id);
    const sectionOf = (s: WrittenSeason) => digest.sections.find((x) => x.season_id === s.seasonId)!;
    expect(sectionOf(worldCup)).toMatchObject({ last_gameweek_number: 103, last_gameweek_name: 'Round of 32', next_gameweek_number: null });
    expect(sectionOf(league)).toMatchObject({ last_gameweek_number: 1, last_gameweek_name: null, next_gameweek_number: 2, next_gameweek_name: null });
    const wc = sectionOf(worldCup);
    const text = weeklyDigestEmail(
      {
        to: fan.email,
        firstName: fan.first_name,
        week: '2097-W01',
        seasonName: wc.season_name,
        seasonPoints: wc.season_points,
        lastGameweek: { number: wc.last_gameweek_number!, name: wc.last_gameweek_name, points: wc.last_gameweek_points },
        globalRank: null,
        nextDeadline: null,
      },
      'https://scoreline.test',
    ).text;
    expect(text).toMatch(/Round of 32 brought you \d+ points\./);
  });

  it("claims a tournament round's deadline reminder with the round's name", async () => {
    // A later round of the World Cup opens: the Round of 16, with a match 4 days on.
    const gameweekId = worldCup.gameweekIds.get(104)!;
    const kickoff = new Date(now + 4 * DAY);
    const [home, away]: { id: number }[] = await sys.db.query(
      `INSERT INTO clubs (name, short_name) SELECT 'RN r16 ' || $1 || ' ' || i, 'R16' || i FROM generate_series(1, 2) AS i ORDER BY i RETURNING id`,
      [tag],
    );
    await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, kickoff_at) VALUES ($1, $2, 'rn-104', $3, $4, $5)`,
      [worldCup.seasonId, gameweekId, home.id, away.id, kickoff],
    );
    await sys.db.query(`UPDATE gameweeks SET starts_at = $2, ends_at = $2 WHERE id = $1`, [gameweekId, kickoff]);
    const at = new Date(kickoff.getTime() - 5 * HOUR);
    const [row] = await claimDeadlineReminders(sys.db, at, gameweekId, fan.id - 1, 1);
    expect(row).toMatchObject({ user_id: fan.id, gameweek_number: 104, gameweek_name: 'Round of 16' });
    const mail = (language: 'en' | 'es') =>
      deadlineReminderEmail(
        { to: row.email, firstName: row.first_name, gameweekNumber: row.gameweek_number, gameweekName: row.gameweek_name, deadline: kickoff, now: at, predicted: 0, total: 1, language },
        'https://scoreline.test',
      );
    expect(mail('en').subject).toBe('Round of 16 closes in 5 hours — you have predicted 0 of 1 match');
    expect(mail('es').subject).toBe('La ronda «Round of 16» se cierra en 5 horas: llevas 0 de 1 partido pronosticados');
  });
});
