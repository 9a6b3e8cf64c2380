import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * An email code on its way to the mail sender, sealed (AES-256-GCM) so that whoever reads the
 * outbox, the queue board or a Redis dump holds nothing they can type into the reset form. The
 * key is derived from JWT_SECRET with HKDF for this purpose only (it opens nothing else, and no
 * other key opens this). A sealed code is bound to its event: moved into another event, or with
 * the recipient's address changed beside it, it does not open.
 */
export interface OtpSealBinding {
  otpId: number;
  userId: number;
  purpose: string;
  email: string;
}

const FORMAT = 'v1';
const HKDF_SALT = 'scoreline';
const HKDF_INFO = 'scoreline otp-mail seal v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const sealKey = (secret: string): Buffer => Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32));
const associatedData = (b: OtpSealBinding): Buffer => Buffer.from(JSON.stringify([b.otpId, b.userId, b.purpose, b.email]));

/** `v1.<iv>.<ciphertext>.<tag>`, each part base64url; a fresh random IV every time. */
export function sealOtpCode(secret: string, code: string, binding: OtpSealBinding): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(binding));
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The code, or null when the seal is damaged, forged, made under another secret or for another event. */
export function unsealOtpCode(secret: string, sealed: string, binding: OtpSealBinding): string | null {
  const [format, iv, body, tag, ...rest] = sealed.split('.');
  if (format !== FORMAT || iv === undefined || body === undefined || tag === undefined || rest.length > 0) return null;
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(binding));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
