import type { DataSourceOptions } from 'typeorm';
import { ALL_ENTITIES } from '../../entities';
import { ALL_MIGRATIONS } from './migrations';
import { PostgresClient } from './postgres-client';

/**
 * One definition of how we reach Postgres, used by the API, the workers, the migration
 * runner and the tests. Schema changes only through migrations: never `synchronize`.
 */
export function dataSourceOptions(databaseUrl: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ALL_ENTITIES,
    migrations: ALL_MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    // DATABASE_POOL_SIZE: k8s/README.md budgets replicas × pool against Postgres' max_connections.
    // Every connection with an error listener of its own (postgres-client.ts), so an idle one's
    // failure is told there, once per outage, not by TypeORM once per connection.
    extra: { max: poolSize, Client: PostgresClient },
    poolErrorHandler: () => undefined,
  };
}
