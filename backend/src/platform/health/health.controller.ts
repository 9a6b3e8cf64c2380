import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import Redis from 'ioredis';
import { ApiAnswer, ApiPublic } from '../common/api-docs.decorators';
import { REDIS } from '../redis/redis.module';

@ApiTags('health')
@ApiPublic()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /**
   * Liveness: the process answers, and nothing else. A Postgres or Redis outage must not make
   * Kubernetes restart every replica; readiness takes them out of the Service instead.
   */
  @Get('live')
  @ApiOperation({ summary: 'Liveness probe: the process answers (touches no dependency)' })
  @ApiAnswer({ type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness probe: Postgres and Redis answer, or 503' })
  ready() {
    return this.check();
  }

  /** The same as /ready (kept: scripts and tests wait on it). */
  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness, as /api/health/ready (kept: scripts and tests wait on it)' })
  check() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 2000 }),
      async () => {
        const indicator = this.indicators.check('redis');
        try {
          await this.redis.ping();
          return indicator.up();
        } catch (error) {
          return indicator.down({ message: (error as Error).message });
        }
      },
    ]);
  }
}
