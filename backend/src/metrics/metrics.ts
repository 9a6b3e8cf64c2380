import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One Prometheus registry per process (API or worker), exposed at /metrics. Metrics are module
 * singletons so any domain can count without injection; the names are the contract with the
 * dashboards, so they are defined here once.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'scoreline_' });

/** Rows the reconciler found wrong and repaired, by kind (predictions, gameweek_totals, season_totals, standings, outbox). */
export const reconcilerRepairs = new Counter({
  name: 'scoreline_reconciler_repairs_total',
  help: 'Rows (or jobs) the reconciler found drifting and repaired, by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

/** Reconciler passes, by outcome (ok, error). */
export const reconcilerRuns = new Counter({
  name: 'scoreline_reconciler_runs_total',
  help: 'Reconciler passes, by outcome',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** Outbox events whose queue jobs were lost or failed and were handed to the queues again. */
export const outboxRedispatches = new Counter({
  name: 'scoreline_outbox_redispatched_total',
  help: 'Outbox event deliveries re-enqueued because their job was lost or had failed, by queue',
  labelNames: ['queue', 'reason'] as const,
  registers: [metricsRegistry],
});

/** Seconds since the oldest outbox event still waiting to be relayed was written (0: none). */
export const outboxLagSeconds = new Gauge({
  name: 'scoreline_outbox_lag_seconds',
  help: 'Age of the oldest undispatched outbox event',
  registers: [metricsRegistry],
});
