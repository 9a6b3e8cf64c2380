import { Queue } from 'bullmq';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { OutboxRelayService } from '@scoreline/backend/platform/outbox/outbox-relay.service';
import { QUEUES } from '@scoreline/backend/platform/outbox/event-routes';
import { closeMetricsServer, createMetricsServer, listenMetricsServer } from '@scoreline/backend/platform/metrics/metrics-server';
import { startHealthServer } from '@scoreline/workers/health-server';
import { fastUser } from '../leagues/league-test-helpers';
import { connectLive, LiveClient } from '../support/socket-client';
import { startTestSystem, TestSystem } from '../support/test-system';

/** The value of one sample in Prometheus text, e.g. sample(text, 'x_total', { queue: 'mail' }); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => labelText.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('metrics and probes', () => {
  let sys: TestSystem;
  let workerHealth: Server;
  let workerUrl: string;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    sys = await startTestSystem();
    workerHealth = startHealthServer(sys.workers, 0);
    await new Promise((resolve) => workerHealth.once('listening', resolve));
    workerUrl = `http://127.0.0.1:${(workerHealth.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await new Promise((resolve) => workerHealth.close(resolve));
    await sys.close();
  });

  const scrapeApi = async () => (await sys.metrics.get('/metrics').expect(200).expect('content-type', /text\/plain/)).text;
  const scrapeWorker = async () => {
    const res = await fetch(`${workerUrl}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  };

  it('answers liveness without touching anything and readiness after checking Postgres and Redis, on both processes', async () => {
    await sys.http.get('/api/health/live').expect(200, { status: 'ok' });
    const ready = await sys.http.get('/api/health/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, redis: { status: 'up' } } });
    await sys.http.get('/api/health').expect(200);

    expect((await fetch(`${workerUrl}/health/live`)).status).toBe(200);
    expect(await (await fetch(`${workerUrl}/health/ready`)).json()).toEqual({ status: 'ok' });
    const unknown = await fetch(`${workerUrl}/nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not found.' });
  });

  it('serves /metrics on a port of its own (METRICS_PORT), and neither /metrics nor /api/metrics on the main one', async () => {
    expect(new URL(sys.metricsUrl).port).not.toBe(new URL(sys.baseUrl).port);
    await sys.http.get('/metrics').expect(404);
    await sys.http.get('/api/metrics').expect(404);
    expect(await scrapeApi()).toContain('# TYPE scoreline_http_request_duration_seconds histogram');
    // That listener answers GET /metrics alone.
    expect((await sys.metrics.get('/api/health').expect(404)).body).toEqual({ message: 'Not found.' });
    await sys.metrics.post('/metrics').expect(405);
  });

  it('asks for METRICS_TOKEN as a bearer token when one is set: 401 without it or with another, the same registry with it', async () => {
    const guarded = createMetricsServer('s3cret-metrics-token');
    const { port } = await listenMetricsServer(guarded, 0);
    try {
      const url = `http://127.0.0.1:${port}/metrics`;
      const without = await fetch(url);
      expect([without.status, without.headers.get('www-authenticate'), await without.json()]).toEqual([401, 'Bearer', { message: 'A valid metrics token is required.' }]);
      expect((await fetch(url, { headers: { Authorization: 'Bearer another-token-entirely' } })).status).toBe(401);
      const granted = await fetch(url, { headers: { Authorization: 'Bearer s3cret-metrics-token' } });
      expect(granted.status).toBe(200);
      expect(granted.headers.get('content-type')).toMatch(/text\/plain/);
      expect(await granted.text()).toContain('# TYPE scoreline_http_request_duration_seconds histogram');
    } finally {
      await closeMetricsServer(guarded);
    }
  });

  it('counts requests by route template, sockets, relay lag, and the workers’ queue work after some traffic', async () => {
    const apiBefore = await scrapeApi();
    const workerBefore = await scrapeWorker();
    const processed = (text: string, queue: string) => sample(text, 'scoreline_queue_jobs_processed_total', { queue, outcome: 'completed' }) ?? 0;
    const lagCount = (text: string) => sample(text, 'scoreline_live_relay_lag_seconds_count') ?? 0;

    const owner = await fastUser(sys, 'Mia', 'Metrics');
    const fan = await fastUser(sys, 'Fred', 'Fan');
    const ownerSocket = await connectLive(sys.baseUrl, owner.token);
    sockets.push(ownerSocket);
    const created = await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Metric Movers', type: 'private', max_members: 10 }).expect(201);
    const leagueId: number = created.body.data.id;
    await sys.http.post('/api/leagues/join/').set(fan.auth).send({ type: 'private', code: created.body.data.code }).expect(200);
    await sys.http.post(`/api/leagues/${leagueId}/approve-request/${fan.id}/`).set(owner.auth).expect(200);
    await sys.http.get(`/api/leagues/${leagueId}/`).set(owner.auth).expect(200);
    await sys.http.get(`/api/leagues/999999/`).set(owner.auth).expect(404);
    await ownerSocket.waitFor('member.joined', (p) => p.leagueId === leagueId && p.userId === fan.id);
    await sys.settle();

    const api = await scrapeApi();
    // Route templates, never raw ids: both league reads fall in one series per status class.
    expect(sample(api, 'scoreline_http_request_duration_seconds_count', { method: 'GET', route: '/api/leagues/:id', status: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(api, 'scoreline_http_request_duration_seconds_count', { method: 'GET', route: '/api/leagues/:id', status: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(api).not.toMatch(/route="[^"]*999999/);
    expect(sample(api, 'scoreline_live_sockets_connected')).toBeGreaterThanOrEqual(1);
    expect(lagCount(api)).toBeGreaterThan(lagCount(apiBefore));

    const worker = await scrapeWorker();
    for (const queue of QUEUES) expect(sample(worker, 'scoreline_queue_jobs', { queue, state: 'waiting' })).toBe(0);
    expect(sample(worker, 'scoreline_queue_jobs', { queue: 'standings', state: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(processed(worker, 'standings')).toBeGreaterThan(processed(workerBefore, 'standings'));
    expect(processed(worker, 'live')).toBeGreaterThan(processed(workerBefore, 'live'));
    expect(sample(worker, 'scoreline_outbox_lag_seconds')).toBe(0);
    expect(worker).toContain('# TYPE scoreline_reconciler_runs_total counter');
    expect(worker).toContain('# TYPE scoreline_reconciler_repairs_total counter');
  });

  it('counts a failed job attempt per queue', async () => {
    const failedBefore = sample(await scrapeWorker(), 'scoreline_queue_jobs_processed_total', { queue: 'mail', outcome: 'failed' }) ?? 0;
    // A job without an event cannot be handled: the mail processor throws, BullMQ records the failure.
    const mail = new Queue('mail', { connection: { url: process.env.REDIS_URL! }, prefix: process.env.QUEUE_PREFIX });
    try {
      await mail.add('broken', null, { attempts: 1 });
      const deadline = Date.now() + 20_000;
      let failed = failedBefore;
      while (failed === failedBefore && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        failed = sample(await scrapeWorker(), 'scoreline_queue_jobs_processed_total', { queue: 'mail', outcome: 'failed' }) ?? 0;
      }
      expect(failed).toBe(failedBefore + 1);
    } finally {
      await mail.close();
    }
  });

  it('reports the age of the oldest event the relay has not moved (the relay is stopped for this last test)', async () => {
    await sys.workers.get(OutboxRelayService).onApplicationShutdown();
    await sys.db.query(`INSERT INTO outbox_events (name, payload, created_at) VALUES ('prediction.saved', '{}', now() - interval '120 seconds')`);
    expect(sample(await scrapeWorker(), 'scoreline_outbox_lag_seconds')).toBeGreaterThanOrEqual(120);
    await sys.db.query(`UPDATE outbox_events SET dispatched_at = now() WHERE dispatched_at IS NULL`);
  });
});
