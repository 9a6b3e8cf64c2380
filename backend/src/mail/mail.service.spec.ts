import { Logger } from '@nestjs/common';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppEnv } from '../platform/config/env';
import { MailService, type OutgoingMail } from './mail.service';

const mail: OutgoingMail = {
  to: 'fan@example.com',
  subject: 'Your Scoreline password reset code: 482913',
  text: 'Hi Fan,\n\n    482913\n',
  html: '<p>482913</p>',
};

describe('MailService without SMTP_URL', () => {
  let dataDir: string;
  let logged: string[];

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mail-spec-'));
    logged = [];
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const) {
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    }
  });

  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const service = (nodeEnv: AppEnv['nodeEnv']) =>
    new MailService({ nodeEnv, smtpUrl: null, dataDir, mailFrom: 'Scoreline <no-reply@scoreline.local>' } as AppEnv);

  it('in production writes the code nowhere: one warning without address or body, no .eml file', async () => {
    await service('production').send(mail);
    expect(logged).toContain('Mail to [redacted] not sent: no SMTP_URL');
    expect(logged.join('\n')).not.toMatch(/482913|fan@example\.com/);
    expect(existsSync(join(dataDir, 'mail'))).toBe(false);
  });

  it('in production says at start that emails are not sent', () => {
    service('production');
    expect(logged).toEqual([expect.stringContaining('without SMTP_URL: emails')]);
  });

  it('in development prints the mail with its code and keeps it as .eml (the quick start signs up with it)', async () => {
    await service('development').send(mail);
    expect(logged.join('\n')).toContain('482913');
    expect(readdirSync(join(dataDir, 'mail'))).toEqual([expect.stringMatching(/fan@example\.com\.eml$/)]);
  });
});
