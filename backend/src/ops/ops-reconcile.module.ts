import { Module } from '@nestjs/common';
import { AppConfigModule } from '../platform/config/config.module';
import { DatabaseModule } from '../platform/database/database.module';
import { OutboxModule } from '../platform/outbox/outbox.module';
import { ReconcileModule } from '../reconcile/reconcile.module';
import { RedisModule } from '../platform/redis/redis.module';

/**
 * The container of `ops reconcile`: unlike the other commands it needs Redis, because a
 * repaired league table is pushed to its members as the standings worker would.
 */
@Module({ imports: [AppConfigModule, DatabaseModule, RedisModule, OutboxModule, ReconcileModule] })
export class OpsReconcileModule {}
