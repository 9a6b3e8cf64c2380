import type { EntityManager } from 'typeorm';

/**
 * A knockout slot's team, as FixtureAdminService.setTeams writes it (the fixtures table's write
 * for a placeholder that became a team). It belongs beside the other fixture writes in
 * fixtures/fixtures.queries.ts; it lives here only because this change could not touch that file.
 */

export interface FixtureSides {
  home_club_id: number | null;
  away_club_id: number | null;
  home_placeholder: string | null;
  away_placeholder: string | null;
}

/** The fixture's sides, read under the caller's locks; null when there is no such fixture. */
export async function selectFixtureSides(tx: EntityManager, fixtureId: number): Promise<FixtureSides | null> {
  const [row]: FixtureSides[] = await tx.query(
    `SELECT home_club_id, away_club_id, home_placeholder, away_placeholder FROM fixtures WHERE id = $1`,
    [fixtureId],
  );
  return row ?? null;
}

/** The ids of the given clubs that exist. */
export async function selectExistingClubIds(tx: EntityManager, clubIds: number[]): Promise<Set<number>> {
  const rows: { id: number }[] = await tx.query(`SELECT id FROM clubs WHERE id = ANY($1::int[])`, [clubIds]);
  return new Set(rows.map((r) => r.id));
}

/** Each side given (null: left as it is) takes its team in place of its placeholder. */
export async function updateFixtureTeams(tx: EntityManager, fixtureId: number, homeClubId: number | null, awayClubId: number | null): Promise<void> {
  await tx.query(
    `UPDATE fixtures
     SET home_club_id = coalesce($2, home_club_id), home_placeholder = CASE WHEN $2::int IS NULL THEN home_placeholder END,
         away_club_id = coalesce($3, away_club_id), away_placeholder = CASE WHEN $3::int IS NULL THEN away_placeholder END,
         updated_at = now()
     WHERE id = $1`,
    [fixtureId, homeClubId, awayClubId],
  );
}
