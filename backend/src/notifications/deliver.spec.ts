import type { DataSource } from 'typeorm';
import type { OutgoingMail } from '../mail/mail.service';
import { deliverInBatches, type Candidate } from './deliver';

interface Row extends Candidate {
  email: string;
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
      rows.push({ user_id: id, subject_key: 'k', claimed: true, language: 'en', timezone: 'local', email: `u${id}@example.com` });
    }
    return rows;
  };
  return { claim, calls };
}

const compose = (r: Row): OutgoingMail => ({ to: r.email, subject: 's', text: 't', html: 'h' });

describe('deliverInBatches', () => {
  it('sends to every claimed row, batch after batch by user id, and skips rows claimed elsewhere', async () => {
    const delivered = new Set<number>([3]);
    const { claim, calls } = fakeClaim(7, delivered);
    const sent: string[] = [];
    const db = { query: jest.fn() } as unknown as DataSource;
    const count = await deliverInBatches({
      db,
      kind: 'x',
      claim: async (after, limit) => {
        const rows = await claim(after, limit);
        // A concurrent run got user 5's row first: candidate, but not claimed here.
        return rows.map((r) => (r.user_id === 5 ? { ...r, claimed: false } : r));
      },
      compose,
      send: async (m) => void sent.push(m.to),
      batchSize: 2,
    });
    expect(count).toBe(5);
    expect(sent.sort()).toEqual(['u1@example.com', 'u2@example.com', 'u4@example.com', 'u6@example.com', 'u7@example.com']);
    expect(calls).toEqual([0, 2, 5, 7]);
    expect(db.query).not.toHaveBeenCalled();
  });

  it('releases the claims it could not send and throws, so the retry sends exactly those', async () => {
    const { claim } = fakeClaim(4, new Set());
    const db = { query: jest.fn().mockResolvedValue([]) } as unknown as DataSource;
    const sent: string[] = [];
    await expect(
      deliverInBatches({
        db,
        kind: 'weekly_digest',
        claim,
        compose,
        send: async (m) => {
          if (m.to === 'u2@example.com') throw new Error('SMTP down');
          sent.push(m.to);
        },
        concurrency: 1,
      }),
    ).rejects.toThrow('SMTP down');
    expect(sent).toEqual(['u1@example.com']);
    expect(db.query).toHaveBeenCalledTimes(1);
    const [sql, params] = (db.query as jest.Mock).mock.calls[0];
    expect(sql).toContain('DELETE FROM notification_deliveries');
    expect(params).toEqual(['weekly_digest', [2, 3, 4], ['k', 'k', 'k']]);
  });
});
