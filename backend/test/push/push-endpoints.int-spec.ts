import * as dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getQueueToken } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { NOTIFICATIONS_QUEUE } from '@scoreline/backend/notifications/notification-jobs';
import { addressRefusal, checkEndpointUrl, PushEndpointRefused } from '@scoreline/backend/push/push-endpoint-policy';
import { PushHostResolver } from '@scoreline/backend/push/push-host-resolver';
import { fastUser, type FastUser } from '../leagues/league-test-helpers';
import type { TestSystem } from '../support/test-system';
import { FakeBrowser } from './push-service';

/**
 * Push endpoints reach only the public internet (PUSH_ALLOW_LOOPBACK off, as in production):
 * subscribing with anything else is a 400 naming `endpoint`, and a stored endpoint that is not
 * (inserted directly, or a name whose DNS answer changed) is refused at send time before any
 * connection, logged, and not retried. Names are answered by the test's own resolver; nothing
 * here sends a packet, or a DNS query, off this machine: the only listener is the test's own on
 * 127.0.0.1, which must see no connection at all, and Node's own lookup is a tripwire.
 */

// As production: no loopback stand-in (said explicitly, whatever the run's environment holds).
const previous = process.env.PUSH_ALLOW_LOOPBACK;

/** What the API may resolve while checking a subscription: public answers included (nothing is sent from there). */
const API_NAMES: Record<string, string[]> = {
  'push.example.com': ['142.250.74.106', '2a00:1450:4001:82b::200a'],
  'internal.push.test': ['10.0.0.1'],
  'metadata.push.test': ['169.254.169.254'],
  'cgnat.push.test': ['100.64.0.1'],
  'loopback.push.test': ['127.0.0.1'],
  'v6-loopback.push.test': ['::1'],
  'unique-local.push.test': ['fd00::1'],
  'mapped.push.test': ['::ffff:127.0.0.1'],
  'nat64.push.test': ['64:ff9b::a00:1'],
  'rebinding.push.test': ['142.250.74.106', '10.0.0.1'],
};
/** What the workers' sender resolves: never a public address, whatever it does with the answer. */
const WORKER_NAMES: Record<string, string[]> = {
  'loopback.push.test': ['127.0.0.1'],
  'internal.push.test': ['10.0.0.1'],
};

