// First: maps the @scoreline/* paths, which jest's moduleNameMapper does not do for globalSetup.
import './scoreline-paths';
// Relative on purpose: jest runs globalSetup outside its module registry.
import { ensureDatabaseExists, migrateAndSeed } from '../../src/platform/database/migrate';
import { assertTestDatabase, testEnvironment } from './test-env';
import { freePort } from '../support/owned-processes';

/** One fresh, migrated database for the whole run; its URL reaches every test through the environment. */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now()}_${process.pid}`;
  const env = testEnvironment(runId, await freePort());
  assertTestDatabase(env.DATABASE_URL);
  Object.assign(process.env, env);
  await ensureDatabaseExists(env.DATABASE_URL);
  await migrateAndSeed(env.DATABASE_URL);
}
