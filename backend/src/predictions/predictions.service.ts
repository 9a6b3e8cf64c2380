import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { GameweekPredictions, Prediction, PredictionInput } from '@scoreline/contracts/api/predictions';
import { ApiError } from '../platform/common/api-error';
import { lockGameweekForSave } from '../fixtures/gameweek-lock';
import { OutboxService } from '../platform/outbox/outbox.service';
import { SeasonsService } from '../seasons/seasons.service';
import { checkPredictionSubmission, SAVE_COMMIT_MARGIN_MS } from './prediction-rules';
import {
  clearOtherBankers,
  lockUserPredictions,
  refreshPredictionCounts,
  selectActiveSeasonOfFixtures,
  selectGameweekPredictions,
  selectOpenState,
  upsertPredictions,
  type OpenState,
} from './predictions.queries';

function closedError(gameweek: GameweekSummary, deadline: Date | null): ApiError {
  return new ApiError(HttpStatus.FORBIDDEN, `Predictions for ${gameweek.name} are closed: its first match has kicked off.`, {
    detail: `The deadline was ${deadline ? deadline.toISOString() : gameweek.deadline}.`,
  });
}

/** A user's predictions, and the one way to save them (the server enforces every rule). */
@Injectable()
export class PredictionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly seasons: SeasonsService,
    private readonly outbox: OutboxService,
  ) {}

  async current(userId: number, competition?: string): Promise<GameweekPredictions> {
    const { gameweek } = await this.seasons.currentGameweek(await this.seasons.seasonForRequest(competition, userId));
    return { gameweek, predictions: await this.ofGameweek(userId, gameweek.id) };
  }

  async byGameweekId(userId: number, gameweekId: number): Promise<GameweekPredictions> {
    const { gameweek } = await this.seasons.gameweekById(gameweekId);
    return { gameweek, predictions: await this.ofGameweek(userId, gameweek.id) };
  }

  private async ofGameweek(userId: number, gameweekId: number, m: EntityManager | DataSource = this.db): Promise<Prediction[]> {
    const rows = await selectGameweekPredictions(m, userId, gameweekId);
    return rows.map((r) => ({ ...r, updated_at: new Date(r.updated_at).toISOString() }));
  }

  /**
   * Saves (replaces) the user's predictions for fixtures of the current gameweek, all or
   * nothing, with a `prediction.saved` event in the same transaction.
   */
  async save(userId: number, predictions: PredictionInput[]): Promise<GameweekPredictions> {
    return this.db.transaction(async (tx) => {
      // The competition is the fixtures': the current gameweek of the first named fixture's active
      // season (any other fixture then must be of that gameweek); none known, the fan's default.
      const fixtureIds = predictions.map((p) => p.fixture).filter((id) => Number.isInteger(id) && id > 0 && id <= 2147483647);
      const seasonId = fixtureIds.length > 0 ? await selectActiveSeasonOfFixtures(tx, fixtureIds) : null;
      const target = seasonId === null ? await this.seasons.seasonForRequest(undefined, userId, tx) : await this.seasons.activeSeasonById(seasonId, tx);
      const { season, gameweek } = await this.seasons.currentGameweek(target, tx);
      // Every change of a deadline or of what closes a gameweek (reschedule, result, postpone,
      // import) takes this lock exclusively: it waits for saves in flight, and they for it.
      await lockGameweekForSave(tx, gameweek.id);
      // One save per user at a time: two saves moving the banker would otherwise both clear it
      // and collide on the one-banker unique index.
      await lockUserPredictions(tx, userId);

      // Read after the locks, so what was committed while we waited counts.
      const before = await this.openState(tx, gameweek.id);
      if (!before.open) throw closedError(gameweek, before.deadline);
      const errors = checkPredictionSubmission(predictions, before.fixtures, gameweek.name);
      const keys = Object.keys(errors);
      if (keys.length > 0) throw ApiError.badRequest(errors[keys[0]][0], errors);

      const banker = predictions.find((p) => p.is_banker);
      if (banker) {
        // The banker moves: clear it elsewhere first (one banker per user per gameweek is also a unique index).
        await clearOtherBankers(tx, userId, gameweek.id, banker.fixture);
      }
      await upsertPredictions(tx, userId, predictions.map((p) => ({ ...p, advance: p.advance ?? null })));
      await refreshPredictionCounts(tx, userId, season.id, gameweek.id);

      const saved = await this.ofGameweek(userId, gameweek.id, tx);
      await this.outbox.publish(tx, 'prediction.saved', {
        userId,
        seasonId: season.id,
        gameweekId: gameweek.id,
        fixtureIds: predictions.map((p) => p.fixture),
        bankerFixtureId: saved.find((p) => p.is_banker)?.fixture ?? null,
      });
      // The deadline holds at commit: this is the last statement, and COMMIT follows it with no
      // await on anything else in between (only promise continuations).
      const atCommit = await this.openState(tx, gameweek.id);
      if (!atCommit.open) throw closedError(gameweek, atCommit.deadline);
      return { gameweek, predictions: saved };
    });
  }

  private openState(tx: EntityManager, gameweekId: number): Promise<OpenState> {
    return selectOpenState(tx, gameweekId, SAVE_COMMIT_MARGIN_MS);
  }
}
