import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { MailService, type OutgoingMail } from '../mail/mail.service';
import {
  deadlineReminderEmail,
  joinRequestEmail,
  matchResultsEmail,
  requestApprovedEmail,
  weeklyDigestEmail,
  type DigestSection,
  type Reader,
} from '../mail/notification-emails';
import { claimDeadlineReminders, selectOpenGameweeks } from './deadline-reminders.queries';
import { deliverInBatches, type Candidate, type ClaimBatch } from './deliver';
import { isoWeekKey } from './iso-week';
import { claimApprovalNotice, claimJoinRequestNotice } from './league-updates.queries';
import { claimMatchResults, seasonOfFinalGameweek } from './match-results.queries';
import { globalRanks } from './recipients.sql';
import { selectActiveSeasons } from '../seasons/seasons.queries';
import { JOB, KIND, type NotificationJob } from './notification-jobs';
import { claimWeeklyDigests, type DigestSectionRow } from './weekly-digest.queries';

/**
 * The notification emails: each method claims its recipients (see the *.ts beside it for the
 * SQL) and sends to those claimed. Safe to run any number of times: notification_deliveries
 * keeps one row per user, kind and subject. Answers how many emails went out.
 */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly mail: MailService,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  /** Runs one checked command of the notifications queue (see commandForJob). */
  run(command: NotificationJob): Promise<number> {
    switch (command.name) {
      case JOB.deadlineReminders:
        return this.deadlineReminders(command.now);
      case JOB.weeklyDigest:
        return this.weeklyDigest(command.now);
      case JOB.gameweekFinal:
        return this.gameweekFinal(command.gameweekId);
      case JOB.joinRequested:
        return this.joinRequested(command.requestId);
      case JOB.requestApproved:
        return this.requestApproved(command.requestId);
    }
  }

  private deliver<R extends Candidate>(kind: string, claim: ClaimBatch<R>, compose: (row: R) => OutgoingMail): Promise<number> {
    return deliverInBatches({ db: this.db, kind, claim, compose, send: (m) => this.mail.send(m) });
  }

  /**
   * Gameweek deadline within 24 hours: remind whoever plays its competition and has not predicted
   * every match. One sweep per open gameweek (one per competition), each with its own cursor.
   */
  async deadlineReminders(now: Date): Promise<number> {
    let sent = 0;
    for (const gameweek of await selectOpenGameweeks(this.db, now)) {
      sent += await this.deliver(
        KIND.deadline,
        (after, limit) => claimDeadlineReminders(this.db, now, gameweek.id, after, limit),
        (r) =>
          deadlineReminderEmail(
            { ...reader(r), to: r.email, firstName: r.first_name, gameweekNumber: r.gameweek_number, gameweekName: r.gameweek_name, deadline: new Date(r.deadline), now, predicted: r.predicted, total: r.total },
            this.env.appUrl,
          ),
      );
    }
    return sent;
  }

  /** A result or a scoring in this gameweek: once it is over for good, tell its players. */
  async gameweekFinal(gameweekId: number): Promise<number> {
    const seasonId = await seasonOfFinalGameweek(this.db, gameweekId);
    if (seasonId === null) return 0;
    const ranks = await globalRanks(this.db, seasonId);
    return this.deliver(
      KIND.results,
      (after, limit) => claimMatchResults(this.db, gameweekId, after, limit),
      (r) =>
        matchResultsEmail(
          {
            ...reader(r),
            to: r.email,
            firstName: r.first_name,
            gameweekNumber: r.gameweek_number,
            gameweekName: r.gameweek_name,
            points: r.points,
            predictions: r.predictions,
            correct: r.correct,
            exact: r.exact,
            globalRank: ranks.get(r.user_id) ?? null,
          },
          this.env.appUrl,
        ),
    );
  }

  joinRequested(requestId: number): Promise<number> {
    return this.deliver(
      KIND.joinRequest,
      () => claimJoinRequestNotice(this.db, requestId),
      (r) =>
        joinRequestEmail(
          {
            ...reader(r),
            to: r.email,
            firstName: r.first_name,
            leagueId: r.league_id,
            leagueName: r.league_name,
            requesterName: r.requester_name,
            requesterUsername: r.requester_username,
            message: r.message,
          },
          this.env.appUrl,
        ),
    );
  }

  requestApproved(requestId: number): Promise<number> {
    return this.deliver(
      KIND.approved,
      () => claimApprovalNotice(this.db, requestId),
      (r) => requestApprovedEmail({ ...reader(r), to: r.email, firstName: r.first_name, leagueId: r.league_id, leagueName: r.league_name }, this.env.appUrl),
    );
  }

  /** Monday's digest for the ISO week `now` falls in: one per fan, a section per active season they played. */
  async weeklyDigest(now: Date): Promise<number> {
    const week = isoWeekKey(now);
    const active = await selectActiveSeasons(this.db);
    if (active.length === 0) return 0;
    // Global ranks once per season for the whole job (a window over every member), not per batch.
    const ranks = new Map<number, Map<number, number>>();
    for (const season of active) ranks.set(season.id, await globalRanks(this.db, season.id));
    return this.deliver(
      KIND.digest,
      (after, limit) => claimWeeklyDigests(this.db, now, week, after, limit),
      (r) => {
        const [first, ...more] = r.sections.map((s) => digestSection(s, ranks.get(s.season_id)?.get(r.user_id) ?? null));
        return weeklyDigestEmail({ ...reader(r), to: r.email, firstName: r.first_name, week, ...first, moreSections: more }, this.env.appUrl);
      },
    );
  }
}

/** A digest row's section as the email takes it. */
function digestSection(s: DigestSectionRow, globalRank: number | null): DigestSection {
  return {
    seasonName: s.season_name,
    seasonPoints: s.season_points,
    lastGameweek: s.last_gameweek_number === null ? null : { number: s.last_gameweek_number, name: s.last_gameweek_name, points: s.last_gameweek_points },
    globalRank,
    nextDeadline:
      s.next_gameweek_number === null || s.next_deadline === null
        ? null
        : { gameweekNumber: s.next_gameweek_number, gameweekName: s.next_gameweek_name, at: new Date(s.next_deadline) },
  };
}

/** The language and time zone an email is written in, from its candidate row. */
function reader(row: Candidate): Reader {
  return { language: row.language, timezone: row.timezone };
}
