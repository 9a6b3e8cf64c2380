import { Processor } from '@nestjs/bullmq';
import { OutboxConsumer } from '../platform/outbox/outbox-consumer';
import { WORKER_OPTIONS } from '../platform/queue/worker-options';
import { Logger } from '@nestjs/common';
import type { QueueJob } from '../platform/outbox/queue-jobs';
import { SendAccountExistsEmailService } from './send-account-exists-email.service';
import { SendOtpEmailService } from './send-otp-email.service';

/** Consumes the `mail` queue: each event name that means an email hands off to its service. */
@Processor('mail', { ...WORKER_OPTIONS, concurrency: 5 })
export class MailProcessor extends OutboxConsumer<'mail'> {
  private readonly logger = new Logger(MailProcessor.name);

  constructor(
    private readonly otpEmails: SendOtpEmailService,
    private readonly accountExistsEmails: SendAccountExistsEmailService,
  ) {
    super();
  }

  protected async handle(job: QueueJob<'mail'>): Promise<string> {
    const name: string = job.data.name;
    switch (job.data.name) {
      case 'otp.requested':
        return this.otpEmails.handle(job.data);
      case 'account.exists':
        return this.accountExistsEmails.handle(job.data);
      default:
        this.logger.warn(`mail queue: no handler for ${name}`);
        return 'ignored';
    }
  }
}
