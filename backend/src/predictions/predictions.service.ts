import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { GameweekPredictions, Prediction, PredictionInput } from '@scoreline/contracts/api/predictions';
import { ApiError } from '../platform/common/api-error';
import { inPooledTransaction } from '../platform/database/database.queries';
import { lockGameweekForSave } from '../fixtures/gameweek-lock';
import { OutboxService } from '../platform/outbox/outbox.service';
import { SeasonsService } from '../seasons/seasons.service';
import { checkPredictionSubmission, SAVE_COMMIT_MARGIN_MS } from './prediction-rules';
import {
  clearOtherBankers,
  lockForSaveSql,
  lockUserPredictions,
  refreshPredictionCounts,
  saveInOneStatement,
  selectActiveSeasonOfFixtures,
  selectFixtureStatesVersion,
  selectGameweekPredictions,
  selectOpenState,
  upsertPredictions,
  type OneStatementSaveResult,
  type OpenState,
  type PredictionRow,
} from './predictions.queries';
import { saveTargetOf, type SaveTarget, type SaveTargets } from './save-targets';

const toPrediction = (r: PredictionRow): Prediction => ({ ...r, updated_at: new Date(r.updated_at).toISOString() });

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
    return (await selectGameweekPredictions(m, userId, gameweekId)).map(toPrediction);
  }

  /** The open gameweeks as of the latest version read (SaveTargets); one read at a time. */
  private targets?: Promise<SaveTargets>;

  /**
   * Saves (replaces) the user's predictions for fixtures of the current gameweek, all or
   * nothing, with a `prediction.saved` event in the same transaction.
   *
   * Usually in three round trips (BEGIN with both locks, one statement, COMMIT): the gameweek and
   * the rules are settled beforehand by SaveTargets, which the statement confirms are still the
   * database's (their version) before it writes. Anything else (a rule broken, a fixture of no open
   * gameweek, facts out of date) takes the step-by-step save, which reads everything afresh
   * under the locks and answers every error; the rules and guarantees are the same either way.
   */
  async save(userId: number, predictions: PredictionInput[]): Promise<GameweekPredictions> {
    const targets = await this.saveTargets();
    const target = saveTargetOf(targets, predictions);
    if (target) {
      const result = await this.saveInOneStatement(userId, targets.version, target, predictions);
      if (result.fresh) {
        if (!result.open || !result.openAtEnd) throw closedError(target.gameweek, result.deadline);
        // Open by the database clock at commit: so it is for the fan.
        return { gameweek: { ...target.gameweek, is_open: true }, predictions: result.saved.map(toPrediction) };
      }
    }
    const saved = await this.saveStepByStep(userId, predictions);
    // Saved, yet not by the facts read: they are out of date (a gameweek opened, its fixtures changed).
    if (this.targets && (await this.targets) === targets) this.targets = undefined;
    return saved;
  }

  private saveInOneStatement(userId: number, version: string, target: SaveTarget, predictions: PredictionInput[]): Promise<OneStatementSaveResult> {
    // The deadline holds at commit: the statement checks it after its last write, and COMMIT
    // follows with no await on anything else in between.
    return inPooledTransaction(this.db, lockForSaveSql(target.gameweek.id, userId), async (tx) => {
      const result = await saveInOneStatement(tx, {
        userId,
        seasonId: target.season.id,
        gameweekId: target.gameweek.id,
        version,
        marginMs: SAVE_COMMIT_MARGIN_MS,
        predictions,
      });
      return { commit: result.fresh && result.open && result.openAtEnd, value: result };
    });
  }

  private saveTargets(): Promise<SaveTargets> {
    const reading = (this.targets ??= this.readSaveTargets());
    // A failed read is not kept: the next save reads again.
    reading.catch(() => this.targets === reading && (this.targets = undefined));
    return reading;
  }

  /** The open gameweeks of every active season, all read in one snapshot with its version. */
  private readSaveTargets(): Promise<SaveTargets> {
    return this.db.transaction('REPEATABLE READ', async (tx) => {
      const version = await selectFixtureStatesVersion(tx);
      const byFixture = new Map<number, SaveTarget>();
      for (const season of await this.seasons.activeSeasons(tx)) {
        const gameweek = (await this.seasons.activeGameweeks(season, tx)).gameweeks.find((g) => g.status === 'current');
        if (!gameweek) continue;
        const state = await this.openState(tx, gameweek.id);
        if (!state.open) continue;
        const target: SaveTarget = { season, gameweek, fixtures: state.fixtures };
        for (const fixtureId of state.fixtures.keys()) byFixture.set(fixtureId, target);
      }
      return { version, byFixture };
    });
  }

  /** The save statement by statement, everything read afresh under the locks. */
  private async saveStepByStep(userId: number, predictions: PredictionInput[]): Promise<GameweekPredictions> {
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
