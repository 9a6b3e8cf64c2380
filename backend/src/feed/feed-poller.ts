import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { feedLeaseHeld } from '../platform/metrics/metrics';
import { RedisLease } from './feed-lease';
import { nextRequestAt, pickDue, turnAfterPoll, type CompetitionTurn, type ScheduleSettings } from './feed-schedule';
import type { FedCompetition, FeedService, PollReport } from './feed.service';
import type { ResultsProvider } from './provider';

export interface FeedPollerOptions extends ScheduleSettings {
  /** The Redis key of the deployment's one lease. */
  leaseKey: string;
  /** Another process takes over within this (plus a third of it) once the holder dies. */
  leaseTtlMs: number;
  /** How often the holder looks whether a poll is due. */
  tickMs: number;
  /** How often it re-reads which competitions are fed and which have a match in play. */
  refreshMs: number;
}

/** The settings of a deployment (tests shorten them). */
export function defaultPollerOptions(o: { queuePrefix: string; requestsPerMinute: number; idlePollSeconds: number; maxBackoffSeconds: number }): FeedPollerOptions {
  return {
    leaseKey: `${o.queuePrefix}:feed:lease`,
    leaseTtlMs: 10_000,
    tickMs: 1_000,
    refreshMs: 15_000,
    requestsPerMinute: o.requestsPerMinute,
    idlePollMs: o.idlePollSeconds * 1000,
    backoffBaseMs: 5_000,
    backoffCapMs: o.maxBackoffSeconds * 1000,
  };
}

const PRUNE_EVERY_MS = 3600 * 1000;

/**
 * The feed's one poller in the whole deployment (issue 35): every worker replica runs one, and
 * the one holding the Redis lease polls; the lease is renewed every third of its ttl, so when the
 * holder dies another replica takes over within seconds. The holder takes the competitions in
 * turn within the provider's budget (feed-schedule.ts) and hands each poll to FeedService.
 */
export class FeedPoller {
  private readonly logger = new Logger('FeedPoller');
  private readonly lease: RedisLease;
  private holding = false;
  private running = false;
  private loop: Promise<void> | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private turns = new Map<string, CompetitionTurn>();
  private fed: FedCompetition[] = [];
  private inPlay = new Set<string>();
  private refreshedAt = 0;
  private prunedAt = 0;
  /** No request of any competition before this (the budget's spacing, a 429's wait). */
  private notBefore = 0;
  /** Polls this instance made (requests to the provider). */
  pollsMade = 0;

  constructor(
    redis: Redis,
    private readonly feed: FeedService,
    private readonly provider: ResultsProvider,
    private readonly options: FeedPollerOptions,
  ) {
    this.lease = new RedisLease(redis, options.leaseKey, options.leaseTtlMs);
  }

  /** Whether this instance holds the lease now. */
  get isHolder(): boolean {
    return this.holding;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /**
   * Stops polling (an in-flight poll finishes first). `release`: give the lease up so another
   * replica takes over at once; without it the lease lapses after its ttl, as when the process dies.
   */
  async stop(opts: { release: boolean } = { release: true }): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
    if (opts.release && this.holding) await this.lease.release().catch(() => undefined);
    this.lose();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let waitMs = this.options.tickMs;
      try {
        if (!this.holding && !(await this.takeLease())) waitMs = Math.max(50, Math.floor(this.options.leaseTtlMs / 3));
        else waitMs = await this.pollDue();
      } catch (error) {
        this.logger.warn(`feed poller: ${(error as Error).message}`);
      }
      if (this.running && waitMs > 0) await this.sleep(waitMs);
    }
  }

  private async takeLease(): Promise<boolean> {
    if (!(await this.lease.acquire())) return false;
    this.holding = true;
    feedLeaseHeld.set(1);
    // A new holder starts with every competition due at once (its map is empty). One that lost the
    // lease for a moment (a renewal late on a stalled loop) keeps its turns, so a back-off from a
    // failing provider survives the lapse instead of starting over at its shortest wait.
    this.refreshedAt = 0;
    this.logger.log(`feed poller: this process polls now (lease ${this.lease.key})`);
    this.scheduleRenewal();
    return true;
  }

  private scheduleRenewal(): void {
    this.renewTimer = setTimeout(() => {
      this.renewTimer = null;
      if (!this.holding) return;
      this.lease
        .renew()
        .then((mine) => {
          if (!mine) {
            this.logger.warn('feed poller: the lease was lost; another process polls now');
            this.lose();
          } else if (this.holding && this.running) this.scheduleRenewal();
        })
        .catch((error: unknown) => {
          // Cannot tell whether it is still ours: stop polling; the loop takes it again when it can.
          this.logger.warn(`feed poller: the lease could not be renewed (${(error as Error).message}); polling stops until it is taken again`);
          this.lose();
        });
    }, Math.max(20, Math.floor(this.options.leaseTtlMs / 3)));
    this.renewTimer.unref();
  }

  private lose(): void {
    if (this.renewTimer) clearTimeout(this.renewTimer);
    this.renewTimer = null;
    if (this.holding) feedLeaseHeld.set(0);
    this.holding = false;
  }

  /** One step of the holder: poll the competition whose turn came, if the budget allows; answers how long to wait. */
  private async pollDue(): Promise<number> {
    const now = Date.now();
    if (now - this.refreshedAt >= this.options.refreshMs) await this.refresh(now);
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now;
      await this.feed.pruneProblems();
    }
    if (now < this.notBefore) return Math.min(this.notBefore - now, this.options.tickMs);
    const turn = pickDue([...this.turns.values()], now, this.inPlay);
    const fed = turn && this.fed.find((f) => f.competition === turn.competition);
    if (!turn || !fed) return this.options.tickMs;
    if (!this.holding || !this.running) return 0;

    let report: PollReport;
    try {
      report = await this.feed.pollCompetition(this.provider, fed);
    } catch (error) {
      this.logger.warn(`feed ${fed.competition}: the poll failed: ${(error as Error).message}`);
      report = { competition: fed.competition, outcome: 'error', requestsLeft: null, resetSeconds: null, retryAfterSeconds: null, applied: 0, problems: 0 };
    }
    const after = Date.now();
    if (report.outcome === 'not-active') {
      // No longer played: dropped at once, no request was made.
      this.turns.delete(fed.competition);
      this.refreshedAt = 0;
      return 0;
    }
    this.pollsMade += 1;
    const inPlay = (await this.feed.competitionsInPlay([fed.competition])).has(fed.competition);
    if (inPlay) this.inPlay.add(fed.competition);
    else this.inPlay.delete(fed.competition);
    const next = turnAfterPoll(turn, after, report, inPlay, this.options);
    this.turns.set(fed.competition, next);
    this.notBefore = nextRequestAt(after, report, this.options);
    await this.feed.recordNextPoll(fed.competition, new Date(Math.max(next.dueAt, this.notBefore)));
    return 0;
  }

  /** The competitions fed now (a season activated or ended) and which of them are in play. */
  private async refresh(now: number): Promise<void> {
    this.fed = await this.feed.competitionsToPoll();
    const codes = this.fed.map((f) => f.competition);
    this.inPlay = await this.feed.competitionsInPlay(codes);
    const turns = new Map<string, CompetitionTurn>();
    for (const code of codes) turns.set(code, this.turns.get(code) ?? { competition: code, dueAt: now, lastPolledAt: 0, failures: 0 });
    this.turns = turns;
    this.refreshedAt = now;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }
}
