import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { DEFAULT_JOB_OPTIONS, QUEUES } from '../outbox/event-routes';
import { QueueDepthsService } from './queue-depths.service';
import { QueueOutages } from './queue-outages';

const queueRegistrations = BullModule.registerQueue(...QUEUES.map((name) => ({ name })));

/** BullMQ on Redis: one queue per consumer, keys under QUEUE_PREFIX. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_ENV],
      useFactory: (env: AppEnv) => ({
        connection: { url: env.redisUrl, maxRetriesPerRequest: null },
        prefix: env.queuePrefix,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      }),
    }),
    queueRegistrations,
  ],
  providers: [QueueOutages, QueueDepthsService],
  exports: [queueRegistrations, QueueDepthsService],
})
export class QueueModule {}
