import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { dataSourceOptions } from './data-source-options';

/** TypeORM on Postgres. Migrations are applied before the app starts (see migrate.ts). */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_ENV],
      useFactory: (env: AppEnv) => dataSourceOptions(env.databaseUrl, env.databasePoolSize),
    }),
  ],
})
export class DatabaseModule {}
