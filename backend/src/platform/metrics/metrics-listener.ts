import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { closeMetricsServer, createMetricsServer, listenMetricsServer } from './metrics-server';

/**
 * The API's GET /metrics, on METRICS_PORT (never the main port): started with the app (its
 * `init()`, which `listen()` calls) when METRICS_PORT is set, closed with it. A taken port stops
 * the start. Tests (METRICS_PORT=0) find the port with `address()`.
 */
@Injectable()
export class MetricsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;
  private bound: AddressInfo | null = null;

  constructor(@Inject(APP_ENV) private readonly env: AppEnv) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.metricsPort === null || this.server) return;
    const server = createMetricsServer(this.env.metricsToken);
    this.bound = await listenMetricsServer(server, this.env.metricsPort);
    this.server = server;
    this.logger.log(`GET /metrics on port ${this.bound.port}${this.env.metricsToken === null ? ' (no METRICS_TOKEN: open)' : ''}`);
  }

  /** Where GET /metrics answers (its port when METRICS_PORT=0); null with METRICS_PORT off, or before the app started. */
  address(): AddressInfo | null {
    return this.bound;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.bound = null;
    if (server) await closeMetricsServer(server);
  }
}
