import type { DataSource } from 'typeorm';
import type { StoredClub } from './feed-stand-in';
import { inParts, type OneFixture } from './one-fixture-season';

/** One match of the day, between two clubs as stored (the provider names them the same way). */
export interface MatchDayFixture {
  fixture_id: number;
  kickoff_at: Date;
  home: StoredClub;
  away: StoredClub;
}

export interface MatchDay {
  season_id: number;
  gameweek_id: number;
  fixtures: MatchDayFixture[];
}

/** The day as the one-fixture helpers take it (checkRanks, seedSeasonTotals read only its season, gameweek and one fixture every fan predicted). */
export const asOneFixture = (day: MatchDay): OneFixture => ({ season_id: day.season_id, gameweek_id: day.gameweek_id, fixture_id: day.fixtures[0].fixture_id });

/**
 * A Saturday at three o'clock (issue 35 §4): an active season of its own with one gameweek and
 * `matches` fixtures between distinct clubs of the competition, all kicking off a minute ago, each
 * predicted by every bench user (random scores 0–3, and a banker, one per gameweek as the schema
 * allows, for half the users), with each one's gameweek totals row.
 */
export async function seedMatchDay(
  db: DataSource,
  season: { name: string; label: string; key: string; matches: number; leagueCode?: string },
): Promise<MatchDay> {
  const leagueCode = season.leagueCode ?? 'en.1';
  const clubs: StoredClub[] = await db.query(
    `SELECT c.id, c.name, c.short_name FROM clubs c JOIN competitions k ON k.id = c.competition_id WHERE k.code = $1 ORDER BY c.id LIMIT $2`,
    [leagueCode, 2 * season.matches],
  );
  if (clubs.length < 2 * season.matches) throw new Error(`bench: ${leagueCode} has ${clubs.length} clubs, fewer than ${2 * season.matches} for ${season.matches} matches`);
  const [{ season_id, gameweek_id }]: { season_id: number; gameweek_id: number }[] = await db.query(
    `WITH s AS (INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, $2, $3, true) RETURNING id)
     INSERT INTO gameweeks (season_id, number, starts_at, ends_at)
     SELECT id, 1, now() - interval '1 hour', now() + interval '4 hours' FROM s RETURNING id AS gameweek_id, season_id`,
    [season.name, season.label, leagueCode],
  );
  const fixtures: MatchDayFixture[] = [];
  for (let i = 0; i < season.matches; i += 1) {
    const [home, away] = [clubs[2 * i], clubs[2 * i + 1]];
    const [row]: { id: number; kickoff_at: Date }[] = await db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, kickoff_at)
       VALUES ($1, $2, $3, $4, $5, date_trunc('second', now()) - interval '1 minute') RETURNING id, kickoff_at`,
      [season_id, gameweek_id, `${season.key}-${i + 1}`, home.id, away.id],
    );
    fixtures.push({ fixture_id: row.id, kickoff_at: new Date(row.kickoff_at), home, away });
  }
  const ids = fixtures.map((f) => f.fixture_id);
  await inParts(
    db,
    `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker)
     SELECT u.id, f.id, $2, $3, (random() * 3)::int, (random() * 3)::int, (hashint4(u.id) & 1) = 0 AND f.ord - 1 = u.id % $4
     FROM users u CROSS JOIN unnest($1::int[]) WITH ORDINALITY AS f(id, ord)
     WHERE u.username LIKE 'bench\\_%' AND u.id % $5 = $6 ORDER BY u.id, f.id`,
    [ids, gameweek_id, season_id, season.matches],
  );
  await inParts(
    db,
    `INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, predictions)
     SELECT u.id, $1, $2, $3 FROM users u WHERE u.username LIKE 'bench\\_%' AND u.id % $4 = $5 ORDER BY u.id`,
    [gameweek_id, season_id, season.matches],
  );
  return { season_id, gameweek_id, fixtures };
}
