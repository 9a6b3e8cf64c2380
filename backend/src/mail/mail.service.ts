import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { DeliveryCountsService } from '../delivery-counts/delivery-counts.service';
import { isDeliverableAddress } from './deliverable-address';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * How long a mail may wait on the SMTP server (ms; SMTP_URL's own `?greetingTimeout=` etc. win).
 * nodemailer's defaults are 2 min to connect, 30 s for the greeting and 10 min of silence: a server
 * that accepts and stalls held a job that long, and the notification jobs (goal pushes among them)
 * share four slots. A failed mail's job retries.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * Sends mail over SMTP_URL, or — with no SMTP server configured — writes it to the log and
 * to `.data/mail/*.eml`, so a local first start needs nothing installed. Never so in production:
 * there a mail without SMTP_URL is dropped with a warning that carries neither address nor body
 * (the body may hold a sign-in or reset code). Each email sent or failed is counted
 * (`delivery_counts`, for the console); one never attempted (a reserved address, no SMTP in
 * production) is neither.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;

  constructor(
    @Inject(APP_ENV) private readonly env: AppEnv,
    // Absent where a MailService is made by hand (a unit test): nothing is counted there.
    @Optional() private readonly counts?: DeliveryCountsService,
  ) {
    this.transport = env.smtpUrl
      ? nodemailer.createTransport({ url: env.smtpUrl, ...SMTP_TIMEOUTS })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    if (this.suppressed) this.logger.warn('NODE_ENV=production without SMTP_URL: emails (sign-up and reset codes among them) are not sent');
  }

  /** Production without an SMTP server: nothing is written anywhere (the dev log and .eml files would hold live codes). */
  private get suppressed(): boolean {
    return this.env.smtpUrl === null && this.env.nodeEnv === 'production';
  }

  async send(mail: OutgoingMail): Promise<void> {
    // Demo fans' addresses are at a reserved domain that never resolves: nothing is attempted.
    if (!isDeliverableAddress(mail.to)) {
      this.logger.debug(`Mail to ${mail.to} not sent: reserved, undeliverable domain`);
      return;
    }
    if (this.suppressed) {
      this.logger.warn('Mail to [redacted] not sent: no SMTP_URL');
      return;
    }
    let info: unknown;
    try {
      info = await this.transport.sendMail({ from: this.env.mailFrom, ...mail });
    } catch (error) {
      await this.counts?.record('mail', { failed: 1 });
      throw error;
    }
    await this.counts?.record('mail', { sent: 1 });
    if (this.env.smtpUrl) return;
    const dir = join(this.env.dataDir, 'mail');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${Date.now()}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
    writeFileSync(file, (info as { message: Buffer }).message);
    this.logger.log(`Mail to ${mail.to} (no SMTP_URL, saved to ${file}): ${mail.subject}\n${mail.text}`);
  }
}
