import { Processor } from '@nestjs/bullmq';
import { OutboxConsumer } from '../../../backend/src/outbox/outbox-consumer';
import { WORKER_OPTIONS } from '../../../backend/src/queue/worker-options';
import { Logger } from '@nestjs/common';
import type { QueueJob } from '../../../backend/src/outbox/queue-jobs';
import { ScoringService, type ScoreFixtureResult } from '../../../backend/src/scoring/scoring.service';

/**
 * Consumes the `scoring` queue: each result.recorded re-scores its fixture from the fixture's
 * current row (the payload is only a pointer), so duplicates and reordering are harmless.
 */
@Processor('scoring', { ...WORKER_OPTIONS, concurrency: 2 })
export class ResultRecordedProcessor extends OutboxConsumer<'scoring'> {
  private readonly logger = new Logger(ResultRecordedProcessor.name);

  constructor(private readonly scoring: ScoringService) {
    super();
  }

  protected async handle(job: QueueJob<'scoring'>): Promise<ScoreFixtureResult | 'ignored'> {
    if (job.data.name !== 'result.recorded') {
      this.logger.warn(`scoring queue: no handler for ${job.data.name}`);
      return 'ignored';
    }
    const { fixtureId } = job.data.payload;
    return this.scoring.scoreFixture(fixtureId);
  }
}
