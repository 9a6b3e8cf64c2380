import { Client } from 'pg';

/**
 * Takes a season a spec made active out of play again, on the run's database. The app has no
 * call that ends a season (an import only activates; activating one deactivates only its own
 * competition's other season), so a spec that adds a competition for itself removes it this way
 * and the other specs see the two demo competitions only.
 */
export async function deactivateSeason(seasonId: number): Promise<void> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query('UPDATE seasons SET is_active = false, updated_at = now() WHERE id = $1', [seasonId]);
  } finally {
    await client.end();
  }
}
