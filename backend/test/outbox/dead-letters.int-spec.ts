import { getQueueToken } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import type { AuditEntry, ConsoleHealth, OutboxDeadLetter } from '@scoreline/contracts/api/console';
import { OutboxRelayService } from '@scoreline/backend/platform/outbox/outbox-relay.service';
import { StandingsProcessor } from '@scoreline/backend/standings/standings.processor';
import { expectErrorShape } from '../api/api-helpers';
import { grantAdminRole, insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/** The bound of this suite (read when the apps are created): small, so a delivery dies in 1 + 2 s of BullMQ backoff. */
const MAX_ATTEMPTS = 3;
const previousMaxAttempts = process.env.OUTBOX_MAX_ATTEMPTS;
/** Longer than the sweeper's interval (5 s). */
const PAST_A_SWEEP_MS = 6_000;

/** The value of one sample in Prometheus text; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => labelText.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/**
 * An event whose consumer keeps failing is retried a bounded number of times (OUTBOX_MAX_ATTEMPTS,
 * counted per event and consumer in Postgres) and then becomes a dead letter: owed no more, so
 * neither BullMQ nor the sweeper runs it again; it is listed for operators, counted in the metrics,
 * and an operator's replay hands it to the consumer once more, once, audited. The consumer is the
 * app's own standings processor, whose work fails for the events this suite marks.
 */
describe('outbox dead letters', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let fan: FastUser;
  let standingsQueue: Queue;
  let relay: OutboxRelayService;
  /** Calls of the standings consumer's work, per event id of this suite. */
  const calls = new Map<number, number>();
  /** This suite's events whose work fails, with the error it fails with. */
  const failing = new Map<number, string>();
  let warn: jest.SpyInstance;

  beforeAll(async () => {
    process.env.OUTBOX_MAX_ATTEMPTS = String(MAX_ATTEMPTS);
    sys = await startTestSystem();
    [admin, fan] = await insertVerifiedUsers(sys, 2, 'deadletter');
    await grantAdminRole(sys, admin.id);
    standingsQueue = sys.workers.get<Queue>(getQueueToken('standings'));
    relay = sys.workers.get(OutboxRelayService);
    // The app's standings consumer, its work failing for the events this suite marks (counted for
    // this suite's events only; any other job runs as ever).
    const consumer = sys.workers.get(StandingsProcessor) as unknown as { handle: (job: Job) => Promise<unknown> };
    const work = consumer.handle.bind(consumer);
    consumer.handle = async (job: Job) => {
      const eventId = (job.data as { id?: number }).id;
      if (job.name === 'bonus.settled' && typeof eventId === 'number' && calls.has(eventId)) {
        calls.set(eventId, calls.get(eventId)! + 1);
        const error = failing.get(eventId);
        if (error !== undefined) throw new Error(error);
      }
      return work(job);
    };
    // The dead letters' warn lines are what this suite provokes (and checks).
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  }, 60_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await sys?.close();
    if (previousMaxAttempts === undefined) delete process.env.OUTBOX_MAX_ATTEMPTS;
    else process.env.OUTBOX_MAX_ATTEMPTS = previousMaxAttempts;
  });

  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /**
   * A `bonus.settled` (routed to the standings consumer alone) of a season that does not exist: its
   * real work finds nothing to do. Marked for the wrapped consumer before it commits, so before the
   * relay can hand it over.
   */
  async function publishEvent(failWith: string): Promise<number> {
    return sys.db.transaction(async (tx) => {
      const [{ id }]: { id: string }[] = await tx.query(
        `INSERT INTO outbox_events (name, payload) VALUES ('bonus.settled', '{"seasonId": 2147483000, "leagueId": null}') RETURNING id`,
      );
      await tx.query(`SELECT pg_notify('outbox_event', '')`);
      calls.set(Number(id), 0);
      failing.set(Number(id), failWith);
      return Number(id);
    });
  }

  const failure = async (eventId: number): Promise<{ id: string; attempts: number; dead: boolean } | undefined> =>
    (
      await sys.db.query(`SELECT id, attempts, dead_at IS NOT NULL AS dead FROM outbox_failed_deliveries WHERE event_id = $1 AND queue = 'standings'`, [
        eventId,
      ])
    )[0];

  const pendingQueues = async (eventId: number): Promise<string[]> =>
    (await sys.db.query(`SELECT pending_queues FROM outbox_events WHERE id = $1`, [eventId]))[0].pending_queues;

  const deadLetters = async (user: FastUser = admin): Promise<OutboxDeadLetter[]> =>
    (await sys.http.get('/api/admin/outbox/dead-letters/').set(user.auth).expect(200)).body.data;

  const replay = (id: number | string, user: FastUser = admin) => sys.http.post(`/api/admin/outbox/dead-letters/${id}/replay`).set(user.auth).send({});

  const scrape = async (): Promise<string> => (await sys.metrics.get('/metrics').expect(200)).text;

  const replayAudits = async (eventId: number): Promise<AuditEntry[]> =>
    ((await sys.http.get('/api/admin/audit/?limit=200').set(admin.auth).expect(200)).body.data as AuditEntry[]).filter(
      (e) => e.action === 'outbox.replay' && e.target.startsWith(`Outbox event ${eventId} `),
    );

  const deadCount = async (): Promise<number> =>
    (await sys.db.query(`SELECT count(*)::int AS n FROM outbox_failed_deliveries WHERE dead_at IS NOT NULL`))[0].n;

  /** Publish an event whose consumer always fails, and wait until it is a dead letter. */
  async function deadEvent(error: string): Promise<{ eventId: number; letterId: number }> {
    const eventId = await publishEvent(error);
    const dead = await until('the delivery dies', () => failure(eventId), (f) => f?.dead === true);
    return { eventId, letterId: Number(dead!.id) };
  }

  it('stops after exactly OUTBOX_MAX_ATTEMPTS failed attempts, lists it and counts it, and no one retries it, the sweeper included', async () => {
    const before = await scrape();
    const counted = (text: string) => sample(text, 'scoreline_outbox_dead_letters_total', { event: 'bonus.settled', consumer: 'standings' }) ?? 0;

    const { eventId, letterId } = await deadEvent('standings store refused the bonus (simulated)');
    expect(calls.get(eventId)).toBe(MAX_ATTEMPTS);
    expect(await failure(eventId)).toEqual({ id: String(letterId), attempts: MAX_ATTEMPTS, dead: true });
    // Said once, with the event, its consumer and the last error.
    const said = warn.mock.calls.map(([message]) => String(message)).filter((m) => m.startsWith(`outbox event ${eventId} `));
    expect(said).toEqual([
      `outbox event ${eventId} (bonus.settled) is a dead letter at standings after ${MAX_ATTEMPTS} failed attempts; last error: standings store refused the bonus (simulated)`,
    ]);
    // Owed no more, and BullMQ gave the job up at once (it had 8 attempts to spend).
    expect(await pendingQueues(eventId)).toEqual([]);
    await until('BullMQ fails the job', () => standingsQueue.getJobState(`evt-${eventId}`), (state) => state === 'failed');

    const listed = (await deadLetters()).find((d) => d.id === letterId);
    expect(listed).toEqual({
      id: letterId,
      event_id: eventId,
      event: 'bonus.settled',
      consumer: 'standings',
      attempts: MAX_ATTEMPTS,
      last_error: 'standings store refused the bonus (simulated)',
      event_created_at: expect.any(String),
      first_failed_at: expect.any(String),
      dead_at: expect.any(String),
      replayed_at: null,
    });
    const health: ConsoleHealth = (await sys.http.get('/api/admin/health/').set(admin.auth).expect(200)).body.data;
    expect(health.outbox.dead_letters).toBeGreaterThanOrEqual(1);
    expect(health.outbox.failing.map((e) => e.id)).not.toContain(eventId);

    const after = await scrape();
    expect(counted(after)).toBe(counted(before) + 1);
    expect(sample(after, 'scoreline_outbox_dead_letters_current')).toBe(await deadCount());

    // As if handed out long ago: the sweeper would retry a failed job of an owed event now.
    await sys.db.query(`UPDATE outbox_events SET dispatched_at = now() - interval '1 minute' WHERE id = $1`, [eventId]);
    await relay.sweep();
    await sleep(PAST_A_SWEEP_MS);
    expect(calls.get(eventId)).toBe(MAX_ATTEMPTS);
    expect(await standingsQueue.getJobState(`evt-${eventId}`)).toBe('failed');
    expect((await failure(eventId))?.dead).toBe(true);
  });

  it('counts attempts across a job Redis lost and the sweeper handed out again', async () => {
    const eventId = await publishEvent('still refused (simulated)');
    await until('the first failed attempt', () => failure(eventId), (f) => f?.attempts === 1);
    // Redis loses the job while it waits out its backoff: BullMQ's own count starts again with the sweeper's new job.
    await until(
      'the job lost',
      async () => {
        const job = await standingsQueue.getJob(`evt-${eventId}`);
        if ((await job?.getState()) !== 'delayed') return false;
        return job!.remove().then(
          () => true,
          () => false,
        );
      },
      (removed) => removed,
    );
    await sys.db.query(`UPDATE outbox_events SET dispatched_at = now() - interval '1 minute' WHERE id = $1`, [eventId]);
    // Now, or at its own next pass (every 5 s) if that came first.
    await relay.sweep();
    await until('the delivery dies', () => failure(eventId), (f) => f?.dead === true);
    expect(calls.get(eventId)).toBe(MAX_ATTEMPTS);
    expect((await failure(eventId))?.attempts).toBe(MAX_ATTEMPTS);
  });

  it('replays a dead letter by hand: back to pending with its attempts reset, delivered once to the consumer that now succeeds, audited', async () => {
    const { eventId, letterId } = await deadEvent('refused until the fix (simulated)');
    failing.delete(eventId); // the consumer is fixed

    const res = await replay(letterId).expect(200);
    expect(res.body.message).toBe('Replayed: the event is handed to its consumer again.');
    expect((res.body.data as OutboxDeadLetter[]).map((d) => d.id)).not.toContain(letterId);

    // Delivered: settled at the consumer, its failures forgotten.
    await until('the replay delivered', async () => ({ failure: await failure(eventId), owed: await pendingQueues(eventId) }), (s) => s.failure === undefined && s.owed.length === 0);
    expect(calls.get(eventId)).toBe(MAX_ATTEMPTS + 1);
    await until('BullMQ completes the job', () => standingsQueue.getJobState(`evt-${eventId}`), (state) => state === 'completed');
    expect((await deadLetters()).map((d) => d.id)).not.toContain(letterId);

    const [audit, ...more] = await replayAudits(eventId);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actor: { id: admin.id },
      action: 'outbox.replay',
      target: `Outbox event ${eventId} (bonus.settled) at standings`,
      before: { dead_at: expect.any(String), attempts: MAX_ATTEMPTS, last_error: 'refused until the fix (simulated)' },
      after: { dead_at: null, attempts: 0, job: 'retried' },
    });

    // Delivered once: nothing runs it again, the sweeper included.
    await sleep(PAST_A_SWEEP_MS);
    expect(calls.get(eventId)).toBe(MAX_ATTEMPTS + 1);
    // A second replay finds nothing to replay.
    expectErrorShape(await replay(letterId).expect(404), 404);
  });

  it('hands a dead letter over once when two replays come at the same instant', async () => {
    const { eventId, letterId } = await deadEvent('refused again (simulated)');
    failing.delete(eventId);

    const answers = await Promise.all([replay(letterId), replay(letterId)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    // The second waited for the first's lock: the letter is alive again (409), or already delivered and gone (404).
    expect([404, 409]).toContain(statuses[1]);
    expectErrorShape(answers.find((a) => a.status !== 200)!, statuses[1]);

    await until('the replay delivered', () => failure(eventId), (f) => f === undefined);
    await sleep(PAST_A_SWEEP_MS);
    expect(calls.get(eventId)).toBe(MAX_ATTEMPTS + 1);
    expect(await replayAudits(eventId)).toHaveLength(1);
  });

  it('dies again after the bound when the replayed consumer still fails, and says it was replayed', async () => {
    const { eventId, letterId } = await deadEvent('broken for good (simulated)');
    await replay(letterId).expect(200);
    await until('the delivery dies again', () => failure(eventId), (f) => f?.dead === true);
    expect(calls.get(eventId)).toBe(2 * MAX_ATTEMPTS);
    const listed = (await deadLetters()).find((d) => d.id === letterId);
    expect(listed).toMatchObject({ attempts: MAX_ATTEMPTS, replayed_at: expect.any(String), last_error: 'broken for good (simulated)' });
  });

  it('refuses a malformed id with 400 and an unknown one with 404, and hides both calls from non-admins (404)', async () => {
    for (const junk of ['abc', '0', '-1', '1.5', '1e3', '01', '9'.repeat(16)]) {
      const res = await replay(junk);
      expect({ junk, status: res.status }).toEqual({ junk, status: 400 });
      expectErrorShape(res, 400);
      expect(res.body.errors).toEqual({ id: ["id must be a dead letter's id: a whole number from 1."] });
    }
    const unknown = await replay(999_999_999).expect(404);
    expect(unknown.body.message).toBe('No dead letter has id 999999999.');

    const { eventId, letterId } = await deadEvent('hidden from fans (simulated)');
    const listAsFan = await sys.http.get('/api/admin/outbox/dead-letters/').set(fan.auth);
    expect({ status: listAsFan.status, body: listAsFan.body }).toEqual({ status: 404, body: { message: 'Not found.' } });
    const replayAsFan = await replay(letterId, fan);
    expect({ status: replayAsFan.status, body: replayAsFan.body }).toEqual({ status: 404, body: { message: 'Not found.' } });
    expect((await failure(eventId))?.dead).toBe(true);
    expect(await replayAudits(eventId)).toEqual([]);
  });
});
