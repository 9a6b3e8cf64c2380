import { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { buildOpenApiDocument } from './platform/common/api-docs.document';
import { ApiExceptionFilter, bodyParserErrorHandler } from './platform/common/api-exception.filter';
import { createValidationPipe } from './platform/common/validation.pipe';
import { APP_ENV } from './platform/config/config.module';
import type { AppEnv } from './platform/config/env';
import { RedisStreamsIoAdapter } from './live/redis-streams-io.adapter';
import { httpMetricsMiddleware } from './platform/metrics/http-metrics.middleware';
import { MetricsListener } from './platform/metrics/metrics-listener';
import { frontendStaticMiddleware } from './platform/web/frontend-static.middleware';
import { invitePreviewMiddleware } from './platform/web/invite-preview.middleware';
import { securityHeadersMiddleware } from './platform/web/security-headers';
import { InviteLinksService } from './leagues/invite-links.service';

/** Everything that makes the HTTP app what it is, shared by main.ts and the tests. */
export function configureApp(app: NestExpressApplication): void {
  const env = app.get<AppEnv>(APP_ENV);
  app.useLogger(app.get(Logger));
  app.use(httpMetricsMiddleware);
  // Every route under /api. GET /metrics is not among them: MetricsListener serves it on METRICS_PORT.
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  app.disable('x-powered-by');
  // Helmet before the body parser, so its own errors (malformed JSON, too large) carry the headers too.
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: { 'script-src': ["'self'"], 'img-src': ["'self'", 'data:'], 'connect-src': ["'self'", 'ws:', 'wss:'] },
      },
    }),
  );
  // What helmet leaves out: Permissions-Policy everywhere, no-store on signed-in API answers.
  app.use(securityHeadersMiddleware);
  // Invite links answer the SPA with the league's preview card tags (issue 13 §3).
  const invites = app.get(InviteLinksService);
  const invitePages = invitePreviewMiddleware(env.frontendDist, env.appUrl, (target, req, res) => invites.stateForPage(target, req, res));
  if (invitePages) app.use(invitePages);
  // The built frontend, when there is one; before the API routes, which it steps aside for.
  const frontend = frontendStaticMiddleware(env.frontendDist);
  if (frontend) app.use(frontend);
  app.useBodyParser('json', { limit: '2mb' });
  app.use(bodyParserErrorHandler);
  // X-Forwarded-For only from the proxies named in TRUST_PROXY; otherwise req.ip is the socket peer.
  app.set('trust proxy', env.trustProxy.length > 0 ? env.trustProxy : false);
  app.enableShutdownHooks();
  app.useWebSocketAdapter(new RedisStreamsIoAdapter(app, env));

  if (env.apiDocs) SwaggerModule.setup('api/docs', app, buildOpenApiDocument(app));
}

export async function createApiApp(): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bufferLogs: true, bodyParser: false });
  configureApp(app);
  return app;
}

/**
 * Where the app answers GET /metrics: its own listener on METRICS_PORT (the port it got, with 0),
 * started by `init()`/`listen()`; null when METRICS_PORT is off or the app has not started.
 */
export function metricsAddress(app: INestApplication): AddressInfo | null {
  return app.get(MetricsListener).address();
}
