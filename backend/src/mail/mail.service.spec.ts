import { Logger } from '@nestjs/common';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppEnv } from '../platform/config/env';
import { MailService, SMTP_TIMEOUTS, type OutgoingMail } from './mail.service';

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

describe('MailService with an SMTP server that accepts and never answers', () => {
  /** A loopback server that takes the connection and stays silent: how long a send waits on it, and why it gave up. */
  async function sendToSilentServer(query = ''): Promise<{ error: Error | null; waited: number; connections: number }> {
    const sockets: Socket[] = [];
    const server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const service = new MailService({ nodeEnv: 'production', smtpUrl: `smtp://127.0.0.1:${port}${query}`, dataDir: tmpdir(), mailFrom: 'Scoreline <no-reply@scoreline.local>' } as AppEnv);
      const started = Date.now();
      const error = await service.send(mail).then(
        () => null,
        (e: Error) => e,
      );
      return { error, waited: Date.now() - started, connections: sockets.length };
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('gives up after its greeting timeout instead of nodemailer’s minutes, and says why', async () => {
    const { error, waited, connections } = await sendToSilentServer();
    expect(error?.message).toMatch(/greeting/i);
    expect(connections).toBe(1);
    expect(waited).toBeGreaterThanOrEqual(SMTP_TIMEOUTS.greetingTimeout - 100);
    expect(waited).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout + 5_000);
  }, 30_000);

  it("lets SMTP_URL's own timeouts win over these", async () => {
    const { error, waited } = await sendToSilentServer('?greetingTimeout=300');
    expect(error?.message).toMatch(/greeting/i);
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout - 5_000);
  });
});
