import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { GameweekPredictions, Prediction, PredictionInput } from '../../../contracts/src/api/predictions';
import { ApiError } from '../common/api-error';
import { OutboxService } from '../outbox/outbox.service';
import { SeasonsService } from '../seasons/seasons.service';
import { checkPredictionSubmission } from './prediction-rules';

type PredictionRow = Omit<Prediction, 'updated_at'> & { updated_at: Date };

/** A user's predictions, and the one way to save them (the server enforces every rule). */
@Injectable()
export class PredictionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly seasons: SeasonsService,
    private readonly outbox: OutboxService,
  ) {}

  async current(userId: number): Promise<GameweekPredictions> {
    const { gameweek } = await this.seasons.currentGameweek();
    return { gameweek, predictions: await this.ofGameweek(userId, gameweek.id) };
  }

  async byGameweekId(userId: number, gameweekId: number): Promise<GameweekPredictions> {
    const { gameweek } = await this.seasons.gameweekById(gameweekId);
    return { gameweek, predictions: await this.ofGameweek(userId, gameweek.id) };
  }

  private async ofGameweek(userId: number, gameweekId: number, m: EntityManager | DataSource = this.db): Promise<Prediction[]> {
    const rows: PredictionRow[] = await m.query(
      `SELECT p.id, p.fixture_id AS fixture, p.gameweek_id, p.home_score, p.away_score, p.is_banker,
              p.points, p.outcome, p.is_final, p.updated_at
       FROM predictions p JOIN fixtures f ON f.id = p.fixture_id
       WHERE p.user_id = $1 AND p.gameweek_id = $2
       ORDER BY f.kickoff_at, f.id`,
      [userId, gameweekId],
    );
    return rows.map((r) => ({ ...r, updated_at: new Date(r.updated_at).toISOString() }));
  }

  /**
   * Saves (replaces) the user's predictions for fixtures of the current gameweek, all or
   * nothing, with a `prediction.saved` event in the same transaction.
   */
  async save(userId: number, predictions: PredictionInput[]): Promise<GameweekPredictions> {
    return this.db.transaction(async (tx) => {
      const { season, gameweek } = await this.seasons.currentGameweek(tx);
      // Lock the gameweek's fixtures: a score recorded meanwhile waits for this save, so no
      // prediction is ever written after its gameweek closed.
      const fixtures: { id: number; started: boolean; closed: boolean }[] = await tx.query(
        `SELECT f.id, f.status IN ('live', 'finished') AS started, g.starts_at <= statement_timestamp() AS closed
         FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id
         WHERE f.gameweek_id = $1 ORDER BY f.id FOR SHARE OF f`,
        [gameweek.id],
      );
      if (fixtures.length === 0 || fixtures[0].closed || fixtures.some((f) => f.started)) {
        throw new ApiError(HttpStatus.FORBIDDEN, `Predictions for ${gameweek.name} are closed: its first match has kicked off.`, {
          detail: `The deadline was ${gameweek.deadline}.`,
        });
      }

      const errors = checkPredictionSubmission(predictions, new Set(fixtures.map((f) => f.id)), gameweek.name);
      const keys = Object.keys(errors);
      if (keys.length > 0) throw ApiError.badRequest(errors[keys[0]][0], errors);

      const banker = predictions.find((p) => p.is_banker);
      if (banker) {
        // The banker moves: clear it elsewhere first (one banker per user per gameweek is also a unique index).
        await tx.query(
          `UPDATE predictions SET is_banker = false, updated_at = now()
           WHERE user_id = $1 AND gameweek_id = $2 AND is_banker AND fixture_id <> $3`,
          [userId, gameweek.id, banker.fixture],
        );
      }
      // A prediction for a postponed (void) match is stored void at once, as scoring would.
      await tx.query(
        `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker, points, outcome, is_final)
         SELECT $1, f.id, f.gameweek_id, f.season_id, r.home_score, r.away_score, r.is_banker,
                CASE WHEN f.status = 'postponed' THEN 0 END,
                CASE WHEN f.status = 'postponed' THEN 'void' END,
                f.status = 'postponed'
         FROM jsonb_to_recordset($2::jsonb) AS r(fixture int, home_score int, away_score int, is_banker boolean)
         JOIN fixtures f ON f.id = r.fixture
         ON CONFLICT (user_id, fixture_id) DO UPDATE SET
           home_score = EXCLUDED.home_score, away_score = EXCLUDED.away_score, is_banker = EXCLUDED.is_banker,
           points = EXCLUDED.points, outcome = EXCLUDED.outcome, is_final = EXCLUDED.is_final, updated_at = now()`,
        [userId, JSON.stringify(predictions)],
      );
      await this.refreshPredictionCounts(tx, userId, season.id, gameweek.id);

      const saved = await this.ofGameweek(userId, gameweek.id, tx);
      await this.outbox.publish(tx, 'prediction.saved', {
        userId,
        seasonId: season.id,
        gameweekId: gameweek.id,
        fixtureIds: predictions.map((p) => p.fixture),
        bankerFixtureId: saved.find((p) => p.is_banker)?.fixture ?? null,
      });
      return { gameweek, predictions: saved };
    });
  }

  /**
   * Totals rows exist for every user with a prediction in the gameweek / season (scoring only
   * moves existing rows); `predictions` is recounted, so a replayed save changes nothing.
   */
  private async refreshPredictionCounts(tx: EntityManager, userId: number, seasonId: number, gameweekId: number): Promise<void> {
    await tx.query(
      `INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, predictions)
       SELECT $1, $2, $3, count(*)::int FROM predictions WHERE user_id = $1 AND gameweek_id = $2
       ON CONFLICT (user_id, gameweek_id) DO UPDATE SET predictions = EXCLUDED.predictions, updated_at = now()
       WHERE user_gameweek_totals.predictions <> EXCLUDED.predictions`,
      [userId, gameweekId, seasonId],
    );
    await tx.query(
      `INSERT INTO user_season_totals (user_id, season_id, predictions)
       SELECT $1, $2, count(*)::int FROM predictions WHERE user_id = $1 AND season_id = $2
       ON CONFLICT (user_id, season_id) DO UPDATE SET predictions = EXCLUDED.predictions, updated_at = now()
       WHERE user_season_totals.predictions <> EXCLUDED.predictions`,
      [userId, seasonId],
    );
  }
}
