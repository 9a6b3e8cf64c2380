import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DomainEvent } from '../../../contracts/src/events';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { MailService } from './mail.service';
import { otpEmail } from './otp-email';

/** Handles `otp.requested`: sends the code once, however often the event is delivered. */
@Injectable()
export class SendOtpEmailService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly mail: MailService,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  async handle(event: DomainEvent<'otp.requested'>): Promise<'sent' | 'already-sent'> {
    const key = `otp:${event.payload.otpId}`;
    const done: unknown[] = await this.db.query(`SELECT 1 FROM sent_emails WHERE idempotency_key = $1`, [key]);
    if (done.length > 0) return 'already-sent';
    await this.mail.send(otpEmail(event.payload, this.env.appUrl));
    await this.db.query(
      `INSERT INTO sent_emails (idempotency_key, recipient) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [key, event.payload.email],
    );
    return 'sent';
  }
}
