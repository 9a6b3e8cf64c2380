import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent } from '@scoreline/contracts/events';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { accountExistsEmail } from './account-exists-email';
import { SentEmailsService } from './sent-emails.service';

/** At most one "you already have an account" email per account in this window. */
export const ACCOUNT_EXISTS_EMAIL_WINDOW_MS = 10 * 60_000;

/**
 * Handles `account.exists`. Sign-ups can be repeated by anyone, so the owner's inbox gets at
 * most one such email per window (and a replayed event is not a second one).
 */
@Injectable()
export class SendAccountExistsEmailService {
  constructor(
    private readonly sentEmails: SentEmailsService,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  async handle(event: DomainEvent<'account.exists'>): Promise<'sent' | 'already-sent'> {
    const window = Math.floor(new Date(event.occurredAt).getTime() / ACCOUNT_EXISTS_EMAIL_WINDOW_MS);
    const key = `account-exists:${event.payload.userId}:${window}`;
    return this.sentEmails.sendOnce(key, accountExistsEmail(event.payload, this.env.appUrl));
  }
}
