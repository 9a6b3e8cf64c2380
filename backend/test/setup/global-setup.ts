// First: maps the @scoreline/* paths, which jest's moduleNameMapper does not do for globalSetup.
import './scoreline-paths';
import { createServer } from 'node:net';
// Relative on purpose: jest runs globalSetup outside its module registry.
import { ensureDatabaseExists, migrateAndSeed } from '../../src/platform/database/migrate';
import { assertTestDatabase, testEnvironment } from './test-env';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** One fresh, migrated database for the whole run; its URL reaches every test through the environment. */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now()}_${process.pid}`;
  const env = testEnvironment(runId, await freePort());
  assertTestDatabase(env.DATABASE_URL);
  Object.assign(process.env, env);
  await ensureDatabaseExists(env.DATABASE_URL);
  await migrateAndSeed(env.DATABASE_URL);
}
