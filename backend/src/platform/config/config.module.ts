import { Global, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { AppEnv, loadEnvOrExit } from './env';

/** Injection token for the parsed, typed environment. */
export const APP_ENV = Symbol('APP_ENV');

/**
 * @nestjs/config loads a `.env` file (if there is one) under the real environment; our parser
 * then turns it into one typed object, or stops the process naming the bad variable.
 */
@Global()
@Module({
  imports: [
    ConfigModule.forRoot({
      cache: true,
      ignoreEnvFile: process.env.NODE_ENV === 'test',
      load: [() => ({ appEnv: loadEnvOrExit() })],
    }),
  ],
  providers: [{ provide: APP_ENV, inject: [ConfigService], useFactory: (config: ConfigService): AppEnv => config.getOrThrow<AppEnv>('appEnv') }],
  exports: [APP_ENV],
})
export class AppConfigModule {}
