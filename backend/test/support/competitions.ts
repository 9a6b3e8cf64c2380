import type { DataSource, EntityManager } from 'typeorm';

/**
 * The competition of a season a test writes in SQL: seasons.league_code and leagues.competition_code
 * reference competitions(code), which the imports fill but a bare INSERT INTO seasons does not.
 * Answers the code, for the leagues the test makes in it.
 */
export async function ensureCompetition(db: DataSource | EntityManager, code: string, name: string = code): Promise<string> {
  await db.query(`INSERT INTO competitions (code, name) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING`, [code, name]);
  return code;
}
