import type { DataSource } from 'typeorm';
import type { LanguageSetting, TimezoneSetting } from '@scoreline/contracts/api/preferences';
import type { OutgoingMail } from '../mail/mail.service';
import { releaseClaims } from './notification-deliveries.queries';

/**
 * One candidate row of a claim query: who, which delivery row, and whether THIS statement
 * inserted it (false: another run already had it).
 */
export interface Candidate {
  user_id: number;
  subject_key: string;
  claimed: boolean;
  /** The reader's settings (READER_COLUMNS): the email's language and time zone. */
  language: LanguageSetting;
  timezone: TimezoneSetting;
}

/** Claims the next batch of candidates after `afterUserId` (keyset order by user id). */
export type ClaimBatch<R extends Candidate> = (afterUserId: number, limit: number) => Promise<R[]>;

export interface DeliverOptions<R extends Candidate> {
  db: DataSource;
  kind: string;
  claim: ClaimBatch<R>;
  compose: (row: R) => OutgoingMail;
  send: (mail: OutgoingMail) => Promise<void>;
  batchSize?: number;
  /** Mails in flight at once (one SMTP connection each). */
  concurrency?: number;
}

/**
 * Claims recipients batch by batch (INSERT … ON CONFLICT DO NOTHING RETURNING in the claim
 * decides who gets the email, so concurrent or repeated runs never send twice) and sends to
 * the claimed ones. When a send fails, the claims of this batch not yet sent are released and
 * the error is thrown, so the job's retry sends exactly those. Only a crash between claim and
 * send loses an email: at most once, as promised.
 */
export async function deliverInBatches<R extends Candidate>(o: DeliverOptions<R>): Promise<number> {
  const batchSize = o.batchSize ?? 500;
  const concurrency = o.concurrency ?? 4;
  let after = 0;
  let sent = 0;
  for (;;) {
    const rows = await o.claim(after, batchSize);
    const claimed = rows.filter((r) => r.claimed);
    const failed: R[] = [];
    let firstError: unknown = null;
    let next = 0;
    // A small pool: each lane takes the next row until none is left or one send failed.
    const lane = async (): Promise<void> => {
      while (next < claimed.length && firstError === null) {
        const row = claimed[next++];
        try {
          await o.send(o.compose(row));
          sent += 1;
        } catch (error) {
          firstError ??= error;
          failed.push(row);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, lane));
    if (firstError !== null) {
      const unsent = [...failed, ...claimed.slice(next)];
      await releaseClaims(o.db, o.kind, unsent);
      throw firstError;
    }
    if (rows.length < batchSize) return sent;
    after = rows[rows.length - 1].user_id;
  }
}
