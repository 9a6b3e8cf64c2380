import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { KeyedQueue } from '../platform/common/keyed-queue';
import { OutboxService } from '../platform/outbox/outbox.service';
import {
  hasPredictionsAtLeast,
  lockSeasonForScoring,
  scoreFixturePredictions,
  selectFixtureToScore,
  selectFixtureSeason,
  selectLiveTotals,
  type FanTotals,
  type ScoredFixture,
} from './scoring.queries';

export type { FanTotals, FanTotalsRow } from './scoring.queries';

interface Scorable {
  id: number;
  gameweek_id: number;
  knockout: boolean;
}

export interface ScoreFixtureResult {
  fixtureId: number;
  /** Predictions whose points, outcome or finality changed (0 for a replay). */
  changed: number;
  status: FixtureStatus | null;
}

/**
 * Scores a fixture's predictions and moves the users' totals, then (when any prediction changed
 * or the score or status moved since the last scoring) raises `scores.updated` through the outbox in the same transaction. Safe to run any number
 * of times, concurrently and in any order: it scores the fixture's current row, not the event.
 */
@Injectable()
export class ScoringService {
  private readonly logger = new Logger(ScoringService.name);
  private readonly seasonTurns = new KeyedQueue<number>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
    @Inject(APP_ENV) private readonly env: Pick<AppEnv, 'scoringSplit'>,
  ) {}

  /**
   * The season's scoring lock in the caller's transaction: no scorer moves the season's totals
   * until it commits (the reconciler repairs totals under it).
   */
  lockSeason(tx: EntityManager, seasonId: number): Promise<void> {
    return lockSeasonForScoring(tx, seasonId);
  }

  /**
   * A fan's season and gameweek totals as this scorer would write them at the fixtures' current
   * scores: a goal counts at once, though scoring a big fixture takes a while (~13 s at 1M).
   */
  liveTotals(userId: number, seasonId: number): Promise<FanTotals> {
    return selectLiveTotals(this.db, userId, seasonId);
  }

  /**
   * `seasonId` when the caller knows it (the result.recorded event carries it; a fixture never
   * changes season), so the fixture is read once, under the lock; otherwise it is looked up first.
   */
  async scoreFixture(fixtureId: number, seasonId?: number): Promise<ScoreFixtureResult> {
    const season = seasonId ?? (await selectFixtureSeason(this.db, fixtureId));
    if (season === null) return this.gone(fixtureId);
    // Scorers of a season take turns here before they take a connection: one waiting on the
    // season's lock with a connection in hand could leave the pool without the one that a split
    // scorer holding the lock still needs for its other part.
    return this.seasonTurns.run(season, () => this.scoreUnderLock(fixtureId, season));
  }

  private scoreUnderLock(fixtureId: number, season: number): Promise<ScoreFixtureResult> {
    return this.db.transaction(async (tx) => {
      await lockSeasonForScoring(tx, season);
      // Read under the lock: an import may have moved the fixture to another gameweek.
      const fixture = await selectFixtureToScore(tx, fixtureId);
      if (fixture === null) return this.gone(fixtureId);
      const result = await this.scoreAndTell(tx, { id: fixtureId, gameweek_id: fixture.gameweek_id, knockout: fixture.knockout }, season);
      // A first leg's score is half of its tie's aggregate: the finished second leg's "who goes
      // through" picks are rescored with it, under the same lock and in the same transaction.
      if (fixture.second_leg !== null) {
        await this.scoreAndTell(tx, { ...fixture.second_leg, knockout: true }, season);
      }
      return { fixtureId, changed: result.changed, status: result.status };
    });
  }

  /** Scores one fixture and raises `scores.updated` when anything moved. */
  private async scoreAndTell(tx: EntityManager, fixture: Scorable, season: number): Promise<ScoredFixture> {
    const result = await this.scoreInParts(tx, fixture, season);
    // A goal that moves nobody's points is still news: the goal push and the live screens.
    if (result.changed > 0 || result.state_moved) {
      await this.outbox.publish(tx, 'scores.updated', {
        fixtureId: fixture.id,
        seasonId: season,
        gameweekId: fixture.gameweek_id,
        status: result.status,
        final: result.status === 'finished' || result.status === 'postponed',
      });
    }
    return result;
  }

  /**
   * Postgres runs a statement on one core, so a big fixture is scored in parts at once (its users
   * split by id), each on a connection of its own: part 0 in `tx`, which holds the season's lock
   * throughout and commits last, with the event; the others in transactions of their own. Every
   * part is waited for before a failure is thrown, so the lock is never let go while a part still
   * writes. A part that committed is whole for its users; the retry scores the rest, and the
   * remembered state (part 0's, in `tx`) still says the news is to be told.
   */
  private async scoreInParts(tx: EntityManager, fixture: Scorable, seasonId: number): Promise<ScoredFixture> {
    const { parts, from } = this.env.scoringSplit;
    const of = parts > 1 && (await hasPredictionsAtLeast(tx, fixture.id, from)) ? parts : 1;
    const settled = await Promise.allSettled(
      Array.from({ length: of }, (_, index) =>
        index === 0
          ? scoreFixturePredictions(tx, fixture, seasonId, { index, of })
          : this.db.transaction((partTx) => scoreFixturePredictions(partTx, fixture, seasonId, { index, of })),
      ),
    );
    const results: ScoredFixture[] = [];
    for (const part of settled) {
      if (part.status === 'rejected') throw part.reason;
      results.push(part.value);
    }
    return { ...results[0], changed: results.reduce((sum, r) => sum + r.changed, 0) };
  }

  private gone(fixtureId: number): ScoreFixtureResult {
    this.logger.warn(`result.recorded for fixture ${fixtureId}, which no longer exists`);
    return { fixtureId, changed: 0, status: null };
  }
}
