import type { Queue } from 'bullmq';
import { getQueueToken } from '@nestjs/bullmq';
import { insertVerifiedUsers, type FastUser } from '../support/game-factories';
import type { TestSystem } from '../support/test-system';

export type { FastUser };

/** One verified, onboarded user (no country or club yet) named as given, with a signed token. */
export async function fastUser(sys: TestSystem, first = 'Pat', last = 'Player'): Promise<FastUser> {
  const [user] = await insertVerifiedUsers(sys, 1, 'lg', { first, last, onboarded: true });
  return user;
}

/** Choose country and club through the real onboarding call (joins global, country and club leagues). */
export async function choosePreferences(sys: TestSystem, user: FastUser, countryId: number, clubId: number): Promise<void> {
  await sys.http.post('/api/onboarding/complete/').set(user.auth).send({ country_id: countryId, club_id: clubId }).expect(200);
}

export async function clubsOf(sys: TestSystem, countryCode: string): Promise<{ countryId: number; clubIds: number[] }> {
  const rows: { country_id: number; id: number }[] = await sys.db.query(
    `SELECT c.country_id, c.id FROM clubs c JOIN countries co ON co.id = c.country_id WHERE co.code = $1 ORDER BY c.id LIMIT 10`,
    [countryCode],
  );
  return { countryId: rows[0].country_id, clubIds: rows.map((r) => r.id) };
}

export function queue(sys: TestSystem, name: 'standings' | 'activity'): Queue {
  return sys.workers.get<Queue>(getQueueToken(name), { strict: false });
}
