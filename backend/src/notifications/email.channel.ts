import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
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
import { SeasonsService } from '../seasons/seasons.service';
import type { Notification, NotificationChannel } from './channel';
import { claimDeadlineReminders } from './deadline-reminders.queries';
import { deliverInBatches, emptyTally, type Candidate, type ChannelSender, type ClaimBatch, type DeliveryTally } from './deliver';
import { isoWeekKey } from './iso-week';
import { claimApprovalNotice, claimJoinRequestNotice } from './league-updates.queries';
import { claimMatchResults } from './match-results.queries';
import { KIND } from './notification-jobs';
import { releaseClaims } from './notification-deliveries.queries';
import { globalRanks } from './global-ranks.queries';
import type { UserRanks } from './user-ranks';
import { claimWeeklyDigests, type DigestSectionRow } from './weekly-digest.queries';

/** An email candidate: the reader and their address. */
type EmailRow = Candidate & { email: string };

/**
 * The email channel: each notification's recipients with a verified address (claims in
 * notification_deliveries, one per user, kind and subject: see the *.queries.ts beside it), the
 * email in their language and time zone (mail/notification-emails.ts), sent by MailService over
 * SMTP, a few at a time (one SMTP connection each), stopping at the first failure.
 */
@Injectable()
export class EmailChannel implements NotificationChannel {
  readonly name = 'email' as const;
  private readonly sender: ChannelSender<EmailRow, OutgoingMail>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    mail: MailService,
    @Inject(APP_ENV) private readonly env: AppEnv,
    private readonly seasons: SeasonsService,
  ) {
    this.sender = {
      channel: 'email',
      batchSize: 500,
      lanes: 4,
      prefetch: false,
      stopOnFirstError: true,
      cursor: (row) => row.user_id,
      send: async (_row, message) => {
        await mail.send(message);
        return 'sent';
      },
      release: (kind, rows) => releaseClaims(db, kind, rows),
    };
  }

  deliver(n: Notification): Promise<DeliveryTally> {
    switch (n.kind) {
      case 'deadline':
        return this.deadline(n.gameweekId, n.now);
      case 'results':
        return this.results(n.gameweekId, n.ranks);
      case 'joinRequest':
        return this.joinRequest(n.requestId);
      case 'decided':
        return this.approved(n.requestId);
      case 'digest':
        return this.weeklyDigest(n.now);
      case 'goal':
        return Promise.resolve(emptyTally());
    }
  }

  private send<R extends EmailRow>(kind: string, claim: ClaimBatch<R>, compose: (row: R) => OutgoingMail): Promise<DeliveryTally> {
    return deliverInBatches(kind, claim, compose, this.sender);
  }

  /** Gameweek deadline within 24 hours: one sweep of the open gameweek, with its own cursor. */
  private deadline(gameweekId: number, now: Date): Promise<DeliveryTally> {
    return this.send(
      KIND.deadline,
      (after, limit) => claimDeadlineReminders(this.db, now, gameweekId, after, limit),
      (r) =>
        deadlineReminderEmail(
          { ...reader(r), to: r.email, firstName: r.first_name, gameweekNumber: r.gameweek_number, gameweekName: r.gameweek_name, deadline: new Date(r.deadline), now, predicted: r.predicted, total: r.total },
          this.env.appUrl,
        ),
    );
  }

  /** The gameweek is over for good: its players' points and global rank. */
  private results(gameweekId: number, ranks: UserRanks): Promise<DeliveryTally> {
    return this.send(
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
            globalRank: ranks.rankOf(r.user_id),
          },
          this.env.appUrl,
        ),
    );
  }

  private joinRequest(requestId: number): Promise<DeliveryTally> {
    return this.send(
      KIND.joinRequest,
      (after) => (after === 0 ? claimJoinRequestNotice(this.db, requestId) : Promise.resolve([])),
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

  /** A decided request: the email is for an approval only (there is no rejection email; the claim finds nobody then). */
  private approved(requestId: number): Promise<DeliveryTally> {
    return this.send(
      KIND.approved,
      (after) => (after === 0 ? claimApprovalNotice(this.db, requestId) : Promise.resolve([])),
      (r) => requestApprovedEmail({ ...reader(r), to: r.email, firstName: r.first_name, leagueId: r.league_id, leagueName: r.league_name }, this.env.appUrl),
    );
  }

  /** Monday's digest for the ISO week `now` falls in: one per fan, a section per active season they played. */
  private async weeklyDigest(now: Date): Promise<DeliveryTally> {
    const week = isoWeekKey(now);
    const active = await this.seasons.activeSeasons();
    if (active.length === 0) return emptyTally();
    // Global ranks once per season for the whole job (a window over every member), not per batch.
    const ranks = new Map<number, UserRanks>();
    for (const season of active) ranks.set(season.id, await globalRanks(this.db, season.id));
    return this.send(
      KIND.digest,
      (after, limit) => claimWeeklyDigests(this.db, now, week, after, limit),
      (r) => {
        const [first, ...more] = r.sections.map((s) => digestSection(s, ranks.get(s.season_id)?.rankOf(r.user_id) ?? null));
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
