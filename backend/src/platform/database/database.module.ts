import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { dataSourceOptions } from './data-source-options';
import { GenericPlanPool } from './generic-plan-pool';

/** TypeORM on Postgres, and the generic-plan pool beside it. Migrations are applied before the app starts (see migrate.ts). */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_ENV],
      useFactory: (env: AppEnv) => dataSourceOptions(env.databaseUrl, env.databasePoolSize),
    }),
  ],
  providers: [GenericPlanPool],
  exports: [GenericPlanPool],
})
export class DatabaseModule {}
