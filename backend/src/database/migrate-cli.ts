import 'reflect-metadata';
import { loadEnvOrExit } from '../config/env';
import { ensureDatabaseExists, migrateAndSeed } from './migrate';

/** `node dist/backend/src/database/migrate-cli.js`: what the start script and the k8s migration Job run. */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  try {
    await ensureDatabaseExists(env.databaseUrl);
  } catch (error) {
    // A managed database may not allow CREATE DATABASE; it then has to exist already.
    process.stderr.write(`[migrate] could not check/create the database: ${(error as Error).message}\n`);
  }
  await migrateAndSeed(env.databaseUrl, env);
  process.stdout.write('[migrate] schema and seed data are up to date\n');
}

main().catch((error) => {
  process.stderr.write(`[migrate] failed: ${(error as Error).message}\n`);
  process.exit(1);
});
