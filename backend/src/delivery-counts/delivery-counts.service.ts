import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ConsoleHealth } from '@scoreline/contracts/api/console';
import { warnUnlessOutage } from '../platform/common/outage';
import { addDeliveryCounts, selectLastDayCounts, type DeliveryChannel } from './delivery-counts.queries';

/**
 * Emails and pushes sent and failed, counted in Postgres by their senders (MailService,
 * PushChannel) so that every worker's sends add up in one place. A count that cannot be written
 * is only logged: the email or push itself went out (or failed) whatever the count says.
 */
@Injectable()
export class DeliveryCountsService {
  private readonly logger = new Logger(DeliveryCountsService.name);

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async record(channel: DeliveryChannel, outcome: { sent?: number; failed?: number }): Promise<void> {
    const sent = outcome.sent ?? 0;
    const failed = outcome.failed ?? 0;
    if (sent === 0 && failed === 0) return;
    try {
      await addDeliveryCounts(this.db, channel, sent, failed);
    } catch (error) {
      warnUnlessOutage(this.logger, error, `${channel} delivery counts not written (${sent} sent, ${failed} failed): ${(error as Error).message}`);
    }
  }

  /** Sent and failed over about the last 24 hours (the current hour and the 23 before it). */
  async lastDay(): Promise<Pick<ConsoleHealth, 'mail' | 'push'>> {
    const rows = await selectLastDayCounts(this.db);
    const of = (channel: DeliveryChannel) => {
      const row = rows.find((r) => r.channel === channel);
      return { sent: row?.sent ?? 0, failed: row?.failed ?? 0 };
    };
    return { mail: of('mail'), push: of('push') };
  }
}
