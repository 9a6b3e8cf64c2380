import type { DataSource } from 'typeorm';
import { upsertCompetitionsAndClubs, upsertCountries } from './reference-data.queries';
import clubs from '../../../data/clubs.json';
import countries from '../../../data/countries.json';
import homeNations from '../../../data/home-nations.json';

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
    await upsertCountries(m, countryRows);
    await upsertCompetitionsAndClubs(m, clubRows);
  });
}
