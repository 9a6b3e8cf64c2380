import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PushPayload } from '@scoreline/contracts/api/push';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import type { Notification, NotificationChannel } from '../notifications/channel';
import { deliverInBatches, emptyTally, type BatchOutcome, type ChannelSender, type ClaimBatch, type DeliveryTally } from '../notifications/deliver';
import { DeliveryCountsService } from '../delivery-counts/delivery-counts.service';
import { PUSH_KIND } from '../notifications/notification-jobs';
import type { UserRanks } from '../notifications/user-ranks';
import { signJoinDecision } from './push-action-token';
import { PushEndpointRefused } from './push-endpoint-policy';
import { PushSender, type PreparedPush, type PushDeliveryHints } from './push-sender';
import { clip, pushTexts, scoreText } from './push-texts';
import {
  claimDeadlinePushes,
  claimDecisionPushes,
  claimGameweekFinalPushes,
  claimGoalPushes,
  claimJoinRequestPushes,
  deleteSubscription,
  markSent,
  releasePushClaims,
  type PushCandidate,
} from './push.queries';

/** What one device is sent: the payload in its reader's language and the delivery hints. */
export interface ComposedPush {
  payload: PushPayload;
  hints: PushDeliveryHints;
}

const DAY = 24 * 3600;

/**
 * The web push channel: each notification's recipients' devices (claims in push_deliveries, one
 * per device, kind and subject: push.queries.ts, on the email's recipients rules), the payload in
 * the reader's language (push-texts.ts), pushed by PushSender to many devices at once, the next
 * batch claimed while one is pushed, each device's push encrypted as soon as its batch is claimed. A device the push service answers 404/410 for is deleted;
 * one whose endpoint the sender refuses (push-endpoint-policy.ts) keeps its claim, so no retry
 * tries it again; any other failure releases the claims not yet pushed and fails the job, whose
 * retry pushes exactly those (every lane of the batch still runs: one dead push service delays
 * only its own devices' retry).
 */
