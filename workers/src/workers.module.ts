import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CORE_IMPORTS } from '../../backend/src/app.module';
import { MailModule } from '../../backend/src/mail/mail.module';
import { OutboxRelayService } from '../../backend/src/outbox/outbox-relay.service';
import { QueueModule } from '../../backend/src/queue/queue.module';
import { ScoringModule } from '../../backend/src/scoring/scoring.module';
import { MailProcessor } from './mail/mail.processor';
import { ActivityModule } from '../../backend/src/activity/activity.module';
import { StandingsModule } from '../../backend/src/standings/standings.module';
import { ActivityProcessor } from './activity/activity.processor';
import { StandingsProcessor } from './standings/standings.processor';
import { ResultRecordedProcessor } from './scoring/result-recorded.processor';
import { LivePublisherModule } from '../../backend/src/live/live-publisher.module';
import { LiveProcessor } from './live/live.processor';
import { NotificationsModule } from '../../backend/src/notifications/notifications.module';
import { NotificationsProcessor } from './notifications/notifications.processor';
import { JobMetricsRecorder } from './job-metrics.recorder';
import { ReconcileModule } from '../../backend/src/reconcile/reconcile.module';
import { ReconcileScheduler } from './reconcile/reconcile.scheduler';

/**
 * The worker process: the backend's own domain services, plus the outbox relay and thin
 * BullMQ processors that hand each event to them.
 */
@Module({
  imports: [...CORE_IMPORTS, DiscoveryModule, QueueModule, MailModule, LivePublisherModule, ScoringModule, StandingsModule, ActivityModule, NotificationsModule, ReconcileModule],
  providers: [OutboxRelayService, MailProcessor, NotificationsProcessor, LiveProcessor, ResultRecordedProcessor, StandingsProcessor, ActivityProcessor, JobMetricsRecorder, ReconcileScheduler],
})
export class WorkersModule {}
