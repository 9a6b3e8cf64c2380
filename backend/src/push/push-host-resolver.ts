import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { Injectable } from '@nestjs/common';

/**
 * Resolves push services' host names, for the endpoint checks at subscribe and send time: the
 * system resolver (hosts file, then DNS), as Node's own connect would use it, every address.
 * A class of its own so tests can answer names themselves, and no lookup leaves the machine.
 */
@Injectable()
export class PushHostResolver {
  resolve(hostname: string): Promise<LookupAddress[]> {
    return lookup(hostname, { all: true, verbatim: true });
  }
}
