import type { LookupAddress } from 'node:dns';
import type { PushEndpointRules } from '../platform/config/env';
import {
  addressRefusal,
  checkEndpointUrl,
  permittedLookup,
  PushEndpointRefused,
  resolvePermitted,
  vetPushEndpoint,
  type ResolveHost,
} from './push-endpoint-policy';

const PUBLIC: PushEndpointRules = { allowedHosts: [], allowLoopback: false };
const WITH_LOOPBACK: PushEndpointRules = { allowedHosts: [], allowLoopback: true };
const ALLOWLIST: PushEndpointRules = { allowedHosts: ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'], allowLoopback: false };

/** The reason checkEndpointUrl refuses `endpoint` with, or null when it takes it. */
function refusal(endpoint: string, rules: PushEndpointRules = PUBLIC): string | null {
  try {
    checkEndpointUrl(endpoint, rules);
    return null;
  } catch (error) {
    if (error instanceof PushEndpointRefused) return error.reason;
    throw error;
  }
}

/** A resolver of the test's own: names answer what the table says, anything else is not found. No lookup leaves the machine. */
function resolverOf(table: Record<string, string[]>): ResolveHost & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

describe('checkEndpointUrl', () => {
  it('takes the https URL of a push service on the public internet', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://wns2-by3p.notify.windows.com/w/?token=AwYAAAB',
      'https://web.push.apple.com/QGuQyavXutnMRW',
      'https://FCM.GoogleAPIs.com/fcm/send/x',
      'https://fcm.googleapis.com./fcm/send/x',
      'https://fcm.googleapis.com:443/fcm/send/x',
      'https://142.250.74.106/x',
      'https://[2a00:1450:4001:82b::200a]/x',
    ]) {
      expect([endpoint, refusal(endpoint)]).toEqual([endpoint, null]);
    }
    expect(checkEndpointUrl('https://FCM.googleapis.com/send/x', PUBLIC).hostname).toBe('fcm.googleapis.com');
  });

  it('refuses every address that is not the public internet, in every spelling the URL parser takes', () => {
    const cases: [string, string][] = [
      // Loopback, however written: the URL parser turns each IPv4 spelling into dotted decimal.
      ['https://127.0.0.1/x', '127.0.0.1 is a loopback address (this machine)'],
      ['http://127.0.0.1:8080/x', '127.0.0.1 is a loopback address (this machine)'],
      ['https://2130706433/x', '127.0.0.1 is a loopback address (this machine)'],
      ['https://0177.0.0.1/x', '127.0.0.1 is a loopback address (this machine)'],
      ['https://0x7f.1/x', '127.0.0.1 is a loopback address (this machine)'],
      ['https://0x7f000001/x', '127.0.0.1 is a loopback address (this machine)'],
      ['https://017700000001/x', '127.0.0.1 is a loopback address (this machine)'],
      ['https://127.1/x', '127.0.0.1 is a loopback address (this machine)'],
      ['https://127.0.0.1./x', '127.0.0.1 is a loopback address (this machine)'],
      ['https://%31%32%37.0.0.1/x', '127.0.0.1 is a loopback address (this machine)'],
      ['https://127.255.255.254/x', '127.255.255.254 is a loopback address (this machine)'],
      ['https://[::1]/x', '::1 is a loopback address (this machine)'],
      ['https://[0:0:0:0:0:0:0:1]/x', '::1 is a loopback address (this machine)'],
      ['https://[::ffff:127.0.0.1]/x', '::ffff:7f00:1 is an IPv4-mapped loopback address (this machine)'],
      ['https://localhost/x', 'localhost is this machine'],
      ['https://LOCALHOST./x', 'localhost is this machine'],
      ['https://push.localhost/x', 'push.localhost is this machine'],
      // Private, shared, link-local (cloud metadata), and the rest.
      ['https://10.0.0.1/x', '10.0.0.1 is a private address'],
      ['https://012.0.0.1/x', '10.0.0.1 is a private address'],
      ['https://167772161/x', '10.0.0.1 is a private address'],
      ['https://0xa.0.0.1/x', '10.0.0.1 is a private address'],
      ['https://172.16.0.1/x', '172.16.0.1 is a private address'],
      ['https://172.31.255.255/x', '172.31.255.255 is a private address'],
      ['https://192.168.1.1/x', '192.168.1.1 is a private address'],
      ['https://192.168.257/x', '192.168.1.1 is a private address'],
      ['https://100.64.0.1/x', '100.64.0.1 is a carrier-grade NAT address'],
      ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
      ['https://2852039166/x', '169.254.169.254 is a link-local address'],
      ['https://0.0.0.0/x', '0.0.0.0 is an unspecified address'],
      ['https://0/x', '0.0.0.0 is an unspecified address'],
      ['https://255.255.255.255/x', '255.255.255.255 is a broadcast address'],
      ['https://224.0.0.1/x', '224.0.0.1 is a multicast address'],
      ['https://192.0.2.1/x', '192.0.2.1 is a documentation address'],
      ['https://198.51.100.1/x', '198.51.100.1 is a documentation address'],
      ['https://203.0.113.1/x', '203.0.113.1 is a documentation address'],
      ['https://198.18.0.1/x', '198.18.0.1 is a benchmarking address'],
      ['https://240.0.0.1/x', '240.0.0.1 is a reserved address'],
      ['https://[::]/x', ':: is an unspecified address'],
      ['https://[::ffff:10.0.0.1]/x', '::ffff:a00:1 is an IPv4-mapped private address'],
      ['https://[::ffff:169.254.169.254]/x', '::ffff:a9fe:a9fe is an IPv4-mapped link-local address'],
      ['https://[64:ff9b::10.0.0.1]/x', '64:ff9b::a00:1 is a NAT64 private address'],
      ['https://[64:ff9b::127.0.0.1]/x', '64:ff9b::7f00:1 is a NAT64 loopback address'],
      ['https://[fe80::1]/x', 'fe80::1 is a link-local address'],
      ['https://[fec0::1]/x', 'fec0::1 is a site-local address'],
      ['https://[fc00::1]/x', 'fc00::1 is a unique-local address'],
      ['https://[fd00:ec2::254]/x', 'fd00:ec2::254 is a unique-local address'],
      ['https://[ff02::1]/x', 'ff02::1 is a multicast address'],
      ['https://[2001:db8::1]/x', '2001:db8::1 is a documentation address'],
      ['https://[::127.0.0.1]/x', '::7f00:1 is an IPv4-compatible address'],
      ['https://[2002:a00:1::1]/x', '2002:a00:1::1 is a 6to4 address'],
      // A zone id is not a URL (WHATWG), escaped or not.
      ['https://[fe80::1%25eth0]/x', 'it is not a URL'],
      ['https://[fe80::1%eth0]/x', 'it is not a URL'],
    ];
    for (const [endpoint, reason] of cases) expect([endpoint, refusal(endpoint)]).toEqual([endpoint, reason]);
  });

  it('refuses what is not an https URL, or holds credentials', () => {
    expect(refusal('http://fcm.googleapis.com/fcm/send/x')).toBe('it must start with https://');
    expect(refusal('http://8.8.8.8/x')).toBe('it must start with https://');
    expect(refusal('ftp://fcm.googleapis.com/x')).toBe('it must start with https://');
    expect(refusal('file:///etc/passwd')).toBe('it must start with https://');
    expect(refusal('gopher://127.0.0.1:6379/_INFO')).toBe('it must start with https://');
    expect(refusal('fcm.googleapis.com/fcm/send/x')).toBe('it is not a URL');
    expect(refusal('https://1.2.3.4.5/x')).toBe('it is not a URL');
    expect(refusal('https://4294967296/x')).toBe('it is not a URL');
    expect(refusal('https://user@fcm.googleapis.com/x')).toBe('it must not hold a user name or password');
    expect(refusal('https://127.0.0.1:80@fcm.googleapis.com/x')).toBe('it must not hold a user name or password');
  });

  it('with PUSH_ALLOW_LOOPBACK takes a stand-in on this machine, over http too, and still nothing else', () => {
    for (const endpoint of ['http://127.0.0.1:4000/send/a', 'https://127.0.0.1/x', 'http://2130706433:4000/x', 'http://[::1]:4000/x', 'http://[::ffff:127.0.0.1]:4000/x', 'http://localhost:4000/x', 'https://localhost./x']) {
      expect([endpoint, refusal(endpoint, WITH_LOOPBACK)]).toEqual([endpoint, null]);
    }
    expect(refusal('https://10.0.0.1/x', WITH_LOOPBACK)).toBe('10.0.0.1 is a private address');
    expect(refusal('http://10.0.0.1/x', WITH_LOOPBACK)).toBe('it must start with https://');
    expect(refusal('http://fcm.googleapis.com/x', WITH_LOOPBACK)).toBe('it must start with https://');
    expect(refusal('https://[64:ff9b::127.0.0.1]/x', WITH_LOOPBACK)).toBe('64:ff9b::7f00:1 is a NAT64 loopback address');
  });

  it('with PUSH_ALLOWED_HOSTS takes those hosts and their subdomains only', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/x',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://wns2-by3p.notify.windows.com/w/?token=x',
      'https://web.push.apple.com/x',
      'https://web.push.apple.com./x',
    ]) {
      expect([endpoint, refusal(endpoint, ALLOWLIST)]).toEqual([endpoint, null]);
    }
    for (const host of ['evil.example.com', 'evilfcm.googleapis.com', 'fcm.googleapis.com.evil.example', 'googleapis.com', 'apple.com', '142.250.74.106']) {
      expect(refusal(`https://${host}/x`, ALLOWLIST)).toBe(`${host} is not one of the push services allowed here (PUSH_ALLOWED_HOSTS)`);
    }
    expect(refusal('https://10.0.0.1/x', ALLOWLIST)).toBe('10.0.0.1 is a private address');
  });
});

