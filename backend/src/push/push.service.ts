import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PushPayload } from '@scoreline/contracts/api/push';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { selectOpenGameweeks } from '../notifications/deadline-reminders.queries';
import { DeliveryCountsService } from '../notifications/delivery-counts.service';
import { seasonOfFinalGameweek } from '../notifications/match-results.queries';
import { signJoinDecision } from './push-action-token';
import { PUSH_JOB, PUSH_KIND, type PushCommand } from './push-jobs';
import { PushEndpointRefused } from './push-endpoint-policy';
import { PushSender, type PushDeliveryHints } from './push-sender';
import { clip, pushTexts, scoreText } from './push-texts';
import {
  claimDeadlinePushes,
  claimDecisionPushes,
  claimGameweekFinalPushes,
  claimGoalPushes,
  claimJoinRequestPushes,
  deleteSubscription,
  globalRankMoves,
  markSent,
  releasePushClaims,
  type PushCandidate,
} from './push.queries';

/** Claims the next batch of devices after `afterId` (keyset order by subscription id). */
type ClaimBatch<R extends PushCandidate> = (afterId: number, limit: number) => Promise<R[]>;

/** What one device is sent: the payload in its reader's language and the delivery hints. */
interface Composed {
  payload: PushPayload;
  hints: PushDeliveryHints;
}

/** What a push job did, for the job's return value and the logs. */
export interface PushRunResult {
  sent: number;
  /** Subscriptions the push service no longer knows, now deleted. */
  gone: number;
  /**
   * Devices whose endpoint the sender may not reach (not a public push service, or not one of
   * PUSH_ALLOWED_HOSTS): nothing sent, not retried, the subscription kept (a fixed setting reaches it again).
   */
  refused: number;
}

const DAY = 24 * 3600;

/**
 * The web pushes: each command claims its devices (push.queries.ts) and pushes to the claimed
 * ones, many at once. A device the push service answers 404/410 for is deleted; one whose
 * endpoint the sender refuses (push-endpoint-policy.ts) keeps its claim, so no retry tries it
 * again; any other failure releases the claims not yet pushed and fails the job, whose retry
 * pushes exactly those. Safe to run any number of times: push_deliveries holds one row per device, kind and
 * subject.
 */
@Injectable()
export class PushService {
  private readonly logger = new Logger(PushService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sender: PushSender,
    @Inject(APP_ENV) private readonly env: AppEnv,
    private readonly counts: DeliveryCountsService,
  ) {}

  run(command: PushCommand): Promise<PushRunResult> {
    switch (command.name) {
      case PUSH_JOB.joinRequested:
        return this.joinRequested(command.requestId);
      case PUSH_JOB.requestDecided:
        return this.requestDecided(command.requestId);
      case PUSH_JOB.deadlineReminders:
        return this.deadlineReminders(command.now);
      case PUSH_JOB.goal:
        return this.goal(command.fixtureId);
      case PUSH_JOB.gameweekFinal:
        return this.gameweekFinal(command.gameweekId);
    }
  }

  joinRequested(requestId: number): Promise<PushRunResult> {
    return this.deliver(
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

  requestDecided(requestId: number): Promise<PushRunResult> {
    return this.deliver(
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

  /** One sweep per open gameweek (one per competition), each with its own cursor; the results add up. */
  async deadlineReminders(now: Date): Promise<PushRunResult> {
    const total: PushRunResult = { sent: 0, gone: 0, refused: 0 };
    for (const gameweek of await selectOpenGameweeks(this.db, now)) {
      const result = await this.deadlineRemindersOf(gameweek.id, now);
      total.sent += result.sent;
      total.gone += result.gone;
      total.refused += result.refused;
    }
    return total;
  }

  private deadlineRemindersOf(gameweekId: number, now: Date): Promise<PushRunResult> {
    return this.deliver(
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

  goal(fixtureId: number): Promise<PushRunResult> {
    return this.deliver(
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

  async gameweekFinal(gameweekId: number): Promise<PushRunResult> {
    const seasonId = await seasonOfFinalGameweek(this.db, gameweekId);
    if (seasonId === null) return { sent: 0, gone: 0, refused: 0 };
    const moves = await globalRankMoves(this.db, seasonId, gameweekId);
    return this.deliver(
      PUSH_KIND.gameweekFinal,
      (after, limit) => claimGameweekFinalPushes(this.db, gameweekId, after, limit),
      (r) => {
        const t = pushTexts(r.language);
        const move = moves.get(r.user_id);
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

  /**
   * Claims devices batch by batch and pushes to the claimed ones through a pool of lanes; the
   * next batch is claimed while this one is pushed, so the lanes do not wait for the database
   * between batches. Gone devices are deleted (with their claim); when a push fails otherwise,
   * no further batch is taken, the claims not pushed (this batch's failures and the whole next
   * batch) are released and the first error is thrown after the batch, so one dead push service
   * delays only its own devices' retry.
   */
  private async deliver<R extends PushCandidate>(kind: string, claim: ClaimBatch<R>, compose: (row: R) => Composed, batchSize = 1000, lanes = 64): Promise<PushRunResult> {
    const result: PushRunResult = { sent: 0, gone: 0, refused: 0 };
    let rows = await claim(0, batchSize);
    for (;;) {
      const next = rows.length < batchSize ? null : claim(rows[rows.length - 1].subscription_id, batchSize);
      // Awaited below; until then a failure must not count as unhandled.
      next?.catch(() => undefined);
      const claimed = rows.filter((r) => r.claimed);
      const failed: R[] = [];
      const sentIds: number[] = [];
      const refused: { id: number; reason: string }[] = [];
      let firstError: unknown = null;
      let index = 0;
      const lane = async (): Promise<void> => {
        while (index < claimed.length) {
          const row = claimed[index++];
          try {
            const { payload, hints } = compose(row);
            // The reader's language rides along: the service worker's own texts (after Approve / Reject) follow it.
            const outcome = await this.sender.send(row, { ...payload, language: row.language }, hints);
            if (outcome === 'gone') {
              await deleteSubscription(this.db, row.subscription_id);
              result.gone += 1;
            } else {
              sentIds.push(row.subscription_id);
              result.sent += 1;
            }
          } catch (error) {
            if (error instanceof PushEndpointRefused) {
              refused.push({ id: row.subscription_id, reason: error.reason });
              result.refused += 1;
            } else {
              firstError ??= error;
              failed.push(row);
            }
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(lanes, claimed.length) }, lane));
      await markSent(this.db, sentIds);
      // For the console: a refused endpoint failed too (nothing was sent); a gone device is no failure of ours.
      await this.counts.record('push', { sent: sentIds.length, failed: failed.length + refused.length });
      if (refused.length > 0) {
        const ids = refused.map((r) => r.id);
        const reasons = [...new Set(refused.map((r) => r.reason))];
        this.logger.warn(
          `${kind}: refused ${refused.length} push endpoint(s), nothing sent, not retried (subscription ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ', …' : ''}): ${reasons.slice(0, 5).join('; ')}`,
        );
      }
      if (firstError !== null) {
        const unsent = next ? (await next.catch(() => [] as R[])).filter((r) => r.claimed) : [];
        await releasePushClaims(this.db, kind, [...failed, ...unsent]);
        this.logger.warn(`${kind}: ${failed.length} push(es) failed and will be retried: ${(firstError as Error).message}`);
        throw firstError;
      }
      if (!next) return result;
      rows = await next;
    }
  }
}
