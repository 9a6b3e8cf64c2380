import { Module } from '@nestjs/common';
import { CORE_IMPORTS } from '../../backend/src/app.module';
import { MailModule } from '../../backend/src/mail/mail.module';
import { OutboxRelayService } from '../../backend/src/outbox/outbox-relay.service';
import { QueueModule } from '../../backend/src/queue/queue.module';
import { MailProcessor } from './mail/mail.processor';

/**
 * The worker process: the backend's own domain services, plus the outbox relay and thin
 * BullMQ processors that hand each event to them.
 */
@Module({
  imports: [...CORE_IMPORTS, QueueModule, MailModule],
  providers: [OutboxRelayService, MailProcessor],
})
export class WorkersModule {}
