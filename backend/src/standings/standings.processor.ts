import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { OutboxConsumer } from '../platform/outbox/outbox-consumer';
import { WORKER_OPTIONS } from '../platform/queue/worker-options';
import { retryWhileDown } from '../platform/queue/outage-retry';
import { afterScoring } from '../platform/queue/scoring-first';
import type { QueueJob } from '../platform/outbox/queue-jobs';
import type { RecomputeResult } from './standings.service';
import { RECOMPUTE_LEAGUE, RECOMPUTE_SMALL_LEAGUES, StandingsJobsService } from './standings-jobs.service';
import { afterTables, queuedTablesOf } from './tables-first';

/**
 * Consumes the `standings` queue: a league's recompute, a batch of small leagues' recompute, or
 * an event whose affected leagues get theirs queued — the work is StandingsJobsService's.
 * Registered by the workers module only (never by a module the API imports).
 */
@Processor('standings', { ...WORKER_OPTIONS, concurrency: 4 })
export class StandingsProcessor extends OutboxConsumer<'standings'> {
  constructor(
    private readonly jobs: StandingsJobsService,
    @InjectQueue('scoring') private readonly scoring: Queue,
    @InjectQueue('standings') private readonly standings: Queue,
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
    return retryWhileDown(job, token, () => afterScoring(job, token, this.scoring, () => super.process(job, token)));
  }

  protected async handle(job: QueueJob<'standings'>, token?: string): Promise<RecomputeResult | number> {
    if (job.name === RECOMPUTE_LEAGUE) return this.jobs.recomputeLeague(job.data.leagueId);
    if (job.name === RECOMPUTE_SMALL_LEAGUES) return this.jobs.recomputeSmallLeagues(job.data.leagueIds);
    if (job.name === 'scores.updated') {
      // Its recomputes once (their job ids kept in the job's progress while it waits), then its winners and rank history; answers the recomputes it waited for.
      let tables = queuedTablesOf(job.progress);
      if (tables === null) {
        tables = (await this.jobs.queueRecomputes(job.data)).tables;
        await job.updateProgress({ tables });
      }
      await afterTables(job, token, tables, this.standings, () => this.jobs.afterScores(job.data.payload));
      return tables.length;
    }
    return this.jobs.eventArrived(job.data);
  }
}
