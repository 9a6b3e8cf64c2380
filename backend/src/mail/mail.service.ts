import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { isDeliverableAddress } from './deliverable-address';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail over SMTP_URL, or — with no SMTP server configured — writes it to the log and
 * to `.data/mail/*.eml`, so a local first start needs nothing installed. Never so in production:
 * there a mail without SMTP_URL is dropped with a warning that carries neither address nor body
 * (the body may hold a sign-in or reset code).
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;

  constructor(@Inject(APP_ENV) private readonly env: AppEnv) {
    this.transport = env.smtpUrl
      ? nodemailer.createTransport(env.smtpUrl)
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
    const info = await this.transport.sendMail({ from: this.env.mailFrom, ...mail });
    if (this.env.smtpUrl) return;
    const dir = join(this.env.dataDir, 'mail');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${Date.now()}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
    writeFileSync(file, (info as unknown as { message: Buffer }).message);
    this.logger.log(`Mail to ${mail.to} (no SMTP_URL, saved to ${file}): ${mail.subject}\n${mail.text}`);
  }
}
