import type { DataSource } from 'typeorm';
import type { Notification, NotificationChannel } from './channel';
import type { DeliveryTally } from './deliver';
import type { EmailChannel } from './email.channel';
import { GAMEWEEK_FINAL_SQL } from './match-results.queries';
import { checkChannels, NotificationsService } from './notifications.service';

const tally = (sent: number): DeliveryTally => ({ sent, gone: 0, refused: 0 });

/** A channel that answers `deliver` as told and notes what it was given. */
function fakeChannel<N extends 'email' | 'push'>(name: N, deliver: (n: Notification) => Promise<DeliveryTally>) {
  const given: Notification[] = [];
  return {
    channel: { name, deliver: (n: Notification) => (given.push(n), deliver(n)) },
    given,
  };
}

const pipeline = (email: { name: 'email' }, push: { name: 'push' }) =>
  new NotificationsService({ query: jest.fn() } as unknown as DataSource, email as unknown as EmailChannel, [push as unknown as NotificationChannel]);

describe('the notification pipeline', () => {
  it('sends a notification on each channel its kind has, and only those', async () => {
    const email = fakeChannel('email', async () => tally(2));
    const push = fakeChannel('push', async () => tally(3));
    const notifications = pipeline(email.channel, push.channel);
    expect(await notifications.run({ name: 'join-requested', requestId: 4 })).toEqual({ email: tally(2), push: tally(3) });
    expect(await notifications.run({ name: 'goal', fixtureId: 9 })).toEqual({ push: tally(3) });
    expect(await notifications.run({ name: 'weekly-digest', now: new Date('2030-01-07T09:00:00Z') })).toEqual({ email: tally(2) });
    expect(email.given.map((n) => n.kind)).toEqual(['joinRequest', 'digest']);
    expect(push.given.map((n) => n.kind)).toEqual(['joinRequest', 'goal']);
  });

  it('lets a failing channel stop neither the other nor the failure: the job fails once both are done', async () => {
    let pushed = false;
    const email = fakeChannel('email', async () => {
      throw new Error('SMTP down');
    });
    const push = fakeChannel('push', async () => {
      await new Promise((r) => setTimeout(r, 10));
      pushed = true;
      return tally(1);
    });
    await expect(pipeline(email.channel, push.channel).run({ name: 'request-decided', requestId: 4 })).rejects.toThrow('SMTP down');
    expect(pushed).toBe(true);
  });

  it("ranks the global league once for a gameweek's final mails and pushes, and hands both channels those ranks", async () => {
    const query = jest.fn(async (sql: string) => {
      if (sql === GAMEWEEK_FINAL_SQL) return [{ season_id: 7, final: true }];
      return [{ user_id: '3,5', rank: '2,1', rank_before: '1,2' }];
    });
    const email = fakeChannel('email', async () => tally(2));
    const push = fakeChannel('push', async () => tally(1));
    const notifications = new NotificationsService({ query } as unknown as DataSource, email.channel as unknown as EmailChannel, [push.channel]);
    expect(await notifications.run({ name: 'gameweek-final', gameweekId: 11 })).toEqual({ email: tally(2), push: tally(1) });
    expect(query).toHaveBeenCalledTimes(2);
    const [mailed, pushed] = [email.given[0], push.given[0]];
    expect(mailed.kind === 'results' && pushed.kind === 'results' && mailed.ranks === pushed.ranks).toBe(true);
    expect(mailed.kind === 'results' && mailed.ranks.moveOf(5)).toEqual({ rank: 1, before: 2 });
  });

  it('will not start without a channel CHANNEL_KINDS names, or with one given twice', () => {
    const email = fakeChannel('email', async () => tally(0)).channel;
    const push = fakeChannel('push', async () => tally(0)).channel;
    expect(() => checkChannels([email, push])).not.toThrow();
    expect(() => checkChannels([email])).toThrow('missing push');
    expect(() => checkChannels([email, push, push])).toThrow('given twice push');
  });
});