describe('addressRefusal', () => {
  it('lets the sender connect to public addresses, and to loopback only when allowed', () => {
    expect(addressRefusal('142.250.74.106', PUBLIC, 'public')).toBeNull();
    expect(addressRefusal('2a00:1450:4001:82b::200a', PUBLIC, 'public')).toBeNull();
    expect(addressRefusal('127.0.0.1', PUBLIC, 'public')).toBe('a loopback address');
    expect(addressRefusal('127.0.0.1', WITH_LOOPBACK, 'public')).toBeNull();
    expect(addressRefusal('::1', WITH_LOOPBACK, 'loopback')).toBeNull();
    expect(addressRefusal('::ffff:127.0.0.1', WITH_LOOPBACK, 'loopback')).toBeNull();
    expect(addressRefusal('10.0.0.1', WITH_LOOPBACK, 'public')).toBe('a private address');
    expect(addressRefusal('::ffff:10.0.0.1', WITH_LOOPBACK, 'public')).toBe('an IPv4-mapped private address');
    expect(addressRefusal('fe80::1%eth0', WITH_LOOPBACK, 'public')).toBe('a zone-scoped address');
    expect(addressRefusal('not-an-address', WITH_LOOPBACK, 'public')).toBe('not an IP address');
    // Plain http is for the stand-in only: never a public address.
    expect(addressRefusal('142.250.74.106', WITH_LOOPBACK, 'loopback')).toBe('a public address');
  });
});

