import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiError } from '../common/api-error';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { metricsAccessAllowed } from './metric-labels';
import { metricsRegistry } from './metrics';

/** GET /metrics (outside /api): Prometheus text. Behind METRICS_TOKEN when one is set. */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(APP_ENV) private readonly env: AppEnv) {}

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response): Promise<void> {
    if (!metricsAccessAllowed(authorization, this.env.metricsToken)) throw ApiError.unauthorized('A valid metrics token is required.');
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  }
}
