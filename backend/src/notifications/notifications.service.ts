import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ADDED_CHANNELS, hasChannel, type ChannelName, type Notification, type NotificationChannel } from './channel';
import { selectOpenGameweeks } from './deadline-reminders.queries';
import { addTally, emptyTally, type DeliveryTally } from './deliver';
import { EmailChannel } from './email.channel';
import { globalRankMoves } from './global-ranks.queries';
import { seasonOfFinalGameweek } from './match-results.queries';
import { CHANNEL_KINDS, JOB, type NotificationJob, type NotificationKind } from './notification-jobs';

/** What a job sent, per channel the notification has (the job's return value). */
export type NotificationRunResult = Partial<Record<ChannelName, DeliveryTally>>;

/**
 * The one notification pipeline: a job (a sweep or a domain event: notification-jobs.ts) becomes
 * the notifications it stands for, each with its subject, and each goes out on every channel its
 * kind has (CHANNEL_KINDS: the email, the push, or both), to the readers its one recipients rule
 * picks and their preferences allow. The channels run side by side, so a slow or failing one
 * neither delays nor stops the other; a failure fails the job after both finished, and its retry
 * sends only what was not sent (each channel's claims: one delivery row per recipient, kind and
 * subject, so a rerun, a replayed event or a second replica never sends twice).
 */
@Injectable()
export class NotificationsService {
  private readonly channels: readonly NotificationChannel[];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    email: EmailChannel,
    @Inject(ADDED_CHANNELS) added: readonly NotificationChannel[],
  ) {
    this.channels = [email, ...added];
    checkChannels(this.channels);
  }

  /** Runs one checked command of the notifications queue (see commandForJob). */
  run(command: NotificationJob): Promise<NotificationRunResult> {
    switch (command.name) {
      case JOB.deadlineReminders:
        return this.deadlineReminders(command.now);
      case JOB.weeklyDigest:
        return this.notify({ kind: 'digest', now: command.now });
      case JOB.gameweekFinal:
        return this.gameweekFinal(command.gameweekId);
      case JOB.joinRequested:
        return this.notify({ kind: 'joinRequest', requestId: command.requestId });
      case JOB.requestDecided:
        return this.notify({ kind: 'decided', requestId: command.requestId });
      case JOB.goal:
        return this.notify({ kind: 'goal', fixtureId: command.fixtureId });
    }
  }

  /**
   * Gameweek deadline within 24 hours: remind whoever plays its competition and has not predicted
   * every match. One sweep per open gameweek (one per competition), each with its own cursor; the
   * results add up.
   */
  async deadlineReminders(now: Date): Promise<NotificationRunResult> {
    const total = this.nothingSent('deadline');
    for (const gameweek of await selectOpenGameweeks(this.db, now)) add(total, await this.notify({ kind: 'deadline', gameweekId: gameweek.id, now }));
    return total;
  }

  /** A result or a scoring in this gameweek: once it is over for good, tell its players. */
  async gameweekFinal(gameweekId: number): Promise<NotificationRunResult> {
    const seasonId = await seasonOfFinalGameweek(this.db, gameweekId);
    if (seasonId === null) return this.nothingSent('results');
    // One ranking of the whole global league (now and before the round) for the mails and the pushes, not one per channel.
    const ranks = await globalRankMoves(this.db, seasonId, gameweekId);
    return this.notify({ kind: 'results', gameweekId, ranks });
  }

  /** Sends one notification on each of its kind's channels, at once; throws the first failure once all are done. */
  async notify(notification: Notification): Promise<NotificationRunResult> {
    const channels = this.channels.filter((c) => hasChannel(notification.kind, c.name));
    const outcomes = await Promise.allSettled(channels.map((c) => c.deliver(notification)));
    const result: NotificationRunResult = {};
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') result[channels[i].name] = outcome.value;
    });
    const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failure) throw failure.reason;
    return result;
  }

  private nothingSent(kind: NotificationKind): NotificationRunResult {
    return Object.fromEntries(this.channels.filter((c) => hasChannel(kind, c.name)).map((c) => [c.name, emptyTally()]));
  }
}

/**
 * Each channel CHANNEL_KINDS names is given exactly once: a channel the worker module forgot to
 * add would otherwise drop its messages without a word, a doubled one send them twice.
 */
export function checkChannels(channels: readonly NotificationChannel[]): void {
  const given = channels.map((c) => c.name);
  const named = new Set(Object.values(CHANNEL_KINDS).flatMap((kinds) => Object.keys(kinds)));
  const missing = [...named].filter((name) => !given.includes(name as ChannelName));
  const doubled = given.filter((name, i) => given.indexOf(name) !== i);
  if (missing.length > 0 || doubled.length > 0) {
    throw new Error(`notification channels: missing ${missing.join(', ') || 'none'}, given twice ${doubled.join(', ') || 'none'} (NotificationsModule.withChannels)`);
  }
}

function add(into: NotificationRunResult, more: NotificationRunResult): void {
  for (const [channel, tally] of Object.entries(more) as [ChannelName, DeliveryTally][]) into[channel] = addTally(into[channel] ?? emptyTally(), tally);
}
