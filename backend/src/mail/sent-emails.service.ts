import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MailService, type OutgoingMail } from './mail.service';
import { recordSent, wasSent } from './mail.queries';

/**
 * Emails sent at most once per idempotency key (`sent_emails`), so a replayed event is not a
 * second email. The key is recorded after sending: a crash in between may send twice, never
 * zero times (at-least-once, as every event handler).
 */
@Injectable()
export class SentEmailsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly mail: MailService,
  ) {}

  /** `mail` may be a function: it is called only when the email is still to be sent (an OTP's code is opened only then). */
  async sendOnce(idempotencyKey: string, mail: OutgoingMail | (() => OutgoingMail)): Promise<'sent' | 'already-sent'> {
    if (await wasSent(this.db, idempotencyKey)) return 'already-sent';
    const outgoing = typeof mail === 'function' ? mail() : mail;
    await this.mail.send(outgoing);
    await recordSent(this.db, idempotencyKey, outgoing.to);
    return 'sent';
  }
}
