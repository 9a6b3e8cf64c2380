import 'reflect-metadata';
import { createApiApp } from './app.factory';
import { loadEnvOrExit } from './platform/config/env';

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const app = await createApiApp();
  await app.listen(env.port);
}

void main();
