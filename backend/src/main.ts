import 'reflect-metadata';
import { createApiApp } from './app.factory';
import { loadEnvOrExit } from './platform/config/env';
import { startMemoryTrace } from './platform/metrics/memory-trace';

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  startMemoryTrace('api');
  const app = await createApiApp();
  await app.listen(env.port);
}

void main();
