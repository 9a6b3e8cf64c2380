import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AccountExportPushDevice } from '@scoreline/contracts/api/account';
import type { PushAction } from '@scoreline/contracts/api/push';
import { ApiError } from '../platform/common/api-error';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { JoinRequestsService } from '../leagues/join-requests.service';
import { verifyJoinDecision } from './push-action-token';
import { PushEndpointRefused, vetPushEndpoint } from './push-endpoint-policy';
import { PushHostResolver } from './push-host-resolver';
import { deleteSubscriptionOfUser, selectExportSubscriptions, upsertSubscription, type SubscriptionInput } from './push.queries';

/**
 * The API side of web push: a device subscribes or unsubscribes (Settings → Notifications), and
 * the Approve / Reject buttons of a join-request push decide the request.
 */
@Injectable()
export class PushSubscriptionsService {
  private readonly logger = new Logger(PushSubscriptionsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly requests: JoinRequestsService,
    @Inject(APP_ENV) private readonly env: AppEnv,
    private readonly resolver: PushHostResolver,
  ) {}

  get publicKey(): string {
    return this.env.vapid.publicKey;
  }

  /** Stores the device when its endpoint is a push service the workers may reach (push-endpoint-policy.ts); 400 otherwise. */
  async subscribe(userId: number, subscription: SubscriptionInput): Promise<void> {
    try {
      await vetPushEndpoint(subscription.endpoint, this.env.pushEndpoints, (hostname) => this.resolver.resolve(hostname));
    } catch (error) {
      if (!(error instanceof PushEndpointRefused)) throw error;
      this.logger.warn(`push subscription of user ${userId} refused: ${error.reason}`);
      throw ApiError.field('endpoint', `Endpoint must be the https URL of a push service on the public internet: ${error.reason}.`);
    }
    await this.db.transaction((tx) => upsertSubscription(tx, userId, subscription));
  }

  /** Forgetting a device twice is the same as once. */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await deleteSubscriptionOfUser(this.db, userId, endpoint);
  }

  /** The account export: the user's devices, the push service by its origin only (the endpoint is a capability, not data about them). */
  async exportOf(tx: EntityManager, userId: number): Promise<AccountExportPushDevice[]> {
    return (await selectExportSubscriptions(tx, userId)).map((d) => ({
      device: d.device,
      push_service: new URL(d.endpoint).origin,
      created_at: new Date(d.created_at).toISOString(),
      last_sent_at: d.last_sent_at === null ? null : new Date(d.last_sent_at).toISOString(),
    }));
  }

  /** Approve or reject as the owner the token names: the same rules as the buttons in the app. */
  async act(token: string, action: PushAction): Promise<string> {
    const grant = verifyJoinDecision(this.env.jwtSecret, token);
    if (!grant) throw ApiError.unauthorized('This notification has expired. Open the league to decide.');
    return action === 'approve'
      ? this.requests.approve(grant.leagueId, grant.ownerId, grant.userId)
      : this.requests.reject(grant.leagueId, grant.ownerId, grant.userId);
  }
}
