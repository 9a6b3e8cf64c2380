import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import { isoWeekKey } from '@scoreline/backend/notifications/iso-week';
import { JOB, KIND, NOTIFICATIONS_QUEUE } from '@scoreline/backend/notifications/notification-jobs';
import type { NotificationRunResult } from '@scoreline/backend/notifications/notifications.service';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, type FastUser as GameUser } from '../support/game-factories';
import { ensureCompetition } from '../support/competitions';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { choosePreferences, clubsOf, fastUser, type FastUser } from '../leagues/league-test-helpers';
import { readMail } from './mail-text';

/**
 * The notification emails on the real system (API, workers, SMTP capture): a slice of a real
 * season (Premier League 2024/25, matchdays 1–3, re-labelled 2091/92) shifted so that
 * matchday 2 is open. Each kind goes once to the right users — verified, switch on — and
 * never again when its job or event runs again. The repeatable jobs are not scheduled in
 * tests (NOTIFICATION_SCHEDULER defaults to false there): they are triggered here with their
 * clock set by `data.now`.
 */

const slice = seasonSlice('2024-25/en.1.json', [1, 2, 3], 'English Premier League 2091/92');

describe('notification emails', () => {
  let sys: TestSystem;
  let queue: Queue;
  let admin: GameUser;
  /** Gameweek 2 (the open one): id, deadline, fixtures with their real full-time score. */
  let gw2: { id: number; deadline: Date; fixtures: { id: number; ft: [number, number] }[] };
  let gw3Deadline: Date;

  // Gameweek 2 players: every match exactly right / 3 of 10 / none.
  let allIn: FastUser;
  let partial: FastUser;
  let idle: FastUser;
  let deadlinesOff: FastUser;
  let unverified: FastUser;
  /** Predicts everything, wants results, but is no longer verified when they go out. */
  let laterUnverified: FastUser;
  /** Plays with the weekly digest switched off. */
  let digestOff: FastUser;

  const mails = (u: { username: string }) => sys.smtp.mailsTo(`${u.username}@example.com`).map(readMail);
  const mailsOfKind = (u: { username: string }, pattern: RegExp) => mails(u).filter((m) => pattern.test(m.subject));

  async function preferences(user: { id: number }, switches: Record<string, boolean | string>): Promise<void> {
    const columns = Object.keys(switches);
    await sys.db.query(
      `INSERT INTO user_preferences (user_id, ${columns.join(', ')}) VALUES ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})
       ON CONFLICT (user_id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`,
      [user.id, ...Object.values(switches)],
    );
  }

  /** Events relayed and consumed, then the notifications queue idle too (settle() does not know it). */
  async function settleAll(): Promise<void> {
    await sys.settle();
    const deadline = Date.now() + 20000;
    for (;;) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) break;
      if (Date.now() > deadline) throw new Error(`notifications queue did not settle: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await sys.settle();
  }

  /** Runs one notification job through the queue (as the scheduler would) and answers the emails it sent. */
  async function runJob(name: string, data: Record<string, unknown>): Promise<number> {
    const job = await queue.add(name, data);
    // A deadline reminder goes to every verified user of the run's database (thousands, from every
    // suite), one SMTP send each: on a slow hour that took over 20 s.
    const deadline = Date.now() + 50000;
    for (;;) {
      const state = await job.getState();
      if (state === 'completed') return ((await queue.getJob(job.id!))!.returnvalue as NotificationRunResult).email?.sent ?? 0;
      if (state === 'failed') throw new Error(`${name} failed: ${(await queue.getJob(job.id!))!.failedReason}`);
      if (Date.now() > deadline) throw new Error(`${name} did not finish (${state})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function predict(user: FastUser, fixtures: { id: number; ft: [number, number] }[], exact: boolean): Promise<void> {
    const predictions = fixtures.map((f, i) => ({
      fixture: f.id,
      home_score: exact ? f.ft[0] : f.ft[0] + 1,
      away_score: exact ? f.ft[1] : f.ft[1] + 3,
      is_banker: i === 0,
    }));
    await sys.http.post('/api/predictions/').set(bearer(user.token)).send({ predictions }).expect(200);
  }

  beforeAll(async () => {
    sys = await startTestSystem();
    queue = sys.workers.get<Queue>(getQueueToken(NOTIFICATIONS_QUEUE), { strict: false });
    [admin] = await insertVerifiedUsers(sys, 1, 'notifyadmin');
    await grantAdminRole(sys, admin.id);
    const imported = await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: slice, shift_to_now: true }).expect(201);
    expect(imported.body.data.season).toMatchObject({ label: '2091/92', is_active: true });

    const list = await sys.http.get('/api/admin/fixtures/').set(bearer(admin.token)).expect(200);
    const byTeams = new Map(slice.matches.map((m) => [`${m.team1}|${m.team2}`, m]));
    const listed: AdminFixture[] = list.body.data;
    const ofGw2 = listed.filter((f) => f.gameweek === 2);
    expect(ofGw2).toHaveLength(10);
    const gameweeks: { id: number; number: number; starts_at: Date }[] = await sys.db.query(
      `SELECT g.id, g.number, g.starts_at FROM gameweeks g JOIN seasons s ON s.id = g.season_id AND s.is_active ORDER BY g.number`,
    );
    gw2 = {
      id: ofGw2[0].gameweek_id,
      deadline: new Date(gameweeks.find((g) => g.number === 2)!.starts_at),
      fixtures: ofGw2.map((f) => ({ id: f.id, ft: byTeams.get(`${f.home_team}|${f.away_team}`)!.score!.ft! as [number, number] })),
    };
    gw3Deadline = new Date(gameweeks.find((g) => g.number === 3)!.starts_at);
    expect(gw2.deadline.getTime() - Date.now()).toBeGreaterThan(24 * 3600_000);

    [allIn, partial, idle, deadlinesOff, unverified, laterUnverified, digestOff] = await Promise.all(
      ['Alma', 'Pat', 'Ida', 'Dora', 'Una', 'Lou', 'Dig'].map((first) => fastUser(sys, first, 'Notified')),
    );
    // allIn joins the global league (a rank in the results email).
    const { countryId, clubIds } = await clubsOf(sys, 'GB-ENG');
    await choosePreferences(sys, allIn, countryId, clubIds[0]);
    await predict(allIn, gw2.fixtures, true);
    await predict(partial, gw2.fixtures.slice(0, 3), false);
    await predict(laterUnverified, gw2.fixtures, true);
    await predict(digestOff, gw2.fixtures.slice(0, 5), false);
    await predict(deadlinesOff, gw2.fixtures.slice(0, 1), false);
    await sys.db.query(`UPDATE users SET email_verified_at = NULL WHERE id = $1`, [unverified.id]);
    await preferences(deadlinesOff, { notify_gameweek_deadlines: false });
    // Ida reads German on US Pacific time: her emails follow.
    await preferences(idle, { language: 'de', timezone: 'PST' });
    await preferences(allIn, { notify_match_results: true });
    await preferences(laterUnverified, { notify_match_results: true });
    await preferences(digestOff, { notify_weekly_digest: false, notify_match_results: true, notify_gameweek_deadlines: false });
    // The run's database is every suite's: thousands of verified users from other files would each
    // get gameweek 2's reminder, one SMTP send apiece (over 50 s on a slow hour). They are not this
    // file's subject: their reminder of it counts as sent, so the sweeps mail this file's users only.
    const ours = [admin, allIn, partial, idle, deadlinesOff, unverified, laterUnverified, digestOff].map((u) => u.id);
    await sys.db.query(
      `INSERT INTO notification_deliveries (user_id, kind, subject_key) SELECT id, $1, $2 FROM users WHERE NOT (id = ANY($3)) ON CONFLICT DO NOTHING`,
      [KIND.deadline, String(gw2.id), ours],
    );
    await settleAll();
  });

  afterAll(async () => {
    // Leave no active season behind: every suite activates the season it needs.
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys?.close();
  });

  describe('gameweek deadline reminders', () => {
    const reminderTo = (u: FastUser) => mailsOfKind(u, /^(Gameweek 2 closes in|Spieltag 2 schließt in)/);

    it('sends nothing while the deadline is more than 24 hours away', async () => {
      await runJob(JOB.deadlineReminders, { now: new Date(gw2.deadline.getTime() - 25 * 3600_000).toISOString() });
      for (const u of [allIn, partial, idle, deadlinesOff, unverified]) expect(reminderTo(u)).toHaveLength(0);
    });

    it('reminds every verified user with the switch on who has not predicted every match, once', async () => {
      const now = new Date(gw2.deadline.getTime() - 5 * 3600_000);
      const sent = await runJob(JOB.deadlineReminders, { now: now.toISOString() });
      expect(sent).toBeGreaterThanOrEqual(2);

      const [toPartial] = reminderTo(partial);
      expect(reminderTo(partial)).toHaveLength(1);
      expect(toPartial.subject).toBe('Gameweek 2 closes in 5 hours — you have predicted 3 of 10 matches');
      expect(toPartial.text).toContain('Hi Pat,');
      expect(toPartial.text).toContain('http://localhost:3999/fixtures');
      const toIdle = reminderTo(idle);
      expect(toIdle.map((m) => m.subject)).toEqual(['Spieltag 2 schließt in 5 Stunden – du hast 0 von 10 Spielen getippt']);
      expect(toIdle[0].text).toContain('Hallo Ida,');
      expect(toIdle[0].text).toMatch(/P[SD]T\)/);
      // Predicted everything / switched off / unverified: nothing.
      expect(reminderTo(allIn)).toHaveLength(0);
      expect(reminderTo(deadlinesOff)).toHaveLength(0);
      expect(reminderTo(unverified)).toHaveLength(0);

      const rows: { user_id: number; subject_key: string }[] = await sys.db.query(
        `SELECT user_id, subject_key FROM notification_deliveries WHERE kind = $1 AND user_id = ANY($2) ORDER BY user_id`,
        [KIND.deadline, [partial.id, idle.id, allIn.id]],
      );
      expect(rows).toEqual([partial.id, idle.id].sort((a, b) => a - b).map((id) => ({ user_id: id, subject_key: String(gw2.id) })));
    });

    it('does not send again when the job runs again, and sends nothing after the deadline', async () => {
      expect(await runJob(JOB.deadlineReminders, { now: new Date(gw2.deadline.getTime() - 4 * 3600_000).toISOString() })).toBe(0);
      expect(await runJob(JOB.deadlineReminders, { now: new Date(gw2.deadline.getTime() + 60_000).toISOString() })).toBe(0);
      expect(reminderTo(partial)).toHaveLength(1);
      expect(reminderTo(idle)).toHaveLength(1);
    });

    it('refuses a job whose clock is not a timestamp, without retrying it', async () => {
      await expect(runJob(JOB.deadlineReminders, { now: 'soon' })).rejects.toThrow(/now must be an ISO timestamp/);
    });
  });

  describe('deadline reminders per competition', () => {
    // A cup beside the league, its season as live-looking as the league's (a gameweek closing
    // within the window): first inactive, then active beside the league's.
    const CUP = 'notify.cup';
    let league: { code: string };
    let cup: { seasonId: number; gameweekId: number };
    let leagueFan: FastUser;
    let cupFan: FastUser;
    let bothFan: FastUser;
    /** No user_competitions row yet: plays the home competition. */
    let newFan: FastUser;
    const now = () => new Date(gw2.deadline.getTime() - 3 * 3600_000);
    const subjects = (u: FastUser) => mailsOfKind(u, /closes in/).map((m) => m.subject);
    const leagueReminder = 'Gameweek 2 closes in 3 hours — you have predicted 0 of 10 matches';
    const cupReminder = 'Gameweek 1 closes in 2 hours — you have predicted 0 of 2 matches';

    const setCupActive = (active: boolean) => sys.db.query(`UPDATE seasons SET is_active = $2 WHERE id = $1`, [cup.seasonId, active]);

    beforeAll(async () => {
      // The suite's own season of the home competition (other competitions' seasons may be active too).
      const [active]: { league_code: string }[] = await sys.db.query(`SELECT league_code FROM seasons WHERE is_active AND league_code = 'en.1'`);
      league = { code: active.league_code };
      await ensureCompetition(sys.db, CUP, 'Notify Cup');
      const [{ id: seasonId }]: { id: number }[] = await sys.db.query(
        `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Notify Cup 2091', '2091', $1, false) RETURNING id`,
        [CUP],
      );
      const deadline = new Date(gw2.deadline.getTime() - 3600_000);
      const [{ id: gameweekId }]: { id: number }[] = await sys.db.query(
        `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 1, $2, $2) RETURNING id`,
        [seasonId, deadline],
      );
      const clubs: { id: number }[] = await sys.db.query(`SELECT id FROM clubs ORDER BY id LIMIT 4`);
      await sys.db.query(
        `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at) VALUES ($1, $2, $3, $4, $7), ($1, $2, $5, $6, $7)`,
        [seasonId, gameweekId, clubs[0].id, clubs[1].id, clubs[2].id, clubs[3].id, deadline],
      );
      cup = { seasonId, gameweekId };
      [leagueFan, cupFan, bothFan, newFan] = await Promise.all(['Lea', 'Cuq', 'Bo', 'Nu'].map((first) => fastUser(sys, first, 'Competing')));
      await sys.db.query(`INSERT INTO user_competitions (user_id, competition_code) SELECT * FROM unnest($1::int[], $2::text[])`, [
        [leagueFan.id, cupFan.id, bothFan.id, bothFan.id],
        [league.code, CUP, league.code, CUP],
      ]);
    });

    it("reminds the fans of the active season's competition only (a fan with none yet plays the home one), never of an inactive season", async () => {
      await runJob(JOB.deadlineReminders, { now: now().toISOString() });
      expect(subjects(leagueFan)).toEqual([leagueReminder]);
      expect(subjects(bothFan)).toEqual([leagueReminder]);
      expect(subjects(newFan)).toEqual([leagueReminder]);
      expect(subjects(cupFan)).toEqual([]);
      const [{ n }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM notification_deliveries WHERE kind = $1 AND subject_key = $2`, [
        KIND.deadline,
        String(cup.gameweekId),
      ]);
      expect(n).toBe(0);
    });

    it("with the cup's season active beside the league's, reminds the cup's fans of its gameweek and nobody else, once", async () => {
      try {
        await setCupActive(true);
        await runJob(JOB.deadlineReminders, { now: now().toISOString() });
        await runJob(JOB.deadlineReminders, { now: now().toISOString() });
      } finally {
        await setCupActive(false);
      }
      expect(subjects(cupFan)).toEqual([cupReminder]);
      expect(subjects(bothFan)).toEqual([leagueReminder, cupReminder]);
      expect(subjects(leagueFan)).toEqual([leagueReminder]);
      // No competition recorded: the home one (the league's), not the cup.
      expect(subjects(newFan)).toEqual([leagueReminder]);
    });
  });

  describe('league updates', () => {
    async function privateLeague(owner: FastUser, name: string): Promise<{ id: number; code: string }> {
      const res = await sys.http.post('/api/leagues/').set(owner.auth).send({ name, type: 'private' }).expect(201);
      return { id: res.body.data.id, code: res.body.data.code };
    }
    const requestMails = (u: FastUser) => mailsOfKind(u, /asked to join/);
    const approvalMails = (u: FastUser) => mailsOfKind(u, /was approved$/);

    it("emails the owner about a join request with the requester's message, and the requester on approval, once each", async () => {
      const owner = await fastUser(sys, 'Olga', 'Owner');
      const asker = await fastUser(sys, 'Aske', 'Asker');
      const league = await privateLeague(owner, 'Notify Office 2091');
      await sys.http.post('/api/leagues/join/').set(asker.auth).send({ type: 'private', code: league.code, message: 'Desk 4 <3, let me in!' }).expect(200);
      await settleAll();

      expect(requestMails(owner)).toHaveLength(1);
      const [request] = requestMails(owner);
      expect(request.subject).toBe('Aske Asker asked to join Notify Office 2091');
      expect(request.text).toContain('Desk 4 <3, let me in!');
      expect(request.text).toContain(`http://localhost:3999/leagues/${league.id}`);
      expect(approvalMails(asker)).toHaveLength(0);

      await sys.http.post(`/api/leagues/${league.id}/approve-request/${asker.id}/`).set(owner.auth).expect(200);
      await settleAll();
      expect(approvalMails(asker).map((m) => m.subject)).toEqual(["You're in: your request to join Notify Office 2091 was approved"]);

      // The same events handled again (a replay): nothing new.
      const [{ id: requestId }]: { id: number }[] = await sys.db.query(`SELECT id FROM league_requests WHERE league_id = $1 AND user_id = $2`, [league.id, asker.id]);
      expect(await runJob(JOB.joinRequested, { requestId })).toBe(0);
      expect(await runJob(JOB.requestApproved, { requestId })).toBe(0);
      expect(requestMails(owner)).toHaveLength(1);
      expect(approvalMails(asker)).toHaveLength(1);
      const keys: { kind: string; subject_key: string }[] = await sys.db.query(
        `SELECT kind, subject_key FROM notification_deliveries WHERE user_id = ANY($1) ORDER BY kind`,
        [[owner.id, asker.id]],
      );
      expect(keys).toEqual([
        { kind: KIND.joinRequest, subject_key: `${league.id}:${asker.id}` },
        { kind: KIND.approved, subject_key: `${league.id}:${asker.id}` },
      ]);
    });

    it('emails neither an owner with league updates off nor an unverified one; the approved requester still hears', async () => {
      const quietOwner = await fastUser(sys, 'Quinn', 'Quiet');
      const lostOwner = await fastUser(sys, 'Lost', 'Owner');
      const asker = await fastUser(sys, 'Ada', 'Asker');
      const quietAsker = await fastUser(sys, 'Quentin', 'Asker');
      await preferences(quietOwner, { notify_league_updates: false });
      await preferences(quietAsker, { notify_league_updates: false });
      const quiet = await privateLeague(quietOwner, 'Quiet League 2091');
      const lost = await privateLeague(lostOwner, 'Lost League 2091');
      await sys.db.query(`UPDATE users SET email_verified_at = NULL WHERE id = $1`, [lostOwner.id]);

      await sys.http.post('/api/leagues/join/').set(asker.auth).send({ type: 'private', code: quiet.code }).expect(200);
      await sys.http.post('/api/leagues/join/').set(quietAsker.auth).send({ type: 'private', code: quiet.code }).expect(200);
      await sys.http.post('/api/leagues/join/').set(asker.auth).send({ type: 'private', code: lost.code, message: 'hi' }).expect(200);
      await sys.http.post(`/api/leagues/${quiet.id}/approve-request/${asker.id}/`).set(quietOwner.auth).expect(200);
      await sys.http.post(`/api/leagues/${quiet.id}/approve-request/${quietAsker.id}/`).set(quietOwner.auth).expect(200);
      await settleAll();

      expect(requestMails(quietOwner)).toHaveLength(0);
      expect(requestMails(lostOwner)).toHaveLength(0);
      expect(approvalMails(asker)).toHaveLength(1);
      expect(approvalMails(quietAsker)).toHaveLength(0);
    });
  });

  describe('match results', () => {
    const resultsTo = (u: FastUser) => mailsOfKind(u, /^Gameweek 2 results/);

    it('waits until every match of the gameweek is over', async () => {
      const [first, ...rest] = gw2.fixtures;
      await sys.http.put(`/api/admin/fixtures/${first.id}/result`).set(bearer(admin.token)).send({ home_score: first.ft[0], away_score: first.ft[1], status: 'finished' }).expect(200);
      await settleAll();
      expect(resultsTo(allIn)).toHaveLength(0);
      // An address that is no longer verified when the results go out gets nothing.
      await sys.db.query(`UPDATE users SET email_verified_at = NULL WHERE id = $1`, [laterUnverified.id]);
      // Finish the rest, postponing one (void, still "over").
      const [postponed, ...played] = rest;
      await sys.http.post(`/api/admin/fixtures/${postponed.id}/postpone`).set(bearer(admin.token)).expect(200);
      for (const f of played) {
        await sys.http.put(`/api/admin/fixtures/${f.id}/result`).set(bearer(admin.token)).send({ home_score: f.ft[0], away_score: f.ft[1], status: 'finished' }).expect(200);
      }
      await settleAll();
    });

    it('emails each verified player with the switch on their points, exact and correct counts and global rank, once', async () => {
      const [totals]: { points: number; correct: number; exact: number; predictions: number }[] = await sys.db.query(
        `SELECT points, correct, exact, predictions FROM user_gameweek_totals WHERE user_id = $1 AND gameweek_id = $2`,
        [allIn.id, gw2.id],
      );
      // 9 matches played and predicted exactly (one postponed: void), the banker doubled.
      expect(totals).toMatchObject({ exact: 9, correct: 9, predictions: 10 });
      expect(resultsTo(allIn)).toHaveLength(1);
      const [mail] = resultsTo(allIn);
      expect(mail.subject).toBe(`Gameweek 2 results: you scored ${totals.points} points`);
      expect(mail.text).toContain(`You scored ${totals.points} points from 10 predictions: 9 exact scores and 0 other correct results.`);
      // Nobody has more points this season: first in the global league.
      expect(mail.text).toContain('You are 1st in the global league.');
      expect(mail.text).toContain('http://localhost:3999/results');

      const [toDigestOff] = resultsTo(digestOff);
      expect(toDigestOff.subject).toMatch(/^Gameweek 2 results: you scored \d+ points?$/);
      expect(toDigestOff.text).not.toContain('global league'); // not a member of it
      // Results are off by default; an unverified address gets nothing; no predictions, no results.
      expect(resultsTo(partial)).toHaveLength(0);
      expect(resultsTo(laterUnverified)).toHaveLength(0);
      expect(resultsTo(idle)).toHaveLength(0);
      const claimed: { user_id: number }[] = await sys.db.query(
        `SELECT user_id FROM notification_deliveries WHERE kind = $1 AND subject_key = $2 AND user_id = ANY($3) ORDER BY user_id`,
        [KIND.results, String(gw2.id), [allIn.id, digestOff.id, laterUnverified.id, partial.id]],
      );
      expect(claimed.map((r) => r.user_id)).toEqual([allIn.id, digestOff.id].sort((a, b) => a - b));
    });

    it('does not send again on a replay or a later correction', async () => {
      expect(await runJob(JOB.gameweekFinal, { gameweekId: gw2.id })).toBe(0);
      const last = gw2.fixtures[gw2.fixtures.length - 1];
      await sys.http.put(`/api/admin/fixtures/${last.id}/result`).set(bearer(admin.token)).send({ home_score: last.ft[0] + 1, away_score: last.ft[1], status: 'finished' }).expect(200);
      await settleAll();
      expect(resultsTo(allIn)).toHaveLength(1);
      expect(resultsTo(digestOff)).toHaveLength(1);
    });
  });

  describe('weekly digest', () => {
    const digestTo = (u: FastUser) => mailsOfKind(u, /^Your Scoreline week/);

    it("sends each player of the season a summary for the week, once, and not to those who switched it off", async () => {
      // A Monday 09:00 UTC after gameweek 2 (over) and before gameweek 3's deadline, if there is one.
      const monday = new Date(gw2.deadline);
      monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
      monday.setUTCHours(9, 0, 0, 0);
      const week = isoWeekKey(monday);
      expect(await runJob(JOB.weeklyDigest, { now: monday.toISOString() })).toBeGreaterThanOrEqual(2);

      const [totals]: { points: number }[] = await sys.db.query(
        `SELECT t.points FROM user_season_totals t JOIN seasons s ON s.id = t.season_id AND s.is_active WHERE t.user_id = $1`,
        [allIn.id],
      );
      expect(digestTo(allIn)).toHaveLength(1);
      const [digest] = digestTo(allIn);
      expect(digest.subject).toBe(`Your Scoreline week ${week}: ${totals.points} points this season`);
      expect(digest.text).toContain(`Your English Premier League 2091/92 so far: ${totals.points} points, 1st in the global league.`);
      expect(digest.text).toMatch(/Gameweek 2 brought you \d+ points?\./);
      if (gw3Deadline.getTime() > monday.getTime()) expect(digest.text).toContain('Next deadline: Gameweek 3 closes');
      expect(digestTo(partial)).toHaveLength(1);
      expect(digestTo(digestOff)).toHaveLength(0);
      expect(digestTo(idle)).toHaveLength(0); // did not play this season
      expect(digestTo(laterUnverified)).toHaveLength(0);

      // The same week again (a second run, or Tuesday's retry): nothing new. The next week: again.
      expect(await runJob(JOB.weeklyDigest, { now: new Date(monday.getTime() + 3600_000).toISOString() })).toBe(0);
      expect(digestTo(allIn)).toHaveLength(1);
      const next = new Date(monday.getTime() + 7 * 24 * 3600_000);
      await runJob(JOB.weeklyDigest, { now: next.toISOString() });
      expect(digestTo(allIn).map((m) => m.subject.split(':')[0])).toEqual([`Your Scoreline week ${week}`, `Your Scoreline week ${isoWeekKey(next)}`]);
    });
  });
});
