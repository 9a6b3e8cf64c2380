import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { OutboxConsumer } from '../platform/outbox/outbox-consumer';
import { WORKER_OPTIONS } from '../platform/queue/worker-options';
import { retryWhileDown } from '../platform/queue/outage-retry';
import { Logger } from '@nestjs/common';
import type { QueueJob } from '../platform/outbox/queue-jobs';
import { ScoringService, type ScoreFixtureResult } from './scoring.service';

/**
 * Consumes the `scoring` queue: each result.recorded re-scores its fixture from the fixture's
 * current row (the payload gives only the fixture and its season, which never changes), so
 * duplicates and reordering are harmless.
 */
@Processor('scoring', { ...WORKER_OPTIONS, concurrency: 2 })
export class ResultRecordedProcessor extends OutboxConsumer<'scoring'> {
  private readonly logger = new Logger(ResultRecordedProcessor.name);

  constructor(private readonly scoring: ScoringService) {
    super();
  }

  /** A result whose scoring met Postgres or Redis away is scored within a second of it answering (retryWhileDown). */
  override process(job: Job, token?: string): Promise<unknown> {
    return retryWhileDown(job, token, () => super.process(job));
  }

  protected async handle(job: QueueJob<'scoring'>): Promise<ScoreFixtureResult | 'ignored'> {
    if (job.data.name !== 'result.recorded') {
      this.logger.warn(`scoring queue: no handler for ${job.data.name}`);
      return 'ignored';
    }
    const { fixtureId, seasonId } = job.data.payload;
    return this.scoring.scoreFixture(fixtureId, seasonId);
  }
}
