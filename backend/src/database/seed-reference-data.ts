import type { DataSource } from 'typeorm';
import clubs from '../../data/clubs.json';
import countries from '../../data/countries.json';
import homeNations from '../../data/home-nations.json';

interface ClubRecord {
  name: string;
  league: string;
  leagueCode: string;
  country: string;
  homeNation?: string;
  alternateNames?: string[];
  city?: string;
}

/** A short display name: the first alternate name that is short, else the name itself. */
export function shortClubName(club: Pick<ClubRecord, 'name' | 'alternateNames'>): string {
  const short = (club.alternateNames ?? []).find((n) => n.length <= 20);
  return (short ?? club.name).slice(0, 40);
}

/**
 * Countries, competitions and clubs, upserted set-wise: safe to run on every start, and a
 * changed file updates rows rather than duplicating them.
 */
export async function seedReferenceData(db: DataSource): Promise<void> {
  const countryRows = [
    ...countries.map((c) => ({ code: c.code, name: c.name, flag: c.flag })),
    ...homeNations.map((c) => ({ code: c.code, name: c.name, flag: c.flag })),
  ];
  const clubRows = (clubs as ClubRecord[]).map((c) => ({
    name: c.name,
    short_name: shortClubName(c),
    league_code: c.leagueCode,
    league_name: c.league,
    country_code: c.homeNation ?? c.country,
    city: c.city ?? null,
    alternate_names: c.alternateNames ?? [],
  }));
  await db.transaction(async (m) => {
    await m.query(
      `INSERT INTO countries (code, name, flag)
       SELECT code, name, flag FROM jsonb_to_recordset($1::jsonb) AS r(code text, name text, flag text)
       ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, flag = EXCLUDED.flag`,
      [JSON.stringify(countryRows)],
    );
    await m.query(
      `INSERT INTO competitions (code, name)
       SELECT DISTINCT league_code, league_name FROM jsonb_to_recordset($1::jsonb) AS r(league_code text, league_name text)
       ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name`,
      [JSON.stringify(clubRows)],
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
      [JSON.stringify(clubRows)],
    );
  });
}
