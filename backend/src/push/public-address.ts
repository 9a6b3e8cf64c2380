import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which part of the address space an IP address is in, for deciding what the push sender may
 * connect to. Only 'public' is on the public internet; everything else is this machine, a
 * private or local network, or space that is never a push service.
 */
export type AddressRange =
  | 'public'
  | 'loopback'
  | 'private'
  | 'carrier-grade NAT'
  | 'link-local'
  | 'site-local'
  | 'unique-local'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'IPv4-compatible'
  | '6to4'
  | 'Teredo'
  | 'NAT64 local-use'
  | 'discard'
  | 'zone-scoped'
  | 'not an IP address';

export interface ClassifiedAddress {
  range: AddressRange;
  /** Set when an IPv6 address carries an IPv4 one (::ffff:a.b.c.d, 64:ff9b::a.b.c.d): `range` is that IPv4 address's. */
  carries?: 'IPv4-mapped' | 'NAT64';
}

type Cidr = readonly [base: readonly number[], prefix: number, range: AddressRange];

// IANA's IPv4 special-purpose registry, less the few anycast blocks that are global (AS112, AMT).
// First match wins: 255.255.255.255 before 240/4.
const IPV4_RANGES: readonly Cidr[] = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'carrier-grade NAT'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'documentation'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'benchmarking'],
  [[198, 51, 100, 0], 24, 'documentation'],
  [[203, 0, 113, 0], 24, 'documentation'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[255, 255, 255, 255], 32, 'broadcast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

// IPv6 is judged the other way round: public only inside global unicast (2000::/3) and outside
// these blocks of it; anything outside 2000::/3 is named by OUTSIDE_GLOBAL_UNICAST or 'reserved'.
const GLOBAL_UNICAST: Cidr = [[0x2000, 0, 0, 0, 0, 0, 0, 0], 3, 'public'];
const IPV6_SPECIAL_GLOBAL: readonly Cidr[] = [
  [[0x2001, 0, 0, 0, 0, 0, 0, 0], 32, 'Teredo'],
  [[0x2001, 0x2, 0, 0, 0, 0, 0, 0], 48, 'benchmarking'],
  // IETF protocol assignments (ORCHID, AMT, …): no push service lives there.
  [[0x2001, 0, 0, 0, 0, 0, 0, 0], 23, 'reserved'],
  [[0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], 32, 'documentation'],
  [[0x2002, 0, 0, 0, 0, 0, 0, 0], 16, '6to4'],
  [[0x3fff, 0, 0, 0, 0, 0, 0, 0], 20, 'documentation'],
];
const OUTSIDE_GLOBAL_UNICAST: readonly Cidr[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0], 128, 'unspecified'],
  [[0, 0, 0, 0, 0, 0, 0, 1], 128, 'loopback'],
  // Deprecated ::a.b.c.d; not a way to reach IPv4.
  [[0, 0, 0, 0, 0, 0, 0, 0], 96, 'IPv4-compatible'],
  [[0x64, 0xff9b, 1, 0, 0, 0, 0, 0], 48, 'NAT64 local-use'],
  [[0x100, 0, 0, 0, 0, 0, 0, 0], 64, 'discard'],
  [[0xfc00, 0, 0, 0, 0, 0, 0, 0], 7, 'unique-local'],
  [[0xfe80, 0, 0, 0, 0, 0, 0, 0], 10, 'link-local'],
  [[0xfec0, 0, 0, 0, 0, 0, 0, 0], 10, 'site-local'],
  [[0xff00, 0, 0, 0, 0, 0, 0, 0], 8, 'multicast'],
];
const IPV4_MAPPED: readonly number[] = [0, 0, 0, 0, 0, 0xffff];
const NAT64_WELL_KNOWN: readonly number[] = [0x64, 0xff9b, 0, 0, 0, 0];

/** Whether `value` (its units `bits` wide) starts with the first `prefix` bits of `base`. */
function inCidr(value: readonly number[], bits: number, base: readonly number[], prefix: number): boolean {
  for (let i = 0, left = prefix; left > 0; i++, left -= bits) {
    const mask = left >= bits ? 2 ** bits - 1 : (2 ** bits - 1) ^ (2 ** (bits - left) - 1);
    if ((value[i] & mask) !== (base[i] & mask)) return false;
  }
  return true;
}

function startsWith(groups: readonly number[], head: readonly number[]): boolean {
  return head.every((g, i) => groups[i] === g);
}

function classifyIPv4(octets: readonly number[]): AddressRange {
  return IPV4_RANGES.find(([base, prefix]) => inCidr(octets, 8, base, prefix))?.[2] ?? 'public';
}

/** The eight 16-bit groups of a valid IPv6 address (no zone id): `::` and a dotted IPv4 tail expanded. */
function ipv6Groups(text: string): number[] {
  let body = text;
  let tail: number[] = [];
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number);
    tail = [(a << 8) | b, (c << 8) | d];
    // '::ffff:' loses its separator; '::' stays the gap.
    body = dotted[1].endsWith('::') ? dotted[1] : dotted[1].slice(0, -1);
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const gap = body.indexOf('::');
  if (gap === -1) return [...parse(body), ...tail];
  const left = parse(body.slice(0, gap));
  const right = parse(body.slice(gap + 2));
  return [...left, ...new Array<number>(8 - tail.length - left.length - right.length).fill(0), ...right, ...tail];
}

function classifyIPv6(groups: readonly number[]): ClassifiedAddress {
  const inner = (): number[] => [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff];
  // These reach an IPv4 address: judged by it.
  if (startsWith(groups, IPV4_MAPPED)) return { range: classifyIPv4(inner()), carries: 'IPv4-mapped' };
  if (startsWith(groups, NAT64_WELL_KNOWN)) return { range: classifyIPv4(inner()), carries: 'NAT64' };
  if (inCidr(groups, 16, GLOBAL_UNICAST[0], GLOBAL_UNICAST[1])) {
    return { range: IPV6_SPECIAL_GLOBAL.find(([base, prefix]) => inCidr(groups, 16, base, prefix))?.[2] ?? 'public' };
  }
  return { range: OUTSIDE_GLOBAL_UNICAST.find(([base, prefix]) => inCidr(groups, 16, base, prefix))?.[2] ?? 'reserved' };
}

/**
 * Classifies an IP address as a resolver answers it or a URL host names it: dotted-decimal IPv4
 * (other IPv4 spellings — octal, hex, one number — are not addresses here; the URL parser turns
 * them into dotted decimal first), or IPv6 in any valid form, with or without brackets. An
 * address with a zone id (fe80::1%eth0) is 'zone-scoped': only local addresses have one.
 */
export function classifyAddress(address: string): ClassifiedAddress {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(text)) return { range: classifyIPv4(text.split('.').map(Number)) };
  if (!isIPv6(text)) return { range: 'not an IP address' };
  if (text.includes('%')) return { range: 'zone-scoped' };
  return classifyIPv6(ipv6Groups(text.toLowerCase()));
}

/** "a private address", "an IPv4-mapped loopback address": what an address is, in words, for refusals and logs. */
export function addressKind(classified: ClassifiedAddress): string {
  if (classified.range === 'not an IP address') return classified.range;
  const kind = classified.carries ? `${classified.carries} ${classified.range}` : classified.range;
  return `${/^(?:[aeio]|u(?!ni))/i.test(kind) ? 'an' : 'a'} ${kind} address`;
}

/** "10.0.0.1 is a private address". */
export function describeAddress(address: string, classified: ClassifiedAddress = classifyAddress(address)): string {
  return `${address} is ${addressKind(classified)}`;
}
