import 'reflect-metadata';
import { loadEnvOrExit } from './platform/config/env';
import { ensureDatabaseExists, migrateAndSeed } from './platform/database/migrate';
import { seedDemoIfEmpty } from './demo/demo-seed';

/**
 * `node dist/backend/src/migrate-cli.js`: what the start script and the k8s migration Job run: the
 * migrations, the reference data and, on an empty database unless SEED_DEMO=false, the demo.
 */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  try {
    await ensureDatabaseExists(env.databaseUrl);
  } catch (error) {
    // A managed database may not allow CREATE DATABASE; it then has to exist already.
    process.stderr.write(`[migrate] could not check/create the database: ${(error as Error).message}\n`);
  }
  await migrateAndSeed(env.databaseUrl, (db) => seedDemoIfEmpty(db, env));
  process.stdout.write('[migrate] schema and seed data are up to date\n');
}

main().catch((error) => {
  process.stderr.write(`[migrate] failed: ${(error as Error).message}\n`);
  process.exit(1);
});
