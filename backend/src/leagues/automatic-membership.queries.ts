import type { EntityManager } from 'typeorm';

/**
 * The leagues domain's data door for the global, country and club leagues: made on demand, once
 * (partial unique indexes on type, country_id and club_id decide), and filled from the users'
 * country and club.
 */

/** The global league's id, the league made when missing. */
export async function ensureGlobalLeague(tx: EntityManager): Promise<number> {
  const [row]: { id: number }[] = await tx.query(
    `INSERT INTO leagues (name, description, type) VALUES ('Global League', 'Every Scoreline player, worldwide.', 'global')
     ON CONFLICT (type) WHERE type = 'global' DO UPDATE SET type = EXCLUDED.type RETURNING id`,
  );
  return row.id;
}

/** The country's league id, the league made when missing. */
export async function ensureCountryLeague(tx: EntityManager, countryId: number): Promise<number> {
  const [row]: { id: number }[] = await tx.query(
    `INSERT INTO leagues (name, description, type, country_id)
     SELECT c.name || ' League', 'Every player from ' || c.name || '.', 'country', c.id FROM countries c WHERE c.id = $1
     ON CONFLICT (country_id) WHERE type = 'country' DO UPDATE SET type = EXCLUDED.type RETURNING id`,
    [countryId],
  );
  return row.id;
}

/** The club's fans league id, the league made when missing. */
export async function ensureClubLeague(tx: EntityManager, clubId: number): Promise<number> {
  const [row]: { id: number }[] = await tx.query(
    `INSERT INTO leagues (name, description, type, club_id)
     SELECT c.name || ' Fans', 'Every fan of ' || c.name || '.', 'club', c.id FROM clubs c WHERE c.id = $1
     ON CONFLICT (club_id) WHERE type = 'club' DO UPDATE SET type = EXCLUDED.type RETURNING id`,
    [clubId],
  );
  return row.id;
}

/** The leagues of the users' countries and clubs that are missing, made in id order. */
export async function insertMissingLeaguesOfUsers(tx: EntityManager, userIds: number[]): Promise<void> {
  await tx.query(
    `INSERT INTO leagues (name, description, type, country_id)
     SELECT c.name || ' League', 'Every player from ' || c.name || '.', 'country', c.id
     FROM countries c WHERE c.id IN (SELECT u.country_id FROM users u WHERE u.id = ANY($1::int[]))
     ORDER BY c.id
     ON CONFLICT (country_id) WHERE type = 'country' DO NOTHING`,
    [userIds],
  );
  await tx.query(
    `INSERT INTO leagues (name, description, type, club_id)
     SELECT c.name || ' Fans', 'Every fan of ' || c.name || '.', 'club', c.id
     FROM clubs c WHERE c.id IN (SELECT u.club_id FROM users u WHERE u.id = ANY($1::int[]))
     ORDER BY c.id
     ON CONFLICT (club_id) WHERE type = 'club' DO NOTHING`,
    [userIds],
  );
}

/** Every user in their global, country and club league (joined_at: the account's creation); answers the leagues joined. */
export async function insertAutomaticMembershipsOfUsers(tx: EntityManager, userIds: number[]): Promise<number[]> {
  const joined: { league_id: number }[] = await tx.query(
    `WITH added AS (
       INSERT INTO league_members (league_id, user_id, role, joined_at)
       SELECT l.id, u.id, 'member', u.created_at
       FROM users u JOIN leagues l
         ON l.type = 'global' OR (l.type = 'country' AND l.country_id = u.country_id) OR (l.type = 'club' AND l.club_id = u.club_id)
       WHERE u.id = ANY($1::int[])
       ORDER BY l.id, u.id
       ON CONFLICT DO NOTHING
       RETURNING league_id
     )
     SELECT DISTINCT league_id FROM added ORDER BY league_id`,
    [userIds],
  );
  return joined.map((r) => r.league_id);
}

/** Takes the user out of every country and club league but those kept; answers the leagues left. */
export async function deleteCountryAndClubMembershipsExcept(
  tx: EntityManager,
  userId: number,
  keptLeagueIds: number[],
): Promise<{ league_id: number; type: 'country' | 'club' }[]> {
  // TypeORM answers a DELETE ... RETURNING as [rows, affected].
  const [left]: [{ league_id: number; type: 'country' | 'club' }[], number] = await tx.query(
    `DELETE FROM league_members m USING leagues l
     WHERE m.league_id = l.id AND m.user_id = $1 AND l.type IN ('country', 'club') AND l.id <> ALL($2::int[])
     RETURNING m.league_id, l.type`,
    [userId, keptLeagueIds],
  );
  return left;
}
