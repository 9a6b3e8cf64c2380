import { Module, RequestMethod } from '@nestjs/common';
import { LoggerModule, type Params } from 'nestjs-pino';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { LOG_REDACT_PATHS, REDACTED, scrubLogArguments, serializeError, serializeRequest, serializeResponse } from './log-redaction';

/**
 * The logger's settings: structured JSON (pino), and no credential in any line — headers both
 * ways, tokens in URLs and bodies, messages and errors (log-redaction.ts). The same settings serve
 * the request logger and every Nest logger outside a request (nestjs-pino builds both from them).
 */
export function loggingParams(env: Pick<AppEnv, 'logLevel'>): Params {
  return {
    // Express 5 route syntax: nestjs-pino's default '*' draws a legacy-route warning at boot.
    forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }],
    pinoHttp: {
      level: env.logLevel,
      serializers: { req: serializeRequest, res: serializeResponse, err: serializeError },
      redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
      hooks: {
        logMethod(args, method) {
          method.apply(this, scrubLogArguments(args) as Parameters<typeof method>);
        },
      },
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
    },
  };
}

@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_ENV],
      useFactory: (env: AppEnv) => loggingParams(env),
    }),
  ],
})
export class LoggingModule {}
