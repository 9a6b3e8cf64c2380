import type { EntityManager } from 'typeorm';

/**
 * The leagues domain's data door for the global, country and club leagues of a competition: made
 * on demand, once per competition (partial unique indexes on competition_code with type,
 * country_id and club_id decide), and filled from the users' country and club. A fan in one of
 * them plays its competition (user_competitions).
 */

/** The competition's global league id, the league made when missing. */
export async function ensureGlobalLeague(tx: EntityManager, competitionCode: string): Promise<number> {
  const [row]: { id: number }[] = await tx.query(
    `INSERT INTO leagues (name, description, type, competition_code) VALUES ('Global League', 'Every Scoreline player, worldwide.', 'global', $1)
     ON CONFLICT (competition_code) WHERE type = 'global' DO UPDATE SET type = EXCLUDED.type RETURNING id`,
    [competitionCode],
  );
  return row.id;
}

/** Whether the user's email is verified (the global leagues are for verified fans only, demo fans aside). */
export async function isVerifiedUser(tx: EntityManager, userId: number): Promise<boolean> {
  const [row]: { verified: boolean }[] = await tx.query(`SELECT email_verified_at IS NOT NULL OR is_demo AS verified FROM users WHERE id = $1`, [userId]);
  return row?.verified === true;
}

/** The country's league id in the competition, the league made when missing. */
export async function ensureCountryLeague(tx: EntityManager, competitionCode: string, countryId: number): Promise<number> {
  const [row]: { id: number }[] = await tx.query(
    `INSERT INTO leagues (name, description, type, competition_code, country_id)
     SELECT c.name || ' League', 'Every player from ' || c.name || '.', 'country', $1, c.id FROM countries c WHERE c.id = $2
     ON CONFLICT (competition_code, country_id) WHERE type = 'country' DO UPDATE SET type = EXCLUDED.type RETURNING id`,
    [competitionCode, countryId],
  );
  return row.id;
}

/** The club's fans league id in the competition, the league made when missing. */
export async function ensureClubLeague(tx: EntityManager, competitionCode: string, clubId: number): Promise<number> {
  const [row]: { id: number }[] = await tx.query(
    `INSERT INTO leagues (name, description, type, competition_code, club_id)
     SELECT c.name || ' Fans', 'Every fan of ' || c.name || '.', 'club', $1, c.id FROM clubs c WHERE c.id = $2
     ON CONFLICT (competition_code, club_id) WHERE type = 'club' DO UPDATE SET type = EXCLUDED.type RETURNING id`,
    [competitionCode, clubId],
  );
  return row.id;
}

/** The competition's leagues of the users' countries and clubs that are missing, made in id order. */
export async function insertMissingLeaguesOfUsers(tx: EntityManager, competitionCode: string, userIds: number[]): Promise<void> {
  await tx.query(
    `INSERT INTO leagues (name, description, type, competition_code, country_id)
     SELECT c.name || ' League', 'Every player from ' || c.name || '.', 'country', $1, c.id
     FROM countries c WHERE c.id IN (SELECT u.country_id FROM users u WHERE u.id = ANY($2::int[]))
     ORDER BY c.id
     ON CONFLICT (competition_code, country_id) WHERE type = 'country' DO NOTHING`,
    [competitionCode, userIds],
  );
  await tx.query(
    `INSERT INTO leagues (name, description, type, competition_code, club_id)
     SELECT c.name || ' Fans', 'Every fan of ' || c.name || '.', 'club', $1, c.id
     FROM clubs c WHERE c.id IN (SELECT u.club_id FROM users u WHERE u.id = ANY($2::int[]))
     ORDER BY c.id
     ON CONFLICT (competition_code, club_id) WHERE type = 'club' DO NOTHING`,
    [competitionCode, userIds],
  );
}

/**
 * Every user in the competition's global, country and club league and playing the competition
 * (joined_at: the account's creation); answers the leagues joined.
 */
export async function insertAutomaticMembershipsOfUsers(tx: EntityManager, competitionCode: string, userIds: number[]): Promise<number[]> {
  const joined: { league_id: number }[] = await tx.query(
    `WITH plays AS (
       INSERT INTO user_competitions (user_id, competition_code, joined_at)
       SELECT u.id, $1, u.created_at FROM users u WHERE u.id = ANY($2::int[])
       ORDER BY u.id
       ON CONFLICT DO NOTHING
     ), added AS (
       INSERT INTO league_members (league_id, user_id, role, joined_at)
       SELECT l.id, u.id, 'member', u.created_at
       FROM users u JOIN leagues l
         ON l.competition_code = $1
        AND (l.type = 'global' OR (l.type = 'country' AND l.country_id = u.country_id) OR (l.type = 'club' AND l.club_id = u.club_id))
       WHERE u.id = ANY($2::int[])
       ORDER BY l.id, u.id
       ON CONFLICT DO NOTHING
       RETURNING league_id
     )
     SELECT DISTINCT league_id FROM added ORDER BY league_id`,
    [competitionCode, userIds],
  );
  return joined.map((r) => r.league_id);
}

/** Takes the user out of every country and club league of the competition but those kept; answers the leagues left. */
export async function deleteCountryAndClubMembershipsExcept(
  tx: EntityManager,
  competitionCode: string,
  userId: number,
  keptLeagueIds: number[],
): Promise<{ league_id: number; type: 'country' | 'club' }[]> {
  // TypeORM answers a DELETE ... RETURNING as [rows, affected].
  const [left]: [{ league_id: number; type: 'country' | 'club' }[], number] = await tx.query(
    `DELETE FROM league_members m USING leagues l
     WHERE m.league_id = l.id AND m.user_id = $2 AND l.competition_code = $1 AND l.type IN ('country', 'club') AND l.id <> ALL($3::int[])
     RETURNING m.league_id, l.type`,
    [competitionCode, userId, keptLeagueIds],
  );
  return left;
}
