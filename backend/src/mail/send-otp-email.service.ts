import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent } from '@scoreline/contracts/events';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { SentEmailsService } from './sent-emails.service';
import { otpEmail } from './otp-email';

/** Handles `otp.requested`: sends the code once, however often the event is delivered. */
@Injectable()
export class SendOtpEmailService {
  constructor(
    private readonly sentEmails: SentEmailsService,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  async handle(event: DomainEvent<'otp.requested'>): Promise<'sent' | 'already-sent'> {
    const key = `otp:${event.payload.otpId}`;
    return this.sentEmails.sendOnce(key, otpEmail(event.payload, this.env.appUrl));
  }
}
