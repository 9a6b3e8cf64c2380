import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CORE_IMPORTS } from '@scoreline/backend/app.module';
import { ActivityModule } from '@scoreline/backend/activity/activity.module';
import { ActivityProcessor } from '@scoreline/backend/activity/activity.processor';
import { FeedModule } from '@scoreline/backend/feed/feed.module';
import { FeedPollerScheduler } from '@scoreline/backend/feed/feed-poller.scheduler';
import { LivePublisherModule } from '@scoreline/backend/live/live-publisher.module';
import { LiveProcessor } from '@scoreline/backend/live/live.processor';
import { MailModule } from '@scoreline/backend/mail/mail.module';
import { MailProcessor } from '@scoreline/backend/mail/mail.processor';
import { NotificationsModule } from '@scoreline/backend/notifications/notifications.module';
import { NotificationsProcessor } from '@scoreline/backend/notifications/notifications.processor';
import { PushModule } from '@scoreline/backend/push/push.module';
import { PushChannel } from '@scoreline/backend/push/push.channel';
import { OutboxRelayService } from '@scoreline/backend/platform/outbox/outbox-relay.service';
import { CrowdScheduler } from '@scoreline/backend/picks/crowd.scheduler';
import { PicksModule } from '@scoreline/backend/picks/picks.module';
import { JobMetricsRecorder } from '@scoreline/backend/platform/queue/job-metrics.recorder';
import { QueueModule } from '@scoreline/backend/platform/queue/queue.module';
import { WorkerOutages } from '@scoreline/backend/platform/queue/worker-outages';
import { ReconcileModule } from '@scoreline/backend/reconcile/reconcile.module';
import { ReconcileScheduler } from '@scoreline/backend/reconcile/reconcile.scheduler';
import { ScoringModule } from '@scoreline/backend/scoring/scoring.module';
import { ResultRecordedProcessor } from '@scoreline/backend/scoring/result-recorded.processor';
import { StandingsJobsModule } from '@scoreline/backend/standings/standings-jobs.module';
import { StandingsProcessor } from '@scoreline/backend/standings/standings.processor';

/**
 * The worker process: the backend's own domain services, plus the outbox relay, the thin BullMQ
 * processors that hand each event to them and the schedulers' timers. Each processor and scheduler
 * lives beside its domain in backend/src/<domain>/, but is registered here only: a domain module
 * the API imports never provides one, so the API process starts no BullMQ worker. The notification
 * pipeline's channels of other domains (the web push) are wired in here too.
 */
@Module({
  imports: [...CORE_IMPORTS, DiscoveryModule, QueueModule, MailModule, LivePublisherModule, ScoringModule, StandingsJobsModule, ActivityModule, NotificationsModule.withChannels({ imports: [PushModule], channels: [PushChannel] }), ReconcileModule, PicksModule, FeedModule],
  providers: [OutboxRelayService, MailProcessor, NotificationsProcessor, LiveProcessor, ResultRecordedProcessor, StandingsProcessor, ActivityProcessor, JobMetricsRecorder, WorkerOutages, ReconcileScheduler, CrowdScheduler, FeedPollerScheduler],
})
export class WorkersModule {}
