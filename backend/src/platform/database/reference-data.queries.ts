import type { DataSource, EntityManager } from 'typeorm';
import type { Country } from '@scoreline/contracts/api/onboarding';

/**
 * The reference data's door: countries, competitions and clubs. Seeded from backend/data on
 * every start (upserts, set-wise); read by onboarding; a season import adds its competition and
 * the clubs it names that are missing.
 */
type Queryable = DataSource | EntityManager;

// ---- Seeding ---------------------------------------------------------------------------------

export async function upsertCountries(m: EntityManager, rows: { code: string; name: string; flag: string }[]): Promise<void> {
  await m.query(
    `INSERT INTO countries (code, name, flag)
     SELECT code, name, flag FROM jsonb_to_recordset($1::jsonb) AS r(code text, name text, flag text)
     ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, flag = EXCLUDED.flag`,
    [JSON.stringify(rows)],
  );
}

/** The clubs, and their competitions first (a club names its competition by code). */
export async function upsertCompetitionsAndClubs(
  m: EntityManager,
  rows: { name: string; short_name: string; league_code: string; league_name: string; country_code: string; city: string | null; alternate_names: string[] }[],
): Promise<void> {
  await m.query(
    `INSERT INTO competitions (code, name)
     SELECT DISTINCT league_code, league_name FROM jsonb_to_recordset($1::jsonb) AS r(league_code text, league_name text)
     ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name`,
    [JSON.stringify(rows)],
  );
  await m.query(
    `INSERT INTO clubs (name, short_name, competition_id, country_id, city, alternate_names)
     SELECT r.name, r.short_name, comp.id, co.id, r.city,
            ARRAY(SELECT jsonb_array_elements_text(r.alternate_names))
     FROM jsonb_to_recordset($1::jsonb)
          AS r(name text, short_name text, league_code text, country_code text, city text, alternate_names jsonb)
     JOIN competitions comp ON comp.code = r.league_code
     LEFT JOIN countries co ON co.code = r.country_code
     ON CONFLICT (name) DO UPDATE SET short_name = EXCLUDED.short_name, competition_id = EXCLUDED.competition_id,
       country_id = EXCLUDED.country_id, city = EXCLUDED.city, alternate_names = EXCLUDED.alternate_names`,
    [JSON.stringify(rows)],
  );
}

// ---- Onboarding ------------------------------------------------------------------------------

export function selectCountries(q: Queryable): Promise<Country[]> {
  return q.query(`SELECT id, code, name, flag FROM countries ORDER BY name`);
}

export interface ClubSearchRow {
  id: number;
  name: string;
  logo: string | null;
  short_name: string;
  country_id: number | null;
  league_name: string;
  league_code: string;
}

/**
 * Clubs whose name, short name or an alternate name matches `contains` (a LIKE pattern; null:
 * all), optionally of one country; those starting with the search first.
 */
export function searchClubs(q: Queryable, f: { contains: string | null; startsWith: string; countryId: number | null; limit: number }): Promise<ClubSearchRow[]> {
  return q.query(
    `SELECT c.id, c.name, c.logo, c.short_name, c.country_id, comp.name AS league_name, comp.code AS league_code
     FROM clubs c JOIN competitions comp ON comp.id = c.competition_id
     WHERE c.kind = 'club' AND ($1::text IS NULL OR c.name ILIKE $1 OR c.short_name ILIKE $1
            OR EXISTS (SELECT 1 FROM unnest(c.alternate_names) alt WHERE alt ILIKE $1))
       AND ($2::int IS NULL OR c.country_id = $2)
     ORDER BY (c.name ILIKE $3) DESC, c.name
     LIMIT $4`,
    [f.contains, f.countryId, f.startsWith, f.limit],
  );
}

export async function countryAndClubExist(q: Queryable, countryId: number, clubId: number): Promise<{ country: boolean; club: boolean }> {
  const [found]: { country: boolean; club: boolean }[] = await q.query(
    `SELECT EXISTS (SELECT 1 FROM countries WHERE id = $1) AS country, EXISTS (SELECT 1 FROM clubs WHERE id = $2 AND kind = 'club') AS club`,
    [countryId, clubId],
  );
  return found;
}

