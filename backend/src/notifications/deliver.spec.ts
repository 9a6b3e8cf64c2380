import { deliverInBatches, type BatchOutcome, type ChannelSender, type ClaimedRow, type SendOutcome } from './deliver';

interface Row extends ClaimedRow {
  to: string;
}

/** An in-memory claim: users 1..n, of which `delivered` already have their row. */
function fakeClaim(n: number, delivered: Set<number>) {
  const calls: number[] = [];
  const claim = async (after: number, limit: number): Promise<Row[]> => {
    calls.push(after);
    const rows: Row[] = [];
    for (let id = after + 1; id <= n && rows.length < limit; id++) {
      if (delivered.has(id)) continue;
      delivered.add(id);
      rows.push({ user_id: id, subject_key: 'k', claimed: true, language: 'en', to: `u${id}@example.com` });
    }
    return rows;
  };
  return { claim, calls };
}

const compose = (r: Row): string => r.to;

/** A sender as a channel makes it; `send` decides each outcome, every release and batch is recorded. */
function fakeSender(send: (row: Row, message: string) => Promise<SendOutcome>, options: Partial<ChannelSender<Row, string>> = {}) {
  const released: { kind: string; users: number[] }[] = [];
  const batches: BatchOutcome<Row>[] = [];
  const sender: ChannelSender<Row, string> = {
    channel: 'email',
    batchSize: 500,
    lanes: 4,
    prefetch: false,
    stopOnFirstError: true,
    cursor: (row) => row.user_id,
    send,
    release: async (kind, rows) => void released.push({ kind, users: rows.map((r) => r.user_id) }),
    afterBatch: async (batch) => void batches.push(batch),
    ...options,
  };
  return { sender, released, batches };
}

describe('deliverInBatches (the one delivery loop of every channel)', () => {
  it('sends to every claimed row, batch after batch by the cursor, and skips rows claimed elsewhere', async () => {
    const { claim, calls } = fakeClaim(7, new Set<number>([3]));
    const sent: string[] = [];
    const { sender, released } = fakeSender(async (_row, m) => (sent.push(m), 'sent'), { batchSize: 2 });
    const tally = await deliverInBatches(
      'x',
      async (after, limit) => {
        const rows = await claim(after, limit);
        // A concurrent run got user 5's row first: candidate, but not claimed here.
        return rows.map((r) => (r.user_id === 5 ? { ...r, claimed: false } : r));
      },
      compose,
      sender,
    );
    expect(tally).toEqual({ sent: 5, gone: 0, refused: 0 });
    expect(sent.sort()).toEqual(['u1@example.com', 'u2@example.com', 'u4@example.com', 'u6@example.com', 'u7@example.com']);
    expect(calls).toEqual([0, 2, 5, 7]);
    expect(released).toEqual([]);
  });

  it('stops at the first failure when the sender says so, releases the claims it did not send and throws, so the retry sends exactly those', async () => {
    const { claim } = fakeClaim(4, new Set());
    const sent: string[] = [];
    const { sender, released, batches } = fakeSender(
      async (_row, m) => {
        if (m === 'u2@example.com') throw new Error('SMTP down');
        sent.push(m);
        return 'sent';
      },
      { lanes: 1 },
    );
    await expect(deliverInBatches('weekly_digest', claim, compose, sender)).rejects.toThrow('SMTP down');
    expect(sent).toEqual(['u1@example.com']);
    expect(released).toEqual([{ kind: 'weekly_digest', users: [2, 3, 4] }]);
    expect(batches.map((b) => [b.sent.length, b.failed.length])).toEqual([[1, 1]]);
  });

  it('otherwise sends the whole batch, keeps refused and gone claims, and releases the failed ones with the batch claimed ahead', async () => {
    const { claim, calls } = fakeClaim(5, new Set());
    const { sender, released, batches } = fakeSender(
      async (row) => {
        if (row.user_id === 1) return 'gone';
        if (row.user_id === 2) return { refused: 'a private address' };
        if (row.user_id === 3) throw new Error('push service answered 503');
        return 'sent';
      },
      { channel: 'push', batchSize: 4, lanes: 2, prefetch: true, stopOnFirstError: false },
    );
    await expect(deliverInBatches('goal', claim, compose, sender)).rejects.toThrow('503');
    // The next batch (user 5) was claimed while the first was sent, and is given back.
    expect(calls).toEqual([0, 4]);
    expect(released).toEqual([{ kind: 'goal', users: [3, 5] }]);
    const [batch] = batches;
    expect(batch.sent.map((r) => r.user_id)).toEqual([4]);
    expect(batch.gone.map((r) => r.user_id)).toEqual([1]);
    expect(batch.refused).toEqual([{ row: expect.objectContaining({ user_id: 2 }), reason: 'a private address' }]);
  });

  it('composes every claimed row of a batch as soon as it is claimed (a batch claimed ahead too), before a lane sends it', async () => {
    const { claim } = fakeClaim(6, new Set());
    const events: string[] = [];
    const { sender } = fakeSender(
      async (row) => {
        events.push(`send ${row.user_id}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return 'sent';
      },
      { channel: 'push', batchSize: 3, lanes: 1, prefetch: true, stopOnFirstError: false },
    );
    await deliverInBatches('goal', claim, (r) => (events.push(`compose ${r.user_id}`), r.to), sender);
    // Batch 1 composed before its first send; batch 2 (claimed ahead) composed while batch 1 was sent.
    expect(events.slice(0, 4)).toEqual(['compose 1', 'compose 2', 'compose 3', 'send 1']);
    expect(events.indexOf('compose 6')).toBeLessThan(events.indexOf('send 3'));
    expect(events.filter((e) => e.startsWith('send'))).toEqual(['send 1', 'send 2', 'send 3', 'send 4', 'send 5', 'send 6']);
  });

  it("fails only the row whose message cannot be composed: the others are sent, its claim released for the retry", async () => {
    const { claim } = fakeClaim(3, new Set());
    const sent: number[] = [];
    const { sender, released } = fakeSender(async (row) => (sent.push(row.user_id), 'sent'), { channel: 'push', batchSize: 10, lanes: 2, stopOnFirstError: false });
    const composeBadly = (r: Row): string => {
      if (r.user_id === 2) throw new Error('no text for this language');
      return r.to;
    };
    await expect(deliverInBatches('goal', claim, composeBadly, sender)).rejects.toThrow('no text for this language');
    expect(sent.sort()).toEqual([1, 3]);
    expect(released).toEqual([{ kind: 'goal', users: [2] }]);
  });

  it('adds up what every batch did', async () => {
    const { claim } = fakeClaim(5, new Set());
    const { sender } = fakeSender(async (row) => (row.user_id % 2 === 0 ? 'gone' : 'sent'), { batchSize: 2, prefetch: true, stopOnFirstError: false });
    expect(await deliverInBatches('deadline', claim, compose, sender)).toEqual({ sent: 3, gone: 2, refused: 0 });
  });
});