@Injectable()
export class PushChannel implements NotificationChannel {
  readonly name = 'push' as const;
  private readonly logger = new Logger(PushChannel.name);
  private readonly sender: ChannelSender<PushCandidate, Promise<PreparedPush>>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly pushSender: PushSender,
    @Inject(APP_ENV) private readonly env: AppEnv,
    private readonly counts: DeliveryCountsService,
  ) {
    this.sender = {
      channel: 'push',
      batchSize: 1000,
      // As many as PushSender's kept-alive sockets per push service.
      lanes: 64,
      prefetch: true,
      stopOnFirstError: false,
      cursor: (row) => row.subscription_id,
      send: async (row, prepared) => {
        try {
          if ((await pushSender.post(await prepared)) === 'sent') return 'sent';
        } catch (error) {
          if (error instanceof PushEndpointRefused) return { refused: error.reason };
          throw error;
        }
        await deleteSubscription(this.db, row.subscription_id);
        return 'gone';
      },
      release: (kind, rows) => releasePushClaims(db, kind, rows),
      afterBatch: (batch) => this.afterBatch(batch),
    };
  }

  deliver(n: Notification): Promise<DeliveryTally> {
    switch (n.kind) {
      case 'deadline':
        return this.deadline(n.gameweekId, n.now);
      case 'results':
        return this.gameweekFinal(n.gameweekId, n.ranks);
      case 'joinRequest':
        return this.joinRequest(n.requestId);
      case 'decided':
        return this.decided(n.requestId);
      case 'goal':
        return this.goal(n.fixtureId);
      case 'digest':
        return Promise.resolve(emptyTally());
    }
  }

  /**
   * Each device's push is prepared (checked, encrypted, signed) as soon as its batch is claimed,
   * so the encryption threads work ahead of the lanes that POST.
   */
  private send<R extends PushCandidate>(kind: string, claim: ClaimBatch<R>, compose: (row: R) => ComposedPush): Promise<DeliveryTally> {
    const prepare = (row: R): Promise<PreparedPush> => {
      const { payload, hints } = compose(row);
      // The reader's language rides along: the service worker's own texts (after Approve / Reject) follow it.
      const prepared = this.pushSender.prepare(row, { ...payload, language: row.language }, hints);
      // Awaited by the row's lane; a batch given up after a failure never is.
      prepared.catch(() => undefined);
      return prepared;
    };
    return deliverInBatches(kind, claim, prepare, this.sender);
  }

  /** The devices pushed to are marked, the batch counted for the console, refusals and failures logged. */
  private async afterBatch({ kind, sent, refused, failed, firstError }: BatchOutcome<PushCandidate>): Promise<void> {
    await markSent(this.db, sent.map((r) => r.subscription_id));
    // For the console: a refused endpoint failed too (nothing was sent); a gone device is no failure of ours.
    await this.counts.record('push', { sent: sent.length, failed: failed.length + refused.length });
    if (refused.length > 0) {
      const ids = refused.map((r) => r.row.subscription_id);
      const reasons = [...new Set(refused.map((r) => r.reason))];
      this.logger.warn(
        `${kind}: refused ${refused.length} push endpoint(s), nothing sent, not retried (subscription ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ', …' : ''}): ${reasons.slice(0, 5).join('; ')}`,
      );
    }
    if (firstError !== null) this.logger.warn(`${kind}: ${failed.length} push(es) failed and will be retried: ${(firstError as Error).message}`);
  }

  private joinRequest(requestId: number): Promise<DeliveryTally> {
    return this.send(
      PUSH_KIND.joinRequest,
      (after) => (after === 0 ? claimJoinRequestPushes(this.db, requestId) : Promise.resolve([])),
      (r) => {
        const t = pushTexts(r.language);
        return {
          payload: {
            kind: PUSH_KIND.joinRequest,
            title: clip(t.joinRequest.title(r.league_name), 80),
            body: clip(t.joinRequest.body(r.requester_name, r.message), 160),
            url: `/leagues/${r.league_id}`,
            tag: `join:${r.league_id}:${r.requester_id}`,
            actions: [
              { action: 'approve', title: t.actions.approve },
              { action: 'reject', title: t.actions.reject },
            ],
            action_token: signJoinDecision(this.env.jwtSecret, { ownerId: r.user_id, leagueId: r.league_id, userId: r.requester_id }),
          },
          hints: { ttlSeconds: 2 * DAY, urgency: 'normal' },
        };
      },
    );
  }

  private decided(requestId: number): Promise<DeliveryTally> {
    return this.send(
      PUSH_KIND.decided,
      (after) => (after === 0 ? claimDecisionPushes(this.db, requestId) : Promise.resolve([])),
      (r) => {
        const texts = pushTexts(r.language)[r.status];
        return {
          payload: {
            kind: PUSH_KIND.decided,
            title: clip(texts.title(r.league_name), 80),
            body: texts.body,
            // A rejected requester cannot open the private league: the hub, where they can try another.
            url: r.status === 'approved' ? `/leagues/${r.league_id}` : '/leagues',
            tag: `decided:${r.league_id}`,
          },
          hints: { ttlSeconds: 2 * DAY, urgency: 'normal' },
        };
      },
    );
  }

  /** One open gameweek's sweep, with its own cursor. */
  private deadline(gameweekId: number, now: Date): Promise<DeliveryTally> {
    return this.send(
      PUSH_KIND.deadline,
      (after, limit) => claimDeadlinePushes(this.db, now, gameweekId, after, limit),
      (r) => {
        const t = pushTexts(r.language);
        const left = Math.max(60, Math.floor((new Date(r.deadline).getTime() - now.getTime()) / 1000));
        return {
          payload: {
            kind: PUSH_KIND.deadline,
            title: clip(t.deadline.title({ number: r.gameweek_number, name: r.gameweek_name }), 80),
            body: t.deadline.body(r.predicted, r.total),
            url: '/prediction',
            tag: `deadline:${r.subject_key}`,
          },
          // Worthless after the deadline: the push service may drop it then.
          hints: { ttlSeconds: left, urgency: 'high', topic: `deadline-${r.subject_key}` },
        };
      },
    );
  }

  private goal(fixtureId: number): Promise<DeliveryTally> {
    return this.send(
      PUSH_KIND.goal,
      (after, limit) => claimGoalPushes(this.db, fixtureId, after, limit),
      (r) => {
        const t = pushTexts(r.language);
        return {
          payload: {
            kind: PUSH_KIND.goal,
            title: clip(t.goal.title(r.home_team, r.home_score, r.away_score, r.away_team), 80),
            body: t.goal.body(scoreText(r.predicted_home, r.predicted_away), t.points(r.points)),
            url: '/dashboard',
            // One notification per match on screen: the next goal replaces it.
            tag: `goal:${r.fixture_id}`,
          },
          // A goal is news for minutes; a newer one replaces it at the push service (topic).
          hints: { ttlSeconds: 15 * 60, urgency: 'high', topic: `goal-${r.fixture_id}` },
        };
      },
    );
  }

  /** The gameweek is over for good: points and the move in the global rank. */
  private gameweekFinal(gameweekId: number, moves: UserRanks): Promise<DeliveryTally> {
    return this.send(
      PUSH_KIND.gameweekFinal,
      (after, limit) => claimGameweekFinalPushes(this.db, gameweekId, after, limit),
      (r) => {
        const t = pushTexts(r.language);
        const move = moves.moveOf(r.user_id);
        return {
          payload: {
            kind: PUSH_KIND.gameweekFinal,
            title: clip(t.gameweekFinal.title({ number: r.gameweek_number, name: r.gameweek_name }), 80),
            body: t.gameweekFinal.body(t.points(r.points), move?.rank ?? null, move?.before ?? null),
            url: '/gameweeks-history',
            tag: `final:${r.subject_key}`,
          },
          hints: { ttlSeconds: 2 * DAY, urgency: 'normal' },
        };
      },
    );
  }
}
