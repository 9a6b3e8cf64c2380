import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { PushEndpointRules } from '../platform/config/env';
import { addressKind, classifyAddress, describeAddress } from './public-address';

/**
 * What a push subscription's endpoint may be. The workers POST to whatever endpoint a signed-in
 * user stored, so an endpoint must be a push service on the public internet: https, a host that
 * is no address of this machine or of a private or local network (checked again at every send,
 * on the addresses the socket then connects to: DNS can change in between), and one of
 * PUSH_ALLOWED_HOSTS when that is set. PUSH_ALLOW_LOOPBACK (tests) lets in a push stand-in on
 * this machine, over http too.
 */

/** Why an endpoint may not be pushed to: found before anything is sent. `reason` names no path (an endpoint's path is a capability). */
export class PushEndpointRefused extends Error {
  constructor(readonly reason: string) {
    super(`push endpoint refused: ${reason}`);
  }
}

/** Every address a host name has, as the system resolver answers them. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

/** What the addresses of a name may be: 'loopback' for plain http (only ever the local stand-in). */
export type AddressScope = 'public' | 'loopback';

/** Names that are this machine whatever a resolver says (RFC 6761). */
const LOOPBACK_NAME = /^(?:.+\.)?localhost$/;

/** The URL's host without IPv6 brackets or a final dot. */
export function endpointHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/**
 * What the URL alone shows: a URL, https (or http to a loopback host when PUSH_ALLOW_LOOPBACK),
 * no credentials, an address literal (in whatever spelling: the URL parser has turned 2130706433,
 * 0177.0.0.1, 0x7f.1 and 127.1 into 127.0.0.1) that is public, and an allowed host. Answers the
 * parsed URL, or throws PushEndpointRefused. A literal address is settled here: Node connects to
 * one without any lookup.
 */
export function checkEndpointUrl(endpoint: string, rules: PushEndpointRules): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new PushEndpointRefused('it is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new PushEndpointRefused('it must start with https://');
  if (url.username !== '' || url.password !== '') throw new PushEndpointRefused('it must not hold a user name or password');
  const host = endpointHost(url);
  const literal = isIP(host) !== 0;
  const classified = literal ? classifyAddress(host) : null;
  const loopback = classified ? classified.range === 'loopback' && classified.carries !== 'NAT64' : LOOPBACK_NAME.test(host);
  if (loopback) {
    if (rules.allowLoopback) return url;
    throw new PushEndpointRefused(classified ? `${describeAddress(host, classified)} (this machine)` : `${host} is this machine`);
  }
  if (url.protocol !== 'https:') throw new PushEndpointRefused('it must start with https://');
  if (classified && classified.range !== 'public') throw new PushEndpointRefused(describeAddress(host, classified));
  if (rules.allowedHosts.length > 0 && !rules.allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))) {
    throw new PushEndpointRefused(`${host} is not one of the push services allowed here (PUSH_ALLOWED_HOSTS)`);
  }
  return url;
}

/** Null when the sender may connect to this resolved address; else what it is ("a private address"). */
export function addressRefusal(address: string, rules: PushEndpointRules, scope: AddressScope): string | null {
  const classified = classifyAddress(address);
  const loopback = classified.range === 'loopback' && classified.carries !== 'NAT64';
  if (loopback && rules.allowLoopback) return null;
  if (scope === 'public' && classified.range === 'public') return null;
  return addressKind(classified);
}

/**
 * Resolves a name and answers its addresses when every one of them may be connected to; one
 * that may not refuses the name (a name that answers a public and a private address is not
 * trusted with either). A failed lookup is thrown as the resolver threw it.
 */
export async function resolvePermitted(hostname: string, resolve: ResolveHost, rules: PushEndpointRules, scope: AddressScope): Promise<LookupAddress[]> {
  const addresses = await resolve(hostname);
  if (addresses.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, rules, scope);
    if (refusal) throw new PushEndpointRefused(`${hostname} resolves to ${address}, ${refusal}`);
  }
  return addresses;
}

/**
 * A `lookup` for the sender's http(s) agents: the socket connects to exactly the addresses
 * checked here, so what was checked is what is reached (no second lookup to race).
 */
export function permittedLookup(resolve: ResolveHost, rules: PushEndpointRules, scope: AddressScope): LookupFunction {
  return (hostname, options, callback) => {
    resolvePermitted(hostname, resolve, rules, scope).then(
      (addresses) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
        const usable = family === 0 ? addresses : addresses.filter((a) => a.family === family);
        if (usable.length === 0) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }), '');
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, usable[0].address, usable[0].family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/**
 * The whole check at subscribe time: the URL, then (for a name) every address it resolves to.
 * A name that does not resolve is refused too: nothing could be pushed to it.
 */
export async function vetPushEndpoint(endpoint: string, rules: PushEndpointRules, resolve: ResolveHost): Promise<URL> {
  const url = checkEndpointUrl(endpoint, rules);
  const host = endpointHost(url);
  if (isIP(host) !== 0) return url;
  try {
    await resolvePermitted(url.hostname, resolve, rules, url.protocol === 'http:' ? 'loopback' : 'public');
  } catch (error) {
    if (error instanceof PushEndpointRefused) throw error;
    throw new PushEndpointRefused(`its host ${host} could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'no answer'})`);
  }
  return url;
}
