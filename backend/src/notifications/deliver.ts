import type { LanguageSetting, TimezoneSetting } from '@scoreline/contracts/api/preferences';
import type { ChannelName } from './channel';

/**
 * One candidate row of a claim query, of either channel: who, which delivery row, and whether
 * THIS statement inserted it (false: another run already had it).
 */
export interface ClaimedRow {
  user_id: number;
  subject_key: string;
  claimed: boolean;
  /** The reader's language (READER_COLUMNS / DEVICE_COLUMNS). */
  language: LanguageSetting;
}

/** An email's candidate (READER_COLUMNS): the email is written in its reader's language and time zone. */
export interface Candidate extends ClaimedRow {
  timezone: TimezoneSetting;
}

/** Claims the next batch of candidates after the cursor `after` (keyset order: the channel's cursor column). */
export type ClaimBatch<R extends ClaimedRow> = (after: number, limit: number) => Promise<R[]>;

/** A message the sender did not send and never will try again for this claim (e.g. a push endpoint it may not reach). */
export interface Refused {
  refused: string;
}

/** 'gone': the address no longer exists (a push subscription the push service forgot; the sender dropped it). */
export type SendOutcome = 'sent' | 'gone' | Refused;

/** What one delivery did, per channel: the job's return value and the logs. */
export interface DeliveryTally {
  sent: number;
  /** Push subscriptions the push service no longer knows, now deleted. */
  gone: number;
  /**
   * Messages the sender may not send (a push endpoint that is not a public push service, or not
   * one of PUSH_ALLOWED_HOSTS): nothing sent, not retried, the claim and the address kept.
   */
  refused: number;
}

export const emptyTally = (): DeliveryTally => ({ sent: 0, gone: 0, refused: 0 });

export function addTally(into: DeliveryTally, more: DeliveryTally): DeliveryTally {
  into.sent += more.sent;
  into.gone += more.gone;
  into.refused += more.refused;
  return into;
}

/** One batch as the sender's afterBatch sees it. */
export interface BatchOutcome<R extends ClaimedRow> {
  kind: string;
  sent: R[];
  gone: R[];
  refused: { row: R; reason: string }[];
  /** Sends that failed (released, retried by the job). */
  failed: R[];
  firstError: unknown;
}

/**
 * A channel's sender as the one delivery loop calls it: how its candidates are walked, how one
 * message goes out, and how an unsent claim is given back. The email (MailService) and the push
 * (PushSender) are each one of these; what to send to whom is the pipeline's.
 */
export interface ChannelSender<R extends ClaimedRow, M> {
  readonly channel: ChannelName;
  /** Candidates claimed per statement, and sends in flight at once. */
  readonly batchSize: number;
  readonly lanes: number;
  /** Claim the next batch while this one is sent (the lanes do not wait for the database between batches). */
  readonly prefetch: boolean;
  /** Take no further row of the batch once a send failed (an SMTP server that is down fails each one). */
  readonly stopOnFirstError: boolean;
  /** The keyset cursor of a row (the last row's is where the next claim starts). */
  cursor(row: R): number;
  /** Sends one message; throws when it failed (the claim is released, the job retries). */
  send(row: R, message: M): Promise<SendOutcome>;
  /** Deletes the delivery rows of claims not sent, so that the job's retry sends exactly those. */
  release(kind: string, rows: R[]): Promise<void>;
  /** After each batch, before a failure is released and thrown: bookkeeping, counts, logs. */
  afterBatch?(batch: BatchOutcome<R>): Promise<void>;
}

/**
 * The one delivery loop of every notification: claims recipients batch by batch (INSERT … ON
 * CONFLICT DO NOTHING RETURNING in the claim decides who gets the message, so concurrent or
 * repeated runs never send twice) and sends to the claimed ones through a pool of lanes. When a
 * send fails, no further batch is taken, the claims not sent (the failed ones, those of the batch
 * not taken, a batch claimed ahead) are released and the first error is thrown, so the job's
 * retry sends exactly those. A refused message keeps its claim (no retry can help). Only a crash
 * between claim and send loses a message: at most once, as promised.
 */
export async function deliverInBatches<R extends ClaimedRow, M>(kind: string, claim: ClaimBatch<R>, compose: (row: R) => M, sender: ChannelSender<R, M>): Promise<DeliveryTally> {
  const { batchSize } = sender;
  const tally = emptyTally();
  // Each claimed row's message is composed as soon as its batch is claimed (a claimed-ahead batch
  // too), so a sender may start work on it before a lane takes it (the push's encryption runs on
  // other threads). A message that cannot be composed fails its row's send, as before.
  const take = async (after: number) => {
    const rows = await claim(after, batchSize);
    const claimed = rows.filter((r) => r.claimed);
    const messages = claimed.map((row): { message: M } | { error: unknown } => {
      try {
        return { message: compose(row) };
      } catch (error) {
        return { error };
      }
    });
    return { rows, claimed, messages };
  };
  let taken = await take(0);
  for (;;) {
    const { rows, claimed, messages } = taken;
    const more = rows.length >= batchSize;
    const takeNext = () => take(sender.cursor(rows[rows.length - 1]));
    const ahead = more && sender.prefetch ? takeNext() : null;
    // Awaited below; until then a failure must not count as unhandled.
    ahead?.catch(() => undefined);

    const batch: BatchOutcome<R> = { kind, sent: [], gone: [], refused: [], failed: [], firstError: null };
    let next = 0;
    // A small pool: each lane takes the next row until none is left (or one send failed, when the sender says so).
    const lane = async (): Promise<void> => {
      while (next < claimed.length && (batch.firstError === null || !sender.stopOnFirstError)) {
        const i = next++;
        const row = claimed[i];
        try {
          const composed = messages[i];
          if ('error' in composed) throw composed.error;
          const outcome = await sender.send(row, composed.message);
          if (outcome === 'sent') batch.sent.push(row);
          else if (outcome === 'gone') batch.gone.push(row);
          else batch.refused.push({ row, reason: outcome.refused });
        } catch (error) {
          batch.firstError ??= error;
          batch.failed.push(row);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(sender.lanes, claimed.length) }, lane));
    tally.sent += batch.sent.length;
    tally.gone += batch.gone.length;
    tally.refused += batch.refused.length;
    await sender.afterBatch?.(batch);

    if (batch.firstError !== null) {
      const claimedAhead = ahead ? await ahead.then((a) => a.claimed).catch(() => [] as R[]) : [];
      const unsent = [...batch.failed, ...claimed.slice(next), ...claimedAhead];
      if (unsent.length > 0) await sender.release(kind, unsent);
      throw batch.firstError;
    }
    if (!more) return tally;
    taken = await (ahead ?? takeNext());
  }
}