describe('resolvePermitted', () => {
  it("answers a name's addresses when every one may be reached, and refuses the name when any may not", async () => {
    const resolve = resolverOf({
      'fcm.googleapis.com': ['142.250.74.106', '2a00:1450:4001:82b::200a'],
      'rebind.example.com': ['142.250.74.106', '10.0.0.1'],
      'metadata.example.com': ['169.254.169.254'],
      'mapped.example.com': ['::ffff:127.0.0.1'],
      'v6.example.com': ['fd00::1'],
      'empty.example.com': [],
    });
    await expect(resolvePermitted('fcm.googleapis.com', resolve, PUBLIC, 'public')).resolves.toHaveLength(2);
    await expect(resolvePermitted('rebind.example.com', resolve, PUBLIC, 'public')).rejects.toEqual(new PushEndpointRefused('rebind.example.com resolves to 10.0.0.1, a private address'));
    await expect(resolvePermitted('metadata.example.com', resolve, PUBLIC, 'public')).rejects.toBeInstanceOf(PushEndpointRefused);
    await expect(resolvePermitted('mapped.example.com', resolve, PUBLIC, 'public')).rejects.toBeInstanceOf(PushEndpointRefused);
    await expect(resolvePermitted('v6.example.com', resolve, PUBLIC, 'public')).rejects.toBeInstanceOf(PushEndpointRefused);
    await expect(resolvePermitted('empty.example.com', resolve, PUBLIC, 'public')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(resolvePermitted('unknown.example.com', resolve, PUBLIC, 'public')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('permittedLookup', () => {
  const lookupOf = (table: Record<string, string[]>, rules: PushEndpointRules) => permittedLookup(resolverOf(table), rules, 'public');
  const call = (lookup: ReturnType<typeof permittedLookup>, hostname: string, options: object) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
      lookup(hostname, options, (error, address, family) => resolve({ error, address, family })),
    );

  it('answers as dns.lookup does: one address, or all of them, of the family asked for', async () => {
    const lookup = lookupOf({ 'push.example.com': ['142.250.74.106', '2a00:1450:4001:82b::200a'] }, PUBLIC);
    expect(await call(lookup, 'push.example.com', {})).toEqual({ error: null, address: '142.250.74.106', family: 4 });
    expect(await call(lookup, 'push.example.com', { family: 6 })).toEqual({ error: null, address: '2a00:1450:4001:82b::200a', family: 6 });
    expect(await call(lookup, 'push.example.com', { all: true })).toEqual({
      error: null,
      address: [
        { address: '142.250.74.106', family: 4 },
        { address: '2a00:1450:4001:82b::200a', family: 6 },
      ],
      family: undefined,
    });
    expect(await call(lookup, 'push.example.com', { all: true, family: 'IPv4' })).toMatchObject({ address: [{ address: '142.250.74.106', family: 4 }] });
    const v4Only = lookupOf({ 'v4.example.com': ['142.250.74.106'] }, PUBLIC);
    expect((await call(v4Only, 'v4.example.com', { family: 6 })).error).toMatchObject({ code: 'ENOTFOUND' });
  });

  it('answers an error instead of any address when one of them may not be reached: the socket never connects', async () => {
    const lookup = lookupOf({ 'mixed.example.com': ['127.0.0.1', '10.0.0.1'], 'private.example.com': ['10.0.0.1'] }, WITH_LOOPBACK);
    for (const options of [{}, { all: true }]) {
      const answer = await call(lookup, 'private.example.com', options);
      expect(answer.error).toEqual(new PushEndpointRefused('private.example.com resolves to 10.0.0.1, a private address'));
      expect(answer.error).toBeInstanceOf(PushEndpointRefused);
      expect(answer.address).toBe('');
      expect((await call(lookup, 'mixed.example.com', options)).error).toBeInstanceOf(PushEndpointRefused);
    }
    expect((await call(lookup, 'nowhere.example.com', {})).error).toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('vetPushEndpoint', () => {
  const resolve = resolverOf({
    'fcm.googleapis.com': ['142.250.74.106'],
    'internal.example.com': ['10.0.0.1'],
    'metadata.example.com': ['169.254.169.254'],
    'v6.example.com': ['::1'],
    localhost: ['127.0.0.1', '::1'],
  });

  it('takes a name that resolves to public addresses only', async () => {
    await expect(vetPushEndpoint('https://fcm.googleapis.com/fcm/send/x', PUBLIC, resolve)).resolves.toBeInstanceOf(URL);
  });

  it('refuses a name that resolves to any address not on the public internet, or that does not resolve', async () => {
    await expect(vetPushEndpoint('https://internal.example.com/x', PUBLIC, resolve)).rejects.toEqual(
      new PushEndpointRefused('internal.example.com resolves to 10.0.0.1, a private address'),
    );
    await expect(vetPushEndpoint('https://metadata.example.com/x', PUBLIC, resolve)).rejects.toEqual(
      new PushEndpointRefused('metadata.example.com resolves to 169.254.169.254, a link-local address'),
    );
    await expect(vetPushEndpoint('https://v6.example.com/x', PUBLIC, resolve)).rejects.toEqual(new PushEndpointRefused('v6.example.com resolves to ::1, a loopback address'));
    await expect(vetPushEndpoint('https://nowhere.example.com/x', PUBLIC, resolve)).rejects.toEqual(
      new PushEndpointRefused('its host nowhere.example.com could not be resolved (ENOTFOUND)'),
    );
  });

  it('settles a literal address and a refused URL without asking the resolver', async () => {
    resolve.asked.length = 0;
    await expect(vetPushEndpoint('https://142.250.74.106/x', PUBLIC, resolve)).resolves.toBeInstanceOf(URL);
    await expect(vetPushEndpoint('https://2130706433/x', PUBLIC, resolve)).rejects.toBeInstanceOf(PushEndpointRefused);
    await expect(vetPushEndpoint('https://localhost/x', PUBLIC, resolve)).rejects.toBeInstanceOf(PushEndpointRefused);
    await expect(vetPushEndpoint('http://fcm.googleapis.com/x', PUBLIC, resolve)).rejects.toBeInstanceOf(PushEndpointRefused);
    expect(resolve.asked).toEqual([]);
  });

  it('with PUSH_ALLOW_LOOPBACK takes localhost when it resolves to loopback only', async () => {
    await expect(vetPushEndpoint('http://localhost:4000/x', WITH_LOOPBACK, resolve)).resolves.toBeInstanceOf(URL);
    const odd = resolverOf({ localhost: ['127.0.0.1', '142.250.74.106'] });
    await expect(vetPushEndpoint('http://localhost:4000/x', WITH_LOOPBACK, odd)).rejects.toEqual(
      new PushEndpointRefused('localhost resolves to 142.250.74.106, a public address'),
    );
  });
});
