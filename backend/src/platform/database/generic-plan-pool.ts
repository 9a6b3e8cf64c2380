import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { PostgresClient } from './postgres-client';

/**
 * A few connections on which every named prepared statement keeps one generic plan
 * (`plan_cache_mode = force_generic_plan`), never a parallel or JIT-compiled one (a generic plan's
 * guessed row counts can cross the JIT threshold: ~25 ms of compiling per run, for a statement
 * that runs in under 1 ms). For a hot statement whose generic plan is right whatever its values,
 * but which Postgres would re-plan on every run because a generic plan's estimates (a range of
 * unknown bounds: 0.5% of the rows) look dearer than a custom plan's, so that planning costs more
 * than running. Only named statements go here: on these connections an unnamed statement would
 * get a generic plan too.
 */
@Injectable()
export class GenericPlanPool implements OnApplicationShutdown {
  /** Asked through queryGenericPlan (database.queries.ts) only. */
  readonly pool: Pool;

  constructor(@Inject(APP_ENV) env: AppEnv) {
    // Connections open on first use: a process that never asks holds none.
    this.pool = new Pool({
      connectionString: env.databaseUrl,
      max: GENERIC_PLAN_POOL_SIZE,
      // Named, so pg_stat_activity tells its connections apart.
      application_name: GENERIC_PLAN_APPLICATION_NAME,
      options: '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0 -c jit=off',
      Client: PostgresClient,
    });
    // An idle connection dropped by Postgres (a restart) is an 'error' on the pool: unheard, it
    // would end the process. The pool discards that connection and opens a new one when asked;
    // its PostgresClient has told the outage log already.
    this.pool.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

export const GENERIC_PLAN_APPLICATION_NAME = 'scoreline-generic-plans';

/** Its connections, beside DATABASE_POOL_SIZE's (k8s/README.md budgets both against max_connections). */
export const GENERIC_PLAN_POOL_SIZE = 2;
