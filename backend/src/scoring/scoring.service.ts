import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { FixtureStatus } from '../../../contracts/src/game/gameweek-status';
import { OutboxService } from '../outbox/outbox.service';
import { SCORE_FIXTURE_SQL, SCORING_LOCK_NAMESPACE } from './score-fixture.sql';

export interface ScoreFixtureResult {
  fixtureId: number;
  /** Predictions whose points, outcome or finality changed (0 for a replay). */
  changed: number;
  status: FixtureStatus | null;
}

/**
 * Scores a fixture's predictions and moves the users' totals, then (when anything changed)
 * raises `scores.updated` through the outbox in the same transaction. Safe to run any number
 * of times, concurrently and in any order: it reads the fixture's current row, not the event.
 */
@Injectable()
export class ScoringService {
  private readonly logger = new Logger(ScoringService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async scoreFixture(fixtureId: number): Promise<ScoreFixtureResult> {
    return this.db.transaction(async (tx) => {
      const found: { season_id: number; gameweek_id: number }[] = await tx.query(
        `SELECT season_id, gameweek_id FROM fixtures WHERE id = $1`,
        [fixtureId],
      );
      if (found.length === 0) {
        this.logger.warn(`result.recorded for fixture ${fixtureId}, which no longer exists`);
        return { fixtureId, changed: 0, status: null };
      }
      const { season_id: seasonId } = found[0];
      // One scorer per season at a time: fixtures of a season share the users' season totals
      // rows, so serialising avoids deadlocks, and the old values read below cannot move.
      await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [SCORING_LOCK_NAMESPACE, seasonId]);
      // The gameweek is read again under the lock (an import may have moved the fixture).
      const [{ gameweek_id: gameweekId }]: { gameweek_id: number }[] = await tx.query(
        `SELECT gameweek_id FROM fixtures WHERE id = $1`,
        [fixtureId],
      );
      // One big statement over up to every user: JIT compilation costs more than it saves, and
      // the hash joins over 100k users should not spill to disk.
      await tx.query(`SET LOCAL jit = off`);
      await tx.query(`SET LOCAL work_mem = '64MB'`);
      const [result]: { changed: number; status: FixtureStatus }[] = await tx.query(SCORE_FIXTURE_SQL, [fixtureId, gameweekId, seasonId]);
      if (result.changed > 0) {
        await this.outbox.publish(tx, 'scores.updated', {
          fixtureId,
          seasonId,
          gameweekId,
          final: result.status === 'finished' || result.status === 'postponed',
        });
      }
      return { fixtureId, changed: result.changed, status: result.status };
    });
  }
}
