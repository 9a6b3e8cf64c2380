import { InjectQueue, Processor } from '@nestjs/bullmq';
import { OutboxConsumer } from '@scoreline/backend/outbox/outbox-consumer';
import { WORKER_OPTIONS } from '@scoreline/backend/queue/worker-options';
import type { NewQueueJob, QueueJob, QueueJobName, QueueOf } from '@scoreline/backend/outbox/queue-jobs';
import { LiveEventsService } from '@scoreline/backend/live/live-events.service';
import { RecomputeResult, StandingsService } from '@scoreline/backend/standings/standings.service';
import { PeriodWinnersService } from '@scoreline/backend/standings/period-winners.service';
import { RankHistoryService } from '@scoreline/backend/standings/rank-history.service';

/** Job name of one league's (coalesced) recompute, on the same queue as the events. */
export const RECOMPUTE_LEAGUE = 'standings.recompute' satisfies QueueJobName<'standings'>;
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
 * one recompute job per affected league, deduplicated by league: while one waits, more events
 * add nothing; while one runs, exactly one more is kept to run after it. A scores.updated also
 * settles its gameweek's and month's winners in every league (PeriodWinnersService).
 */
@Processor('standings', { ...WORKER_OPTIONS, concurrency: 4 })
export class StandingsProcessor extends OutboxConsumer<'standings'> {
  constructor(
    private readonly standings: StandingsService,
    @InjectQueue('standings') private readonly queue: QueueOf<'standings'>,
    private readonly live: LiveEventsService,
    private readonly winners: PeriodWinnersService,
    private readonly rankHistory: RankHistoryService,
  ) {
    super();
  }

  protected async handle(job: QueueJob<'standings'>): Promise<RecomputeResult | number> {
    if (job.name === RECOMPUTE_LEAGUE) {
      const result = await this.standings.recomputeLeague(job.data.leagueId);
      // Pushed after the commit, so a client that refetches sees the new table.
      await this.live.tableStored(result);
      await this.live.activitiesCreated(result.activities);
      return result;
    }
    const leagueIds = await this.standings.leaguesAffectedBy(job.data);
    if (leagueIds.length > 0) {
      const recomputes = leagueIds.map((leagueId): NewQueueJob<'standings', typeof RECOMPUTE_LEAGUE> => ({
        name: RECOMPUTE_LEAGUE,
        data: { leagueId },
        opts: { delay: STANDINGS_COALESCE.ms, deduplication: { id: `league-${leagueId}`, keepLastIfActive: true } },
      }));
      await this.queue.addBulk(recomputes);
    }
    if (job.data.name === 'scores.updated') {
      // A settled (or re-opened, or corrected) gameweek and its month: their winners' entries, pushed after the commit.
      await this.live.activitiesCreated(await this.winners.settle(job.data.payload.gameweekId));
    }
    // The final scores of a completed gameweek store its rank history (after the live tables' recomputes are queued).
    if (job.data.name === 'scores.updated') await this.rankHistory.recordAfterScores(job.data.payload);
    return leagueIds.length;
  }
}
