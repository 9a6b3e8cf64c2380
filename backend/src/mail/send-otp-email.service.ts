import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { DomainEvent } from '@scoreline/contracts/events';
import { unsealOtpCode } from '../auth/sealed-code';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { OutboxService } from '../platform/outbox/outbox.service';
import { SentEmailsService } from './sent-emails.service';
import { otpEmail } from './otp-email';

/**
 * Handles `otp.requested`: sends the code once, however often the event is delivered. The code
 * is opened from its seal only when the email is still to be sent, and the seal is scrubbed from
 * the outbox row once the email is recorded as sent (a re-delivery then answers already-sent).
 */
@Injectable()
export class SendOtpEmailService {
  constructor(
    private readonly sentEmails: SentEmailsService,
    private readonly outbox: OutboxService,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  async handle(event: DomainEvent<'otp.requested'>): Promise<'sent' | 'already-sent'> {
    const { payload } = event;
    const outcome = await this.sentEmails.sendOnce(`otp:${payload.otpId}`, () => {
      const code = payload.sealedCode === null ? null : unsealOtpCode(this.env.jwtSecret, payload.sealedCode, payload);
      // Never an email without its code: scrubbed before it was recorded as sent (cannot happen in
      // order), or sealed under another JWT_SECRET. The fan asks for a new code.
      if (code === null) throw new UnrecoverableError(`the code of otp ${payload.otpId} cannot be opened: not sent`);
      return otpEmail(payload, code, this.env.appUrl);
    });
    await this.outbox.forgetSecret(event, 'sealedCode');
    return outcome;
  }
}
