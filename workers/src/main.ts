import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadEnvOrExit } from '@scoreline/backend/platform/config/env';
import { startMemoryTrace } from '@scoreline/backend/platform/metrics/memory-trace';
import { startHealthServer } from './health-server';
import { WorkersModule } from './workers.module';

export async function createWorkersApp() {
  const app = await NestFactory.createApplicationContext(WorkersModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  return app;
}

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  startMemoryTrace('workers');
  const app = await createWorkersApp();
  if (env.healthPort !== null) {
    const server = startHealthServer(app, env.healthPort);
    process.once('SIGTERM', () => server.close());
  }
}

if (require.main === module) void main();
