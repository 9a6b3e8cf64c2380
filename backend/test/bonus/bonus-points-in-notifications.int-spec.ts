import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { JOB, NOTIFICATIONS_QUEUE, PUSH_KIND } from '@scoreline/backend/notifications/notification-jobs';
import type { PushPayload } from '@scoreline/contracts/api/push';
import type { LeagueTableResponse } from '@scoreline/contracts/api/tables';
import { readMail } from '../notifications/mail-text';
import { allowLoopbackPushes, FakeBrowser, LocalPushService } from '../push/push-service';
import { insertClubSeason, type ClubSeason } from '../support/competitions';
import { waitFor } from '../support/concurrency';
import { grantAdminRole, insertVerifiedUsers, predictScores, recordResult, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

const DAY = 24 * 3600 * 1000;

/**
 * A settled bonus question in the rank and points that mails and pushes state, on the real system
 * (API, workers, SMTP capture, a push service of our own): a league season of its own competition,
 * one round of two matches, three fans in its global league, each with a device and results and the
 * digest switched on.
 *
 *   picks      A–B (1–0)  A–C (2–0)   round   champion (A, settled)   season table
 *   Ana        1–0 (20)   1–0 (10)    30      A (+20)                 1st, 50
 *   Ben        1–0 (20)   2–0 (20)    40      B                       2nd, 40
 *   Cat        2–1 (10)   0–1 (0)     10      A (+20)                 3rd, 30
 *
 * On prediction points alone Ben would be first and Ana second: the mails and pushes must say what
 * the table says.
 */
describe('bonus points in mails and pushes', () => {
  let sys: TestSystem;
  let queue: Queue;
  let pushService: LocalPushService;
  let admin: FastUser;
  let ana: FastUser, ben: FastUser, cat: FastUser;
  let season: ClubSeason;
  let globalId: number;
  const devices = new Map<number, FakeBrowser>();
  // The push service here is a stand-in on 127.0.0.1, which the sender reaches only when told so.
  let restoreEnvironment: () => void = () => undefined;

  const fans = () => [ana, ben, cat];
  const mailsTo = (fan: FastUser, subject: RegExp) => sys.smtp.mailsTo(fan.email).map(readMail).filter((m) => subject.test(m.subject));
  const pushesTo = (fan: FastUser): PushPayload[] => {
    const device = devices.get(fan.id)!;
    return pushService.to(new URL(device.endpoint).pathname).map((r) => device.decrypt(r.body) as PushPayload);
  };
  /** The global league's season table as the fans see it: first name → [rank, points]. */
  const table = async () => {
    const { body } = await sys.http.get(`/api/leagues/${globalId}/table/`).query({ period: 'season' }).set(ana.auth).expect(200);
    return new Map((body.data as LeagueTableResponse).rows.map((r) => [r.full_name.split(' ')[0], [r.rank, r.points] as const]));
  };
  const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

  beforeAll(async () => {
    restoreEnvironment = allowLoopbackPushes();
    sys = await startTestSystem();
    queue = sys.workers.get<Queue>(getQueueToken(NOTIFICATIONS_QUEUE), { strict: false });
    pushService = await new LocalPushService().listen();
    [admin] = await insertVerifiedUsers(sys, 1, 'bnadmin', { onboarded: true });
    await grantAdminRole(sys, admin.id);
    const players: FastUser[] = [];
    for (const first of ['Ana', 'Ben', 'Cat']) players.push((await insertVerifiedUsers(sys, 1, 'bn', { first, last: 'Notified', onboarded: true }))[0]);
    [ana, ben, cat] = players;
    for (const fan of fans()) {
      await sys.db.query(`INSERT INTO user_preferences (user_id, notify_match_results, notify_weekly_digest) VALUES ($1, true, true)`, [fan.id]);
      const device = new FakeBrowser(pushService.endpoint(`/send/bonus-${fan.username}`));
      devices.set(fan.id, device);
      await sys.http.post('/api/push/subscriptions/').set(fan.auth).send(device.subscription()).expect(200);
    }

    season = await insertClubSeason(sys.db, { prefix: 'bn', name: 'Bonus Mail League', label: '2096/97' });
    const { a, b, c } = season.clubs;
    const round = await season.round(1, new Date(Date.now() + 2 * DAY));
    const ab = await season.fixture('ab', round, a, b, 0);
    const ac = await season.fixture('ac', round, a, c, 1);
    globalId = await season.league('global', 'Bonus Mail Global', [ana.id, ben.id, cat.id]);

    const answer = (who: FastUser, champion: number) => sys.http.put(`/api/seasons/${season.seasonId}/bonus/`).set(who.auth).send({ answers: { champion } }).expect(200);
    await answer(ana, a);
    await answer(ben, b);
    await answer(cat, a);
    await predictScores(sys, ana, [[ab, 1, 0], [ac, 1, 0]]);
    await predictScores(sys, ben, [[ab, 1, 0], [ac, 2, 0]]);
    await predictScores(sys, cat, [[ab, 2, 1], [ac, 0, 1]]);
    await season.moveEarlier(3);

    // The champion is settled while the round is under way; its last result makes it final: the results go out.
    await recordResult(sys, admin, ab, 1, 0);
    await sys.http.put(`/api/admin/seasons/${season.seasonId}/bonus/champion`).set(admin.auth).send({ right_answers: [a] }).expect(200);
    await sys.settle();
    await recordResult(sys, admin, ac, 2, 0);
  }, 120_000);

  afterAll(async () => {
    await season?.deactivate();
    await Promise.all([sys?.close(), pushService?.close()]);
    restoreEnvironment();
  });

  it('shows the settled bonus in the table: Ana passes Ben', async () => {
    await sys.settle();
    expect(Object.fromEntries(await table())).toEqual({ Ana: [1, 50], Ben: [2, 40], Cat: [3, 30] });
  });

  it("states in the round's results mail the global rank the table shows", async () => {
    await waitFor('the results mails', async () => fans().every((fan) => mailsTo(fan, /^Gameweek 1 results/).length === 1));
    const ranks = await table();
    for (const fan of fans()) {
      const [mail] = mailsTo(fan, /^Gameweek 1 results/);
      expect(mail.text).toContain(`You are ${ordinal(ranks.get(fan.first_name)![0])} in the global league.`);
    }
  });

  it("states in the round's final push the global rank the table shows", async () => {
    await waitFor('the final pushes', async () => fans().every((fan) => pushesTo(fan).some((p) => p.kind === PUSH_KIND.gameweekFinal)));
    const ranks = await table();
    for (const fan of fans()) {
      const final = pushesTo(fan).find((p) => p.kind === PUSH_KIND.gameweekFinal)!;
      expect(final.body).toContain(`Global rank ${ranks.get(fan.first_name)![0]} (`);
    }
  });

  it("states in the weekly digest the season points and the global rank the table shows", async () => {
    await queue.add(JOB.weeklyDigest, { now: new Date().toISOString() });
    await waitFor('the digests', async () => fans().every((fan) => mailsTo(fan, /^Your Scoreline week/).length === 1), 50_000);
    const ranks = await table();
    for (const fan of fans()) {
      const [rank, points] = ranks.get(fan.first_name)!;
      const [digest] = mailsTo(fan, /^Your Scoreline week/);
      expect(digest.subject).toMatch(new RegExp(`: ${points} points this season$`));
      expect(digest.text).toContain(`so far: ${points} points, ${ordinal(rank)} in the global league.`);
    }
  }, 60_000);
});