const answer = (table: Record<string, string[]>) => async (hostname: string) => {
  const addresses = table[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('push endpoints on the public internet only', () => {
  let sys: TestSystem;
  let queue: Queue;
  let owner: FastUser;
  let code: string;
  let listener: Server;
  let port = 0;
  let connections = 0;
  const systemLookups: string[] = [];
  let warnings: jest.SpyInstance;

  const endpointsOf = async (userId: number): Promise<string[]> =>
    ((await sys.db.query(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY id`, [userId])) as { endpoint: string }[]).map((r) => r.endpoint);
  const warned = (pattern: RegExp): string[] => warnings.mock.calls.map((c) => String(c[0])).filter((m) => pattern.test(m));

  async function settlePushes(): Promise<void> {
    await sys.settle();
    const deadline = Date.now() + 20_000;
    for (;;) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) return;
      if (Date.now() > deadline) throw new Error(`notifications queue did not settle: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    process.env.PUSH_ALLOW_LOOPBACK = 'false';
    // Tripwire: a name that reached Node's own lookup would have bypassed the checked one.
    const systemLookup = dns.lookup;
    jest.spyOn(dns, 'lookup').mockImplementation(((hostname: string, ...rest: unknown[]) => {
      if (hostname === 'localhost') return (systemLookup as (...a: unknown[]) => void)(hostname, ...rest);
      systemLookups.push(hostname);
      const callback = rest[rest.length - 1] as (error: Error) => void;
      process.nextTick(() => callback(Object.assign(new Error(`test tripwire: no lookup of ${hostname} may leave the test`), { code: 'ENOTFOUND' })));
    }) as unknown as typeof dns.lookup);

    listener = createServer((_req, res) => res.writeHead(201).end());
    listener.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;

    const { startTestSystem } = await import('../support/test-system');
    sys = await startTestSystem();
    jest.spyOn(sys.api.get(PushHostResolver, { strict: false }), 'resolve').mockImplementation(answer(API_NAMES));
    jest.spyOn(sys.workers.get(PushHostResolver, { strict: false }), 'resolve').mockImplementation(answer(WORKER_NAMES));
    queue = sys.workers.get<Queue>(getQueueToken(NOTIFICATIONS_QUEUE), { strict: false });
    warnings = jest.spyOn(Logger.prototype, 'warn');

    owner = await fastUser(sys, 'Ona', 'Owner');
    const created = await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Endpoint Checkers', type: 'private' }).expect(201);
    code = created.body.data.code;
  });

  afterAll(async () => {
    // The devices stored here go: a later suite's deadline reminder reaches every verified fan of the
    // run's database, and without this test's resolver their names would go to the system's.
    if (owner) await sys.db.query(`DELETE FROM push_subscriptions WHERE user_id = $1`, [owner.id]);
    await sys?.close();
    listener?.closeAllConnections();
    await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
    if (previous === undefined) delete process.env.PUSH_ALLOW_LOOPBACK;
    else process.env.PUSH_ALLOW_LOOPBACK = previous;
    jest.restoreAllMocks();
  });

  it('refuses at subscribe time, with a 400 naming `endpoint` and a log line, every endpoint that is not a public push service', async () => {
    const cases: [string, RegExp][] = [
      [`http://127.0.0.1:${port}/send/x`, /127\.0\.0\.1 is a loopback address \(this machine\)/],
      [`https://2130706433:${port}/x`, /127\.0\.0\.1 is a loopback address/],
      [`https://0177.0.0.1:${port}/x`, /127\.0\.0\.1 is a loopback address/],
      [`https://0x7f.1:${port}/x`, /127\.0\.0\.1 is a loopback address/],
      [`https://127.1:${port}/x`, /127\.0\.0\.1 is a loopback address/],
      [`https://[::1]:${port}/x`, /::1 is a loopback address/],
      [`https://[::ffff:127.0.0.1]:${port}/x`, /::ffff:7f00:1 is an IPv4-mapped loopback address/],
      [`http://localhost:${port}/x`, /localhost is this machine/],
      ['https://10.0.0.1/x', /10\.0\.0\.1 is a private address/],
      ['https://012.0.0.1/x', /10\.0\.0\.1 is a private address/],
      ['https://167772161/x', /10\.0\.0\.1 is a private address/],
      ['https://172.16.0.1/x', /172\.16\.0\.1 is a private address/],
      ['https://192.168.1.1/x', /192\.168\.1\.1 is a private address/],
      ['https://100.64.0.1/x', /100\.64\.0\.1 is a carrier-grade NAT address/],
      ['https://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a link-local address/],
      ['https://0.0.0.0/x', /0\.0\.0\.0 is an unspecified address/],
      ['https://255.255.255.255/x', /255\.255\.255\.255 is a broadcast address/],
      ['https://224.0.0.1/x', /224\.0\.0\.1 is a multicast address/],
      ['https://192.0.2.1/x', /192\.0\.2\.1 is a documentation address/],
      ['https://240.0.0.1/x', /240\.0\.0\.1 is a reserved address/],
      ['https://[::]/x', /:: is an unspecified address/],
      ['https://[fe80::1]/x', /fe80::1 is a link-local address/],
      ['https://[fe80::1%25eth0]/x', /it is not a URL/],
      ['https://[fec0::1]/x', /fec0::1 is a site-local address/],
      ['https://[fd00::1]/x', /fd00::1 is a unique-local address/],
      ['https://[ff02::1]/x', /ff02::1 is a multicast address/],
      ['https://[::ffff:10.0.0.1]/x', /::ffff:a00:1 is an IPv4-mapped private address/],
      ['https://[64:ff9b::10.0.0.1]/x', /64:ff9b::a00:1 is a NAT64 private address/],
      ['https://[2001:db8::1]/x', /2001:db8::1 is a documentation address/],
      ['https://internal.push.test/x', /internal\.push\.test resolves to 10\.0\.0\.1, a private address/],
      ['https://metadata.push.test/x', /metadata\.push\.test resolves to 169\.254\.169\.254, a link-local address/],
      ['https://cgnat.push.test/x', /resolves to 100\.64\.0\.1, a carrier-grade NAT address/],
      ['https://loopback.push.test/x', /resolves to 127\.0\.0\.1, a loopback address/],
      ['https://v6-loopback.push.test/x', /resolves to ::1, a loopback address/],
      ['https://unique-local.push.test/x', /resolves to fd00::1, a unique-local address/],
      ['https://mapped.push.test/x', /resolves to ::ffff:127\.0\.0\.1, an IPv4-mapped loopback address/],
      ['https://nat64.push.test/x', /resolves to 64:ff9b::a00:1, a NAT64 private address/],
      ['https://rebinding.push.test/x', /rebinding\.push\.test resolves to 10\.0\.0\.1, a private address/],
      ['https://nowhere.push.test/x', /its host nowhere\.push\.test could not be resolved \(ENOTFOUND\)/],
      ['http://push.example.com/x', /it must start with https:\/\//],
      ['https://user:pass@push.example.com/x', /must not hold a user name or password/],
    ];
    for (const [endpoint, reason] of cases) {
      warnings.mockClear();
      const res = await sys.http.post('/api/push/subscriptions/').set(owner.auth).send(new FakeBrowser(endpoint).subscription());
      expect([endpoint, res.status]).toEqual([endpoint, 400]);
      expect(res.body.message).toMatch(/^Endpoint must be the https URL of a push service on the public internet: /);
      expect(res.body.message).toMatch(reason);
      expect(res.body.errors).toEqual({ endpoint: [res.body.message] });
      // The path of an endpoint is a capability: it is in neither the answer nor the log.
      expect(res.body.message).not.toContain('/x');
      expect(warned(/push subscription of user \d+ refused/)).toEqual([expect.stringMatching(reason)]);
    }
    expect(await endpointsOf(owner.id)).toEqual([]);
    expect(connections).toBe(0);
    expect(systemLookups).toEqual([]);
  });

  it('stores a push service on the public internet, and forgets any endpoint on unsubscribe', async () => {
    const device = new FakeBrowser('https://push.example.com/wpush/v2/device-1');
    await sys.http.post('/api/push/subscriptions/').set(owner.auth).send(device.subscription()).expect(200);
    expect(await endpointsOf(owner.id)).toEqual([device.endpoint]);
    // Unsubscribing needs no check: it only forgets (an endpoint stored before these rules too).
    await sys.http.delete('/api/push/subscriptions/').set(owner.auth).send({ endpoint: device.endpoint }).expect(200);
    await sys.http.delete('/api/push/subscriptions/').set(owner.auth).send({ endpoint: `http://127.0.0.1:${port}/legacy` }).expect(200);
    expect(await endpointsOf(owner.id)).toEqual([]);
  });

  it('refuses at send time an endpoint stored otherwise, before any connection: logged, job done, not retried', async () => {
    const storeDevice = async (endpoint: string): Promise<number> => {
      const device = new FakeBrowser(endpoint).subscription();
      const [{ id }]: { id: number }[] = await sys.db.query(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device) VALUES ($1, $2, $3, $4, 'inserted') RETURNING id`,
        [owner.id, endpoint, device.keys.p256dh, device.keys.auth],
      );
      return id;
    };
    const requestToJoin = async (first: string): Promise<void> => {
      const fan = await fastUser(sys, first, 'Joiner');
      await sys.http.post('/api/leagues/join/').set(fan.auth).send({ type: 'private', code }).expect(200);
      await settlePushes();
    };
    const deliveries = async (ids: number[]) =>
      ((await sys.db.query(`SELECT count(*)::int AS n FROM push_deliveries WHERE subscription_id = ANY($1::int[])`, [ids])) as { n: number }[])[0].n;

    // First the test's own listener, by literal and by a name the workers' resolver answers
    // 127.0.0.1 for: were the checks not in the sender's path, it would see the push.
    // The run's queues are shared with the suites before this one (their failed pushes stay): count what this test adds.
    const countsBefore = await queue.getJobCounts('failed', 'delayed', 'waiting');
    const onThisMachine = [await storeDevice(`http://127.0.0.1:${port}/send/literal`), await storeDevice(`https://loopback.push.test:${port}/send/by-name`)];
    warnings.mockClear();
    await requestToJoin('Lou');
    expect(connections).toBe(0);
    expect(warned(/join_request: refused 2 push endpoint\(s\), nothing sent, not retried/)).toHaveLength(1);
    expect(await deliveries(onThisMachine)).toBe(2);

    // Only once that held: a name the resolver answers 10.0.0.1 for, and the check it must fail.
    expect(addressRefusal('10.0.0.1', { allowedHosts: [], allowLoopback: false }, 'public')).toBe('a private address');
    expect(() => checkEndpointUrl('https://[::ffff:10.0.0.1]/x', { allowedHosts: [], allowLoopback: false })).toThrow(PushEndpointRefused);
    const internal = [await storeDevice('https://internal.push.test/send/private'), await storeDevice('https://[::ffff:10.0.0.1]/send/mapped')];
    warnings.mockClear();
    await requestToJoin('Liv');
    const [refusal] = warned(/join_request: refused/);
    expect(refusal).toMatch(/refused 4 push endpoint\(s\), nothing sent, not retried/);
    for (const reason of [
      '127.0.0.1 is a loopback address (this machine)',
      'loopback.push.test resolves to 127.0.0.1, a loopback address',
      'internal.push.test resolves to 10.0.0.1, a private address',
      '::ffff:a00:1 is an IPv4-mapped private address',
    ]) {
      expect(refusal).toContain(reason);
    }
    expect(await deliveries(internal)).toBe(2);

    // Nothing failed or waits for a retry; the devices stay (a corrected setting reaches them again).
    expect(await queue.getJobCounts('failed', 'delayed', 'waiting')).toEqual(countsBefore);
    const [latest] = await queue.getJobs(['completed'], 0, 0);
    expect(latest.returnvalue.push).toEqual({ sent: 0, gone: 0, refused: 4 });
    expect(await endpointsOf(owner.id)).toHaveLength(4);
    expect(connections).toBe(0);
    expect(systemLookups).toEqual([]);
  });
});