// ---- The season import -----------------------------------------------------------------------

/** "Arsenal FC" → "Arsenal": a display name for a club created by an import. */
function shortNameOf(name: string): string {
  const short = name.replace(/^(?:AFC|FC|CF|SC|SV|VfB|VfL)\s+/, '').replace(/\s+(?:AFC|FC|CF|SC)$/, '').trim();
  return (short || name).slice(0, 40);
}

/** The competition of a season's league code (a tournament's too), made when missing; an existing name is kept. */
export async function ensureCompetition(tx: EntityManager, code: string, name: string): Promise<void> {
  await tx.query(`INSERT INTO competitions (code, name) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING`, [code, name.slice(0, 100)]);
}

/** Creates the clubs no club is named (or alternately named) like, in the league's competition; answers their names. */
export async function createMissingClubs(tx: EntityManager, teamNames: string[], leagueCode: string, leagueName: string): Promise<string[]> {
  const missing: { name: string }[] = await tx.query(
    `SELECT t.name FROM unnest($1::text[]) AS t(name)
     WHERE NOT EXISTS (
       SELECT 1 FROM clubs c
       WHERE c.kind = 'club' AND (lower(c.name) = lower(t.name) OR lower(t.name) = ANY (SELECT lower(a) FROM unnest(c.alternate_names) a)))
     ORDER BY t.name`,
    [teamNames],
  );
  if (missing.length === 0) return [];
  await ensureCompetition(tx, leagueCode, leagueName);
  const created: { name: string }[] = await tx.query(
    `INSERT INTO clubs (name, short_name, competition_id, country_id)
     SELECT r.name, r.short_name, comp.id,
            (SELECT c.country_id FROM clubs c WHERE c.competition_id = comp.id AND c.country_id IS NOT NULL
             GROUP BY c.country_id ORDER BY count(*) DESC LIMIT 1)
     FROM jsonb_to_recordset($1::jsonb) AS r(name text, short_name text)
     JOIN competitions comp ON comp.code = $2
     ON CONFLICT (name) DO NOTHING
     RETURNING name`,
    [JSON.stringify(missing.map((m) => ({ name: m.name, short_name: shortNameOf(m.name) }))), leagueCode],
  );
  return created.map((c) => c.name).sort();
}

/** Each team name's club (or national team): by name or alternate name (case-insensitive), the exact name first. */
export async function selectClubIdsByName(tx: EntityManager, teamNames: string[], kind: 'club' | 'national' = 'club'): Promise<Map<string, number>> {
  const rows: { team: string; id: number }[] = await tx.query(
    `SELECT t.name AS team, c.id
     FROM unnest($1::text[]) AS t(name)
     CROSS JOIN LATERAL (
       SELECT c.id FROM clubs c
       WHERE c.kind = $2 AND (lower(c.name) = lower(t.name) OR lower(t.name) = ANY (SELECT lower(a) FROM unnest(c.alternate_names) a))
       ORDER BY (lower(c.name) = lower(t.name)) DESC, c.id LIMIT 1) c`,
    [teamNames, kind],
  );
  return new Map(rows.map((r) => [r.team, r.id]));
}

/**
 * Creates the national teams no national team is named (or alternately named) like; answers
 * their names. In no competition (a national team plays many) and offered nowhere as a club.
 */
export async function createMissingNationalTeams(tx: EntityManager, teamNames: string[]): Promise<string[]> {
  const created: { name: string }[] = await tx.query(
    `INSERT INTO clubs (name, short_name, kind)
     SELECT t.name, left(t.name, 40), 'national' FROM unnest($1::text[]) AS t(name)
     WHERE NOT EXISTS (
       SELECT 1 FROM clubs c
       WHERE c.kind = 'national' AND (lower(c.name) = lower(t.name) OR lower(t.name) = ANY (SELECT lower(a) FROM unnest(c.alternate_names) a)))
     ORDER BY t.name
     ON CONFLICT (name) DO NOTHING
     RETURNING name`,
    [teamNames],
  );
  return created.map((c) => c.name).sort();
}
