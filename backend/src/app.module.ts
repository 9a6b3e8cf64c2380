import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AccountModule } from './account/account.module';
import { AdminModule } from './admin/admin.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { ClientErrorsModule } from './client-errors/client-errors.module';
import { BonusModule } from './bonus/bonus.module';
import { CompareModule } from './compare/compare.module';
import { CompetitionsModule } from './competitions/competitions.module';
import { ConsoleModule } from './console/console.module';
import { FailoverThrottlerStorage } from './platform/request-auth/rate-limit-storage';
import { LoggingModule } from './platform/common/logging.module';
import { AppConfigModule, APP_ENV } from './platform/config/config.module';
import type { AppEnv } from './platform/config/env';
import { DatabaseModule } from './platform/database/database.module';
import { FeedModule } from './feed/feed.module';
import { CalendarModule } from './calendar/calendar.module';
import { FixturesModule } from './fixtures/fixtures.module';
import { HealthModule } from './platform/health/health.module';
import { LeaguesModule } from './leagues/leagues.module';
import { LiveModule } from './live/live.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { OnboardingModule } from './onboarding/onboarding.module';
import { OutboxModule } from './platform/outbox/outbox.module';
import { PicksModule } from './picks/picks.module';
import { PredictionsModule } from './predictions/predictions.module';
import { PushApiModule } from './push/push-api.module';
import { QueueBoardModule } from './console/queue-board.module';
import { RedisModule } from './platform/redis/redis.module';
import { SeasonsModule } from './seasons/seasons.module';
import { StatsModule } from './stats/stats.module';

/** Infrastructure shared by the API and the workers. */
export const CORE_IMPORTS = [AppConfigModule, LoggingModule, DatabaseModule, RedisModule, OutboxModule];

@Module({
  imports: [
    ...CORE_IMPORTS,
    ThrottlerModule.forRootAsync({
      inject: [APP_ENV],
      useFactory: (env: AppEnv) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: 60 }],
        // Limits hold across replicas because the counters live in Redis (in memory while it is down).
        storage: new FailoverThrottlerStorage(env.redisUrl, `${env.queuePrefix}:throttle:`),
      }),
    }),
    HealthModule,
    LiveModule,
    AuthModule,
    OnboardingModule,
    LeaguesModule,
    SeasonsModule,
    CompetitionsModule,
    FixturesModule,
    CalendarModule,
    PredictionsModule,
    PushApiModule,
    StatsModule,
    CompareModule,
    PicksModule,
    BonusModule,
    AdminModule,
    FeedModule,
    AuditModule,
    ConsoleModule,
    AccountModule,
    MetricsModule,
    QueueBoardModule,
    ClientErrorsModule,
  ],
})
export class AppModule {}
