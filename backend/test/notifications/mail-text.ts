import type { CapturedMail } from '../support/smtp-capture';

/** RFC 2047 encoded words (as nodemailer writes non-ASCII subjects), adjacent ones joined. */
function decodeWords(s: string): string {
  return s.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

/** The decoded subject and plain-text part of a captured email. */
export function readMail(mail: CapturedMail): { subject: string; text: string } {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const head = raw.slice(0, raw.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
  const subject = decodeWords(/^Subject: (.*)$/im.exec(head)?.[1] ?? '');
  const part = /Content-Type: text\/plain[^\n]*\nContent-Transfer-Encoding: ([^\n]+)\n\n([\s\S]*?)\n--/i.exec(raw);
  if (!part) return { subject, text: '' };
  const [, encoding, body] = part;
  const text = /base64/i.test(encoding)
    ? Buffer.from(body, 'base64').toString('utf8')
    : /quoted-printable/i.test(encoding)
      ? Buffer.from(body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
      : body;
  return { subject, text };
}
