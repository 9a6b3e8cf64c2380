import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import { OutboxService } from '../outbox/outbox.service';
import { lockSeasonForScoring, scoreFixturePredictions, selectFixtureGameweek, selectFixtureSeason } from './scoring.queries';

export interface ScoreFixtureResult {
  fixtureId: number;
  /** Predictions whose points, outcome or finality changed (0 for a replay). */
  changed: number;
  status: FixtureStatus | null;
}

/**
 * Scores a fixture's predictions and moves the users' totals, then (when any prediction changed
 * or the score moved since the last scoring) raises `scores.updated` through the outbox in the same transaction. Safe to run any number
 * of times, concurrently and in any order: it scores the fixture's current row, not the event.
 */
@Injectable()
export class ScoringService {
  private readonly logger = new Logger(ScoringService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * `seasonId` when the caller knows it (the result.recorded event carries it; a fixture never
   * changes season), so the fixture is read once, under the lock; otherwise it is looked up first.
   */
  async scoreFixture(fixtureId: number, seasonId?: number): Promise<ScoreFixtureResult> {
    const season = seasonId ?? (await selectFixtureSeason(this.db, fixtureId));
    if (season === null) return this.gone(fixtureId);
    return this.db.transaction(async (tx) => {
      await lockSeasonForScoring(tx, season);
      // Read under the lock: an import may have moved the fixture to another gameweek.
      const gameweekId = await selectFixtureGameweek(tx, fixtureId);
      if (gameweekId === null) return this.gone(fixtureId);
      const result = await scoreFixturePredictions(tx, fixtureId, gameweekId, season);
      // A goal that moves nobody's points is still news: the goal push and the live screens.
      if (result.changed > 0 || result.score_moved) {
        await this.outbox.publish(tx, 'scores.updated', {
          fixtureId,
          seasonId: season,
          gameweekId,
          status: result.status,
          final: result.status === 'finished' || result.status === 'postponed',
        });
      }
      return { fixtureId, changed: result.changed, status: result.status };
    });
  }

  private gone(fixtureId: number): ScoreFixtureResult {
    this.logger.warn(`result.recorded for fixture ${fixtureId}, which no longer exists`);
    return { fixtureId, changed: 0, status: null };
  }
}
