import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadEnvOrExit } from '../../backend/src/config/env';
import { WorkersModule } from './workers.module';

export async function createWorkersApp() {
  const app = await NestFactory.createApplicationContext(WorkersModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  return app;
}

async function main(): Promise<void> {
  loadEnvOrExit();
  await createWorkersApp();
}

if (require.main === module) void main();
