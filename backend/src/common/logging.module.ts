import { Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';

/** Structured JSON logs (pino); tokens and passwords never reach them. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_ENV],
      useFactory: (env: AppEnv) => ({
        // Express 5 route syntax: nestjs-pino's default '*' draws a legacy-route warning at boot.
        forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }],
        pinoHttp: {
          level: env.logLevel,
          redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'],
          autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
