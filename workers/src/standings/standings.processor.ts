import { createHash } from 'node:crypto';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { OutboxConsumer } from '@scoreline/backend/outbox/outbox-consumer';
import { WORKER_OPTIONS } from '@scoreline/backend/queue/worker-options';
import { retryWhileDown } from '@scoreline/backend/queue/outage-retry';
import { afterScoring } from '@scoreline/backend/queue/scoring-first';
import type { NewQueueJob, QueueJob, QueueJobName, QueueOf } from '@scoreline/backend/outbox/queue-jobs';
import { LiveEventsService } from '@scoreline/backend/live/live-events.service';
import { RecomputeResult, StandingsService } from '@scoreline/backend/standings/standings.service';
import { PeriodWinnersService } from '@scoreline/backend/standings/period-winners.service';
import { RankHistoryService } from '@scoreline/backend/standings/rank-history.service';

/** Job name of one league's (coalesced) recompute, on the same queue as the events. */
export const RECOMPUTE_LEAGUE = 'standings.recompute' satisfies QueueJobName<'standings'>;
/** Job name of a batch of small leagues' recompute (StandingsService.recomputeGroups). */
export const RECOMPUTE_SMALL_LEAGUES = 'standings.recompute-small' satisfies QueueJobName<'standings'>;
/**
 * Extra wait before a league's recompute starts. 0: bursts still fold, because while a
 * recompute waits in the queue further events add nothing (deduplication) and while one runs
 * exactly one more is kept (keepLastIfActive) — a delay would only add push latency (the
 * push-latency bench measured p95 1.1 s with 250 ms against 0.4 s with 0). Read on every event,
 * so the bench can compare.
 */
export const STANDINGS_COALESCE = { ms: 0 };

/**
 * Consumes the `standings` queue. An event (scores.updated, member.joined, member.left) becomes
 * a recompute of each affected league (a scores.updated: of the event's season's competition
 * only, StandingsService.leaguesAffectedBy): a big league alone, deduplicated by league (while one
 * waits, more events add nothing; while one runs, exactly one more is kept to run after it), and
 * small leagues in batches, deduplicated by the batch's leagues (the next goal of the same match
 * touches the same leagues, so it folds alike; a batch never mixes seasons). A scores.updated also
 * settles its gameweek's and month's winners in every league of its competition
 * (PeriodWinnersService) and, once its gameweek completes, their rank history (RankHistoryService).
 */
@Processor('standings', { ...WORKER_OPTIONS, concurrency: 4 })
export class StandingsProcessor extends OutboxConsumer<'standings'> {
  constructor(
    private readonly standings: StandingsService,
    @InjectQueue('standings') private readonly queue: QueueOf<'standings'>,
    @InjectQueue('scoring') private readonly scoring: Queue,
    private readonly live: LiveEventsService,
    private readonly winners: PeriodWinnersService,
    private readonly rankHistory: RankHistoryService,
  ) {
    super();
  }

  /**
   * A job that met Postgres or Redis away runs again within a second, as the same job (retryWhileDown):
   * a league's pending recompute keeps its deduplication id, so newer events for the league still
   * fold into it, and it no longer waits out BullMQ's growing backoff after the database is back.
   * While a fixture is being scored the job steps back (afterScoring): the scorer comes first.
   */
  override process(job: Job, token?: string): Promise<unknown> {
    return retryWhileDown(job, token, () => afterScoring(job, token, this.scoring, () => super.process(job)));
  }

  protected async handle(job: QueueJob<'standings'>): Promise<RecomputeResult | number> {
    if (job.name === RECOMPUTE_LEAGUE) {
      const result = await this.standings.recomputeLeague(job.data.leagueId);
      await this.pushStored(result);
      return result;
    }
    if (job.name === RECOMPUTE_SMALL_LEAGUES) {
      const results = await this.standings.recomputeSmallLeagues(job.data.leagueIds);
      for (const result of results) await this.pushStored(result);
      return results.length;
    }
    const leagueIds = await this.standings.leaguesAffectedBy(job.data);
    const { alone, batches } = await this.standings.recomputeGroups(leagueIds);
    const recomputes: NewQueueJob<'standings'>[] = [
      ...alone.map((leagueId): NewQueueJob<'standings', typeof RECOMPUTE_LEAGUE> => ({
        name: RECOMPUTE_LEAGUE,
        data: { leagueId },
        opts: { delay: STANDINGS_COALESCE.ms, deduplication: { id: `league-${leagueId}`, keepLastIfActive: true } },
      })),
      ...batches.map((batch): NewQueueJob<'standings', typeof RECOMPUTE_SMALL_LEAGUES> => ({
        name: RECOMPUTE_SMALL_LEAGUES,
        data: { leagueIds: batch },
        opts: { delay: STANDINGS_COALESCE.ms, deduplication: { id: `leagues-${createHash('sha1').update(batch.join(',')).digest('hex')}`, keepLastIfActive: true } },
      })),
    ];
    if (recomputes.length > 0) await this.queue.addBulk(recomputes);
    if (job.data.name === 'scores.updated') {
      // A settled (or re-opened, or corrected) gameweek and its month: their winners' entries, pushed after the commit.
      await this.live.activitiesCreated(await this.winners.settle(job.data.payload.gameweekId));
    }
    // The final scores of a completed gameweek store its rank history (after the live tables' recomputes are queued).
    if (job.data.name === 'scores.updated') await this.rankHistory.recordAfterScores(job.data.payload);
    return leagueIds.length;
  }

  /** Pushed after the commit, so a client that refetches sees the new table. */
  private async pushStored(result: RecomputeResult): Promise<void> {
    await this.live.tableStored(result);
    await this.live.activitiesCreated(result.activities);
  }
}
