import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { DeadLettersService } from './dead-letters.service';

/** The outbox's dead letters for the console (list, replay), audited; the queues come from the global QueueModule. */
@Module({
  imports: [AuditModule],
  providers: [DeadLettersService],
  exports: [DeadLettersService],
})
export class DeadLettersModule {}
