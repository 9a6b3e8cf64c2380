import { Client } from 'pg';

/** Drop the run's database (the server has stopped or is stopping). */
export default async function globalTeardown(): Promise<void> {
  const url = new URL(process.env.E2E_DATABASE_URL!);
  const name = url.pathname.slice(1);
  if (!name.includes('test')) throw new Error(`Refusing to drop "${name}"`);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}
