import { addressKind, classifyAddress, describeAddress, type AddressRange } from './public-address';

const rangeOf = (address: string): AddressRange => classifyAddress(address).range;

describe('classifyAddress', () => {
  it('finds public IPv4 addresses, including the edges of every special block', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '142.250.74.106',
      '9.255.255.255',
      '11.0.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '126.255.255.255',
      '128.0.0.0',
      '169.253.255.255',
      '169.255.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '192.0.1.0',
      '192.167.255.255',
      '192.169.0.0',
      '198.17.255.255',
      '198.20.0.0',
      '223.255.255.255',
    ]) {
      expect([address, rangeOf(address)]).toEqual([address, 'public']);
    }
  });

  it('names every IPv4 block that is not the public internet', () => {
    const cases: [string, AddressRange][] = [
      ['0.0.0.0', 'unspecified'],
      ['0.255.255.255', 'unspecified'],
      ['10.0.0.1', 'private'],
      ['10.255.255.255', 'private'],
      ['100.64.0.1', 'carrier-grade NAT'],
      ['100.127.255.255', 'carrier-grade NAT'],
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['169.254.169.254', 'link-local'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.0.0.8', 'reserved'],
      ['192.0.2.1', 'documentation'],
      ['192.88.99.1', 'reserved'],
      ['192.168.1.1', 'private'],
      ['198.18.0.1', 'benchmarking'],
      ['198.19.255.255', 'benchmarking'],
      ['198.51.100.7', 'documentation'],
      ['203.0.113.9', 'documentation'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['240.0.0.1', 'reserved'],
      ['255.255.255.254', 'reserved'],
      ['255.255.255.255', 'broadcast'],
    ];
    for (const [address, range] of cases) expect([address, rangeOf(address)]).toEqual([address, range]);
  });

  it('finds public IPv6 addresses in global unicast, in any spelling, with or without brackets', () => {
    for (const address of [
      '2a00:1450:4001:82b::200a',
      '2A00:1450:4001:082B:0000:0000:0000:200A',
      '[2a00:1450:4001:82b::200a]',
      '2600::1',
      '2001:4860:4860::8888',
      '2001:200::1',
      '3ffe::1',
      '3fff:1000::1',
    ]) {
      expect([address, rangeOf(address)]).toEqual([address, 'public']);
    }
  });

  it('names every IPv6 block that is not the public internet', () => {
    const cases: [string, AddressRange][] = [
      ['::', 'unspecified'],
      ['[::]', 'unspecified'],
      ['0:0:0:0:0:0:0:0', 'unspecified'],
      ['::1', 'loopback'],
      ['[::1]', 'loopback'],
      ['0:0:0:0:0:0:0:1', 'loopback'],
      ['::2', 'IPv4-compatible'],
      ['::7f00:1', 'IPv4-compatible'],
      ['::127.0.0.1', 'IPv4-compatible'],
      ['fe80::1', 'link-local'],
      ['febf:ffff::1', 'link-local'],
      ['fec0::1', 'site-local'],
      ['feff::1', 'site-local'],
      ['fc00::1', 'unique-local'],
      ['fd12:3456:789a::1', 'unique-local'],
      ['ff02::1', 'multicast'],
      ['ff05::1:3', 'multicast'],
      ['64:ff9b:1::a00:1', 'NAT64 local-use'],
      ['100::1', 'discard'],
      ['2001::1', 'Teredo'],
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
      ['2001:2::1', 'benchmarking'],
      ['2001:10::1', 'reserved'],
      ['2001:1ff::1', 'reserved'],
      ['2001:db8::1', 'documentation'],
      ['2002:7f00:1::1', '6to4'],
      ['3fff::1', 'documentation'],
      ['4000::1', 'reserved'],
      ['1::1', 'reserved'],
      ['64:ff9b::1:0:a00:1', 'reserved'],
      ['fe80::1%eth0', 'zone-scoped'],
      ['fe80::1%25eth0', 'zone-scoped'],
      ['2a00:1450::1%1', 'zone-scoped'],
    ];
    for (const [address, range] of cases) expect([address, rangeOf(address)]).toEqual([address, range]);
  });

  it('judges an IPv4-mapped or NAT64 address by the IPv4 address it reaches', () => {
    expect(classifyAddress('::ffff:127.0.0.1')).toEqual({ range: 'loopback', carries: 'IPv4-mapped' });
    expect(classifyAddress('::ffff:7f00:1')).toEqual({ range: 'loopback', carries: 'IPv4-mapped' });
    expect(classifyAddress('[::ffff:7f00:1]')).toEqual({ range: 'loopback', carries: 'IPv4-mapped' });
    expect(classifyAddress('0:0:0:0:0:ffff:10.0.0.1')).toEqual({ range: 'private', carries: 'IPv4-mapped' });
    expect(classifyAddress('::FFFF:A9FE:A9FE')).toEqual({ range: 'link-local', carries: 'IPv4-mapped' });
    expect(classifyAddress('::ffff:0.0.0.0')).toEqual({ range: 'unspecified', carries: 'IPv4-mapped' });
    expect(classifyAddress('::ffff:8.8.8.8')).toEqual({ range: 'public', carries: 'IPv4-mapped' });
    expect(classifyAddress('64:ff9b::10.0.0.1')).toEqual({ range: 'private', carries: 'NAT64' });
    expect(classifyAddress('64:ff9b::7f00:1')).toEqual({ range: 'loopback', carries: 'NAT64' });
    expect(classifyAddress('64:ff9b::c0a8:101')).toEqual({ range: 'private', carries: 'NAT64' });
    expect(classifyAddress('64:ff9b::8.8.8.8')).toEqual({ range: 'public', carries: 'NAT64' });
    // ::ffff:0:a.b.c.d (RFC 6145) is not the mapped prefix: outside global unicast.
    expect(rangeOf('::ffff:0:808:808')).toBe('reserved');
  });

  it('takes no other IPv4 spelling for an address: the URL parser normalises those first', () => {
    for (const text of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1', '0x7f000001', '127.0.0.1.', '256.0.0.1', '1.2.3.4.5', 'localhost', 'fcm.googleapis.com', '', ':::', '[::1', 'fe80::1%']) {
      expect([text, rangeOf(text)]).toEqual([text, 'not an IP address']);
    }
  });

  it('says in words what an address is', () => {
    expect(describeAddress('10.0.0.1')).toBe('10.0.0.1 is a private address');
    expect(describeAddress('::1')).toBe('::1 is a loopback address');
    expect(describeAddress('169.254.169.254')).toBe('169.254.169.254 is a link-local address');
    expect(describeAddress('::ffff:7f00:1')).toBe('::ffff:7f00:1 is an IPv4-mapped loopback address');
    expect(describeAddress('64:ff9b::a00:1')).toBe('64:ff9b::a00:1 is a NAT64 private address');
    expect(describeAddress('fd00::1')).toBe('fd00::1 is a unique-local address');
    expect(describeAddress('localhost')).toBe('localhost is not an IP address');
    expect(addressKind({ range: 'unspecified' })).toBe('an unspecified address');
    expect(addressKind({ range: 'Teredo' })).toBe('a Teredo address');
  });
});
