import { Module } from '@nestjs/common';
import { PushScheduler } from './push.scheduler';
import { PushSender } from './push-sender';
import { PushService } from './push.service';

/** Web push delivery: the service the worker's `push` processor calls, and its repeatable sweep. Imported by the worker. */
@Module({
  providers: [PushService, PushSender, PushScheduler],
  exports: [PushService],
})
export class PushModule {}
