import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
  subject: string;
}

/** A real SMTP server in the test process that keeps every message it receives. */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  private readonly server: SMTPServer;
  private waiters: (() => void)[] = [];

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
          this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, subject });
          this.waiters.splice(0).forEach((w) => w());
          callback();
        });
      },
    });
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  mailsTo(email: string): CapturedMail[] {
    return this.messages.filter((m) => m.to.includes(email.toLowerCase()));
  }

  /** Wait for the n-th mail to this address (1-based) and return the 6-digit code in it. */
  async waitForCode(email: string, nth = 1, timeoutMs = 15000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (this.mailsTo(email).length < nth) {
      if (Date.now() > deadline) throw new Error(`No mail #${nth} to ${email} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    const mail = this.mailsTo(email)[nth - 1];
    const code = /code: (\d{6})/.exec(mail.subject)?.[1];
    if (!code) throw new Error(`Mail to ${email} carries no code: ${mail.subject}`);
    return code;
  }
}
