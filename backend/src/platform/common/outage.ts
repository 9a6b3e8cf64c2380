import { Logger } from '@nestjs/common';

/**
 * Whether an error means a dependency (PostgreSQL or Redis) is unreachable or going away, as
 * opposed to a bug or a bad request. Such a request is answered 503 (retry later), never 401 or
 * 500: a database blip must not sign fans out.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** PostgreSQL SQLSTATEs: connection exceptions (class 08), shutdown/not yet accepting (57P01–57P03), too many connections. */
const POSTGRES_CODES = /^(08...|57P0[123]|53300)$/;
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /connection is closed/i,
  /enableOfflineQueue/i,
  /command timed out/i,
  /max(imum)? ?retries ?per ?request/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

/**
 * TypeORM's errors for a statement on a query runner whose connection it has released: it does so
 * when the connection fails between two statements of a transaction (a Postgres restart), and the
 * next statement or the COMMIT then says only this. An outage when a Postgres connection of this
 * process failed moments before; otherwise a bug (a runner used after its release).
 */
const RELEASED_RUNNER = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);
const RELEASED_RUNNER_WINDOW_MS = 10_000;

export function isOutageError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as { code?: unknown; name?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || POSTGRES_CODES.test(e.code))) return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  if (typeof e.name === 'string' && RELEASED_RUNNER.has(e.name)) return outageLogs.get('PostgreSQL')?.failedWithin(RELEASED_RUNNER_WINDOW_MS) ?? false;
  if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
  // TypeORM wraps the driver's error; Node wraps causes.
  return isOutageError(e.driverError, depth + 1) || isOutageError(e.cause, depth + 1);
}

/** Seconds a client is asked to wait before trying again after a 503. */
export const OUTAGE_RETRY_AFTER_SECONDS = 2;

/** The dependencies whose connections report to an OutageLog. */
export type Dependency = 'PostgreSQL' | 'Redis';

export interface OutageLogger {
  warn(message: string): void;
}

/**
 * How long every connection must go without a failure after the last one came back before the
 * dependency is said to be back. A connection that opened while Postgres was shutting down comes
 * up and fails again a moment later; said at once, that was a second "unreachable" for one restart.
 */
export const SETTLE_MS = 1_000;
/**
 * A source that has not failed for this long while the others came back is taken as back too (a
 * client whose error was not followed by a reconnect must not keep the log quiet for good): longer
 * than the slowest reconnect backoff of ours (BullMQ's, 20 s).
 */
export const QUIET_SOURCE_MS = 30_000;
/** An error that is no outage is said again after this long (per source and text, numbers aside). */
export const REPEAT_OTHER_MS = 10 * 60_000;

/**
 * What one process says about one dependency through all its connections: ONE line when the first
 * of them fails, ONE when every one that failed works again and SETTLE_MS passed without a failure,
 * however many errors came between (without a listener, ioredis printed a stack per reconnect
 * attempt and pg ended the process). A source is whatever comes back as one: a Redis connection
 * reconnects itself, so each is its own source; Postgres connections are replaced rather than
 * reconnected, so all of a process's are one source, back when a new connection opens. An error
 * that is not an outage (isOutageError) is said once per source and text (numbers aside) every
 * REPEAT_OTHER_MS, and does not count.
 */
export class OutageLog {
  /** Sources failing now, with the time of their latest failure. */
  private readonly failing = new Map<string, number>();
  private downSince: number | null = null;
  private lastFailureAt = -Infinity;
  private errors = 0;
  private settling: NodeJS.Timeout | null = null;
  /** When each other error (source and text, numbers aside) was last said. */
  private readonly said = new Map<string, number>();

  constructor(
    readonly dependency: Dependency,
    private readonly logger: OutageLogger,
  ) {}

  /** Between the first failure and the line saying it is back. */
  get isDown(): boolean {
    return this.downSince !== null;
  }

  /** Whether a connection failed within the last `ms`. */
  failedWithin(ms: number): boolean {
    return Date.now() - this.lastFailureAt <= ms;
  }

  /** `source` (a connection, a pool) raised `error`. */
  failed(source: string, error: unknown): void {
    const message = error instanceof Error ? error.message || error.name : String(error);
    if (!isOutageError(error)) {
      // "Missing key for job 812" after Redis lost its data is one text, whatever the job.
      const key = `${source}\n${message.replace(/\d+/g, 'N')}`;
      const now = Date.now();
      if (now - (this.said.get(key) ?? -Infinity) < REPEAT_OTHER_MS) return;
      if (this.said.size > 1000) this.said.clear();
      this.said.set(key, now);
      this.logger.warn(`${this.dependency} (${source}): ${message}`);
      return;
    }
    const now = Date.now();
    this.lastFailureAt = now;
    this.failing.set(source, now);
    this.errors += 1;
    if (this.settling) {
      clearTimeout(this.settling);
      this.settling = null;
    }
    if (this.downSince !== null) return;
    this.downSince = now;
    this.errors = 1;
    this.logger.warn(`${this.dependency} is unreachable (${source}: ${message}); its connections retry quietly until it is back`);
  }

  /** `source` works (again): connected, ready. */
  recovered(source: string): void {
    if (!this.failing.delete(source)) return;
    const now = Date.now();
    for (const [other, at] of this.failing) if (now - at >= QUIET_SOURCE_MS) this.failing.delete(other);
    if (this.failing.size > 0 || this.downSince === null) return;
    const seconds = ((now - this.downSince) / 1000).toFixed(1);
    this.settling = setTimeout(() => {
      this.settling = null;
      this.downSince = null;
      // At the level of the line that said it was away: a log read at warn must not show an outage without its end.
      this.logger.warn(`${this.dependency} is back after ${seconds} s (${this.errors} connection error(s) meanwhile)`);
    }, SETTLE_MS);
    this.settling.unref();
  }

  /** `source` is closed for good (shutdown): it no longer holds an outage open, and says nothing. */
  closed(source: string): void {
    this.failing.delete(source);
    if (this.failing.size > 0 || this.settling) return;
    this.downSince = null;
  }
}

const outageLogs = new Map<Dependency, OutageLog>();

/**
 * The process's one OutageLog of `dependency`, so every connection to it reports to the same one.
 * `logger` is used when it is first asked for (tests pass their own).
 */
export function outageLog(dependency: Dependency, logger?: OutageLogger): OutageLog {
  let log = outageLogs.get(dependency);
  if (!log) {
    log = new OutageLog(dependency, logger ?? new Logger(`${dependency} outage`));
    outageLogs.set(dependency, log);
  }
  return log;
}

/**
 * Whether this process has said a dependency is away and not yet that it is back: then a request
 * it answers 503 needs no line of its own (the outage log said it once).
 */
export function dependencyAway(): boolean {
  for (const log of outageLogs.values()) if (log.isDown) return true;
  return false;
}

/**
 * A failed attempt's line where the attempt is simply made again later: at debug when the failure
 * is an outage (the outage log says that once for all of them), else at warn.
 */
export function warnUnlessOutage(logger: { warn(message: string): void; debug(message: string): void }, error: unknown, line: string): void {
  if (isOutageError(error)) logger.debug(line);
  else logger.warn(line);
}
