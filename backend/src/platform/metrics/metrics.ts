import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { streamEntryAgeSeconds } from './metric-labels';

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

/** Deliveries of an outbox event to one consumer given up after OUTBOX_MAX_ATTEMPTS failed attempts (dead letters), counted where they died. */
export const outboxDeadLetters = new Counter({
  name: 'scoreline_outbox_dead_letters_total',
  help: 'Outbox event deliveries given up after OUTBOX_MAX_ATTEMPTS failed attempts, by event and consumer',
  labelNames: ['event', 'consumer'] as const,
  registers: [metricsRegistry],
});

let countDeadLetters: (() => Promise<number>) | null = null;

/**
 * Dead letters now (given up and not replayed), read from the database when scraped: any process
 * answers the same. Not `scoreline_outbox_dead_letters`: in OpenMetrics that is the counter's family.
 */
export const outboxDeadLettersCurrent = new Gauge({
  name: 'scoreline_outbox_dead_letters_current',
  help: 'Outbox event deliveries that are dead letters now (given up, waiting for an operator)',
  registers: [metricsRegistry],
  async collect() {
    if (!countDeadLetters) return;
    try {
      this.set(await countDeadLetters());
    } catch {
      // The database away: the last value stays, and the scrape still answers.
    }
  },
});

/** The outbox tells the gauge how to count dead letters (called once, at init). */
export function countOutboxDeadLettersWith(count: () => Promise<number>): void {
  countDeadLetters = count;
}

/** Seconds since the oldest outbox event still waiting to be relayed was written (0: none). */
export const outboxLagSeconds = new Gauge({
  name: 'scoreline_outbox_lag_seconds',
  help: 'Age of the oldest undispatched outbox event',
  registers: [metricsRegistry],
});

/** API request latency by route template (never the raw URL: ids would explode the series). */
export const httpRequestDuration = new Histogram({
  name: 'scoreline_http_request_duration_seconds',
  help: 'API request latency, by method, route template and status class',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

let countConnectedSockets: (() => number) | null = null;

/** Socket.IO connections open on this replica, counted when scraped (no inc/dec to drift). */
export const liveSocketsConnected = new Gauge({
  name: 'scoreline_live_sockets_connected',
  help: 'Socket.IO connections open on this API replica',
  registers: [metricsRegistry],
  collect() {
    if (countConnectedSockets) this.set(countConnectedSockets());
  },
});

/** The gateway tells the gauge how to count its sockets (called once, at init). */
export function countConnectedSocketsWith(count: () => number): void {
  countConnectedSockets = count;
}

/** Seconds from a worker publishing a live message (its stream entry id) to a replica delivering it. */
export const liveRelayLagSeconds = new Histogram({
  name: 'scoreline_live_relay_lag_seconds',
  help: 'Delay between a live message entering the Redis stream and its delivery to the sockets',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 30, 60],
  registers: [metricsRegistry],
});

/** Observe one delivered stream entry's lag (ids not of the 'millis-seq' form are skipped). */
export function observeLiveRelayLag(entryId: string, nowMs = Date.now()): void {
  const age = streamEntryAgeSeconds(entryId, nowMs);
  if (age !== null) liveRelayLagSeconds.observe(age);
}

/** Jobs per queue and state (waiting, active, delayed, failed, ...), read from BullMQ when the worker is scraped. */
export const queueJobs = new Gauge({
  name: 'scoreline_queue_jobs',
  help: 'BullMQ jobs per queue and state, at scrape time',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});

/** Job attempts this worker finished, by queue and outcome (completed, failed: a failed attempt may retry). */
export const queueJobsProcessed = new Counter({
  name: 'scoreline_queue_jobs_processed_total',
  help: 'Job attempts finished by this worker, by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Live tables' bases this API process loaded, by size (big: BIG_TABLE members or more): a steady climb while nothing moves means the cache is too small for the leagues read. */
export const liveTableBaseLoads = new Counter({
  name: 'scoreline_live_table_base_loads_total',
  help: 'Bases of live tables loaded by this process, by size (big, small)',
  labelNames: ['size'] as const,
  registers: [metricsRegistry],
});

/** Stored league tables (season, gameweek, month) this API process loaded whole, by size: a climb while nothing moves means its cache is too small for the tables read. */
export const leagueTableLoads = new Counter({
  name: 'scoreline_league_table_loads_total',
  help: 'Whole stored league tables loaded by this process, by size (big, small)',
  labelNames: ['size'] as const,
  registers: [metricsRegistry],
});

/** The results feed's polls of the provider, by competition and outcome (ok, rate-limited, unavailable, timeout, unauthorized, bad-payload, error). */
export const feedPolls = new Counter({
  name: 'scoreline_feed_polls_total',
  help: "Results feed polls of the provider, by competition and outcome",
  labelNames: ['competition', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Problems the results feed met and wrote nothing for, by competition and kind (a failed call, a refused match, an unmatched team …). */
export const feedProblems = new Counter({
  name: 'scoreline_feed_problems_total',
  help: 'Results feed problems (failed calls, refused or unmatched matches), by competition and kind',
  labelNames: ['competition', 'kind'] as const,
  registers: [metricsRegistry],
});

let readFeedStaleness: (() => Promise<{ competition: string; seconds: number }[]>) | null = null;

/** Seconds since each fed competition's last good poll, read from the database when scraped (any process answers the same). */
export const feedStaleSeconds = new Gauge({
  name: 'scoreline_feed_stale_seconds',
  help: "Seconds since the results feed last polled a competition's provider successfully",
  labelNames: ['competition'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!readFeedStaleness) return;
    try {
      const rows = await readFeedStaleness();
      this.reset();
      for (const r of rows) this.set({ competition: r.competition }, r.seconds);
    } catch {
      // The database away: the last values stay, and the scrape still answers.
    }
  },
});

/** The feed tells the gauge how to read staleness (called once, at init). */
export function readFeedStalenessWith(read: () => Promise<{ competition: string; seconds: number }[]>): void {
  readFeedStaleness = read;
}

/** 1 while this process holds the results feed's lease (the one poller of the deployment), else 0. */
export const feedLeaseHeld = new Gauge({
  name: 'scoreline_feed_lease_held',
  help: "1 while this process holds the results feed's polling lease",
  registers: [metricsRegistry],
});
