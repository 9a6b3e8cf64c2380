import { Module } from '@nestjs/common';
import { MetricsListener } from './metrics-listener';

/** GET /metrics on a listener of its own (METRICS_PORT), not among the API's routes. */
@Module({ providers: [MetricsListener], exports: [MetricsListener] })
export class MetricsModule {}
