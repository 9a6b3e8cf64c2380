import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CORE_IMPORTS } from '@scoreline/backend/app.module';
import { MailModule } from '@scoreline/backend/mail/mail.module';
import { OutboxRelayService } from '@scoreline/backend/outbox/outbox-relay.service';
import { QueueModule } from '@scoreline/backend/queue/queue.module';
import { ScoringModule } from '@scoreline/backend/scoring/scoring.module';
import { MailProcessor } from './mail/mail.processor';
import { ActivityModule } from '@scoreline/backend/activity/activity.module';
import { StandingsModule } from '@scoreline/backend/standings/standings.module';
import { ActivityProcessor } from './activity/activity.processor';
import { StandingsProcessor } from './standings/standings.processor';
import { ResultRecordedProcessor } from './scoring/result-recorded.processor';
import { LivePublisherModule } from '@scoreline/backend/live/live-publisher.module';
import { LiveProcessor } from './live/live.processor';
import { NotificationsModule } from '@scoreline/backend/notifications/notifications.module';
import { NotificationsProcessor } from './notifications/notifications.processor';
import { JobMetricsRecorder } from './job-metrics.recorder';
import { WorkerOutages } from './worker-outages';
import { ReconcileModule } from '@scoreline/backend/reconcile/reconcile.module';
import { ReconcileScheduler } from './reconcile/reconcile.scheduler';
import { PicksModule } from '@scoreline/backend/picks/picks.module';
import { CrowdScheduler } from './crowd/crowd.scheduler';
import { PushModule } from '@scoreline/backend/push/push.module';
import { PushProcessor } from './push/push.processor';
import { FeedModule } from '@scoreline/backend/feed/feed.module';
import { FeedPollerScheduler } from './feed/feed-poller.scheduler';

/**
 * The worker process: the backend's own domain services, plus the outbox relay and thin
 * BullMQ processors that hand each event to them.
 */
@Module({
  imports: [...CORE_IMPORTS, DiscoveryModule, QueueModule, MailModule, LivePublisherModule, ScoringModule, StandingsModule, ActivityModule, NotificationsModule, PushModule, ReconcileModule, PicksModule, FeedModule],
  providers: [OutboxRelayService, MailProcessor, NotificationsProcessor, PushProcessor, LiveProcessor, ResultRecordedProcessor, StandingsProcessor, ActivityProcessor, JobMetricsRecorder, WorkerOutages, ReconcileScheduler, CrowdScheduler, FeedPollerScheduler],
})
export class WorkersModule {}
