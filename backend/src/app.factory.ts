import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ApiExceptionFilter, bodyParserErrorHandler } from './common/api-exception.filter';
import { createValidationPipe } from './common/validation.pipe';
import { APP_ENV } from './config/config.module';
import type { AppEnv } from './config/env';
import { RedisStreamsIoAdapter } from './live/redis-streams-io.adapter';
import { httpMetricsMiddleware } from './metrics/http-metrics.middleware';

/** Everything that makes the HTTP app what it is, shared by main.ts and the tests. */
export function configureApp(app: NestExpressApplication): void {
  app.useLogger(app.get(Logger));
  app.use(httpMetricsMiddleware);
  app.setGlobalPrefix('api', { exclude: ['metrics'] });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useBodyParser('json', { limit: '2mb' });
  app.use(bodyParserErrorHandler);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: { 'script-src': ["'self'"], 'img-src': ["'self'", 'data:'], 'connect-src': ["'self'", 'ws:', 'wss:'] },
      },
    }),
  );
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.enableShutdownHooks();
  app.useWebSocketAdapter(new RedisStreamsIoAdapter(app, app.get<AppEnv>(APP_ENV)));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Scoreline API')
      .setDescription('The /api contract of the Scoreline web client. Errors answer {message, detail?, errors?}.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document);
}

export async function createApiApp(): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bufferLogs: true, bodyParser: false });
  configureApp(app);
  return app;
}
