import { Injectable } from '@nestjs/common';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { ConsoleHealth } from '@scoreline/contracts/api/console';
import { FixtureAdminService } from '../fixtures/fixture-admin.service';
import { DeliveryCountsService } from '../delivery-counts/delivery-counts.service';
import { OutboxService } from '../platform/outbox/outbox.service';
import { QueueDepthsService } from '../platform/queue/queue-depths.service';
import { QUEUE_BOARD_PATH } from '../platform/request-auth/queue-board-cookie';
import { ReconcileReportsService } from '../reconcile/reconcile-reports.service';

/** Reconciler passes the health page lists. */
const REPORTS_SHOWN = 10;

/**
 * The operator console's reads. Each part is asked of the domain that owns it; everything read
 * here is shared by every process (Postgres, Redis), so any API replica answers the same.
 */
@Injectable()
export class ConsoleService {
  constructor(
    private readonly fixtures: FixtureAdminService,
    private readonly queues: QueueDepthsService,
    private readonly outbox: OutboxService,
    private readonly reconciler: ReconcileReportsService,
    private readonly deliveries: DeliveryCountsService,
  ) {}

  live(): Promise<AdminFixture[]> {
    return this.fixtures.live();
  }

  async health(): Promise<ConsoleHealth> {
    const [queues, outbox, reconciler, { mail, push }] = await Promise.all([
      this.queues.depths(),
      this.outbox.health(),
      this.reconciler.latest(REPORTS_SHOWN),
      this.deliveries.lastDay(),
    ]);
    // The board opens after POST {QUEUE_BOARD_PATH}/session sets its cookie.
    return { queues, queue_board_url: `${QUEUE_BOARD_PATH}/`, outbox, reconciler, mail, push };
  }
}
