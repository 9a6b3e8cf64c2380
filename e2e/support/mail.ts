import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * With no SMTP_URL the app saves every email under DATA_DIR/mail as an .eml file (as on a
 * developer's first start); the tests read the codes from there.
 */
export async function waitForEmailCode(email: string, nth = 1, timeoutMs = 20_000): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
    } catch {
      /* not created yet */
    }
    const codes = files
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .filter((raw) => new RegExp(`^To: .*${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(raw))
      .map((raw) => /^Subject: .*code: (\d{6})/im.exec(raw)?.[1])
      .filter((c): c is string => Boolean(c));
    if (codes.length >= nth) return codes[nth - 1];
    if (Date.now() > deadline) throw new Error(`No email #${nth} with a code for ${email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

let counter = 0;
export function uniqueFan(prefix = 'fan'): { username: string; email: string; password: string } {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { username: `${prefix}_${tag}`, email: `${prefix}_${tag}@example.com`, password: 'correct-horse-1' };
}
