import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import type { FootballJsonMatch, FootballJsonSeason } from '@scoreline/backend/season-import/football-json';
import type { TestSystem } from './test-system';

let batch = 0;

export interface FastUser {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  token: string;
  auth: { Authorization: string };
}

/**
 * Many verified users at once, inserted in SQL (no sign-up round trip), each with a signed
 * access token. At least one user per suite should still come through the real sign-up.
 * Names default to 'Player No<i>'; `onboarded` marks onboarding done (no country or club).
 */
export async function insertVerifiedUsers(
  sys: TestSystem,
  count: number,
  prefix = 'gamer',
  opts: { first?: string; last?: string; onboarded?: boolean } = {},
): Promise<FastUser[]> {
  batch += 1;
  const tag = `${Date.now().toString(36)}${batch}`;
  const rows: { id: number; username: string; email: string; first_name: string; last_name: string; token_version: number }[] = await sys.db.query(
    `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at, onboarding_completed_at)
     SELECT $1 || '_' || $2 || '_' || i, $1 || '_' || $2 || '_' || i || '@example.com',
            coalesce($4::text, 'Player'), coalesce($5::text, 'No' || i), 'not-a-password-hash', now(), CASE WHEN $6::boolean THEN now() END
     FROM generate_series(1, $3::int) AS i
     RETURNING id, username, email, first_name, last_name, token_version`,
    [prefix, tag, count, opts.first ?? null, opts.last ?? null, opts.onboarded ?? false],
  );
  const jwt = sys.api.get(JwtService, { strict: false });
  return rows
    .sort((a, b) => a.id - b.id)
    .map((r) => {
      const token = jwt.sign({ sub: r.id, tv: r.token_version, username: r.username });
      return { id: r.id, username: r.username, email: r.email, first_name: r.first_name, last_name: r.last_name, token, auth: bearer(token) };
    });
}

/** Give a user the admin role directly (ADMIN_EMAILS holds a single address per run). */
export async function grantAdminRole(sys: TestSystem, userId: number): Promise<void> {
  await sys.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [userId]);
}

export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** Saves a fan's picks through the API, [fixture, home, away] each, no banker; throws naming the answer unless it is 200. */
export async function predictScores(sys: TestSystem, who: { auth: { Authorization: string } }, picks: readonly [number, number, number][]): Promise<void> {
  const predictions = picks.map(([fixture, home, away]) => ({ fixture, home_score: home, away_score: away, is_banker: false }));
  const saved = await sys.http.post('/api/predictions/').set(who.auth).send({ predictions });
  if (saved.status !== 200) throw new Error(`predictions: ${saved.status} ${JSON.stringify(saved.body)}`);
}

/** An operator records a fixture's score (finished unless told otherwise). */
export async function recordResult(
  sys: TestSystem,
  admin: { auth: { Authorization: string } },
  fixture: number,
  home: number,
  away: number,
  status: 'live' | 'finished' = 'finished',
): Promise<void> {
  await sys.http.put(`/api/admin/fixtures/${fixture}/result`).set(admin.auth).send({ home_score: home, away_score: away, status }).expect(200);
}

const DATA_DIR = join(__dirname, '..', '..', 'data', 'openfootball');

/** A bundled openfootball season file, parsed. */
export function readSeasonFile(relative: string): FootballJsonSeason {
  return JSON.parse(readFileSync(join(DATA_DIR, relative), 'utf8')) as FootballJsonSeason;
}

/** The matches of the given rounds ("Matchday N") of a bundled season, as a smaller season. */
export function seasonSlice(relative: string, rounds: number[], name?: string): FootballJsonSeason {
  const season = readSeasonFile(relative);
  const wanted = new Set(rounds.map((n) => `Matchday ${n}`));
  const matches: FootballJsonMatch[] = season.matches.filter((m) => wanted.has(m.round));
  return { name: name ?? season.name, matches };
}

/** A small deterministic PRNG (mulberry32), so a failing run can be replayed. */
export { seededRandom } from '@scoreline/backend/replay/replay-plan';

/** A fixture of an imported season, in kick-off order. */
export interface ImportedFixture {
  id: number;
  season_id: number;
  gameweek_id: number;
}

/**
 * Imports a made-up season through the admin API as the active one, and answers its fixtures in
 * kick-off order. Suites share the run's database: each imports a season of a name of its own and
 * deactivates it when it ends.
 */
export async function importActiveSeason(sys: TestSystem, admin: { auth: { Authorization: string } }, season: FootballJsonSeason): Promise<ImportedFixture[]> {
  const imported = await sys.http.post('/api/admin/seasons/import').set(admin.auth).send({ season, activate: true });
  if (imported.status !== 201 || imported.body.errors !== undefined) throw new Error(`season import: ${imported.status} ${JSON.stringify(imported.body)}`);
  return sys.db.query(`SELECT f.id, f.season_id, f.gameweek_id FROM fixtures f WHERE f.season_id = $1 ORDER BY f.kickoff_at`, [imported.body.data.season.id]);
}
