import { Module, RequestMethod } from '@nestjs/common';
import { LoggerModule, type Params } from 'nestjs-pino';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { LogFormatError, logTransport, resolvePinoPretty } from './log-format';
import { LOG_REDACT_PATHS, REDACTED, scrubLogArguments, serializeError, serializeRequest, serializeResponse } from './log-redaction';

/**
 * The logger's settings: structured JSON (pino), and no credential in any line — headers both
 * ways, tokens in URLs and bodies, messages and errors (log-redaction.ts). The same settings serve
 * the request logger and every Nest logger outside a request (nestjs-pino builds both from them).
 * In development at a terminal the same lines go through pino-pretty instead (log-format.ts,
 * LOG_FORMAT); redaction happens before, in this process, either way.
 */
export function loggingParams(env: Pick<AppEnv, 'logLevel' | 'nodeEnv'>, source: NodeJS.ProcessEnv = process.env): Params {
  const transport = logTransport({
    nodeEnv: env.nodeEnv,
    logFormat: source.LOG_FORMAT,
    stdoutIsTTY: process.stdout.isTTY === true,
    resolvePretty: resolvePinoPretty,
  });
  return {
    // Express 5 route syntax: nestjs-pino's default '*' draws a legacy-route warning at boot.
    forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }],
    pinoHttp: {
      level: env.logLevel,
      ...(transport === undefined ? {} : { transport }),
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
      useFactory: (env: AppEnv) => {
        try {
          return loggingParams(env);
        } catch (error) {
          // As a bad variable in config/env.ts does: one line naming it, and out.
          if (!(error instanceof LogFormatError)) throw error;
          process.stderr.write(`Configuration error: ${error.message}\n`);
          process.exit(1);
        }
      },
    }),
  ],
})
export class LoggingModule {}
