import { JwtService } from '@nestjs/jwt';
import type { Queue } from 'bullmq';
import { getQueueToken } from '@nestjs/bullmq';
import type { TestSystem } from '../support/test-system';

let seq = 0;

export interface FastUser {
  id: number;
  username: string;
  token: string;
  auth: { Authorization: string };
  first_name: string;
  last_name: string;
}

/**
 * A verified, onboarded-looking user written straight to the users table, with a real signed
 * token: for tests that need many players (sign-up itself is covered in test/auth). Joins the
 * global league through the real onboarding call when `onboard` is given.
 */
export async function fastUser(sys: TestSystem, first = 'Pat', last = 'Player'): Promise<FastUser> {
  seq += 1;
  const username = `lg_${Date.now().toString(36)}_${seq}`;
  const [{ id }]: { id: number }[] = await sys.db.query(
    `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at, onboarding_completed_at)
     VALUES ($1, $2, $3, $4, 'x', now(), now()) RETURNING id`,
    [username, `${username}@example.com`, first, last],
  );
  const token = sys.api.get(JwtService, { strict: false }).sign({ sub: id, tv: 0, username });
  return { id, username, token, auth: { Authorization: `Bearer ${token}` }, first_name: first, last_name: last };
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
