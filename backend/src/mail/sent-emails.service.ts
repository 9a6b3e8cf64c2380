import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MailService, type OutgoingMail } from './mail.service';

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

  async sendOnce(idempotencyKey: string, mail: OutgoingMail): Promise<'sent' | 'already-sent'> {
    const done: unknown[] = await this.db.query(`SELECT 1 FROM sent_emails WHERE idempotency_key = $1`, [idempotencyKey]);
    if (done.length > 0) return 'already-sent';
    await this.mail.send(mail);
    await this.db.query(`INSERT INTO sent_emails (idempotency_key, recipient) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [idempotencyKey, mail.to]);
    return 'sent';
  }
}
