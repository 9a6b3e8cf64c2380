import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { GameweekSummary } from '../../../contracts/src/api/fixtures';
import type { GameweekPredictions, Prediction, PredictionInput } from '../../../contracts/src/api/predictions';
import { ApiError } from '../common/api-error';
import { lockGameweekForSave } from '../fixtures/gameweek-lock';
import { OutboxService } from '../outbox/outbox.service';
import { SeasonsService } from '../seasons/seasons.service';
import { checkPredictionSubmission, SAVE_COMMIT_MARGIN_MS } from './prediction-rules';

/** Namespace of the per-user advisory lock held while a user's predictions are saved. */
const PREDICTION_SAVE_LOCK = 7_302;

function closedError(gameweek: GameweekSummary, deadline: Date | null): ApiError {
  return new ApiError(HttpStatus.FORBIDDEN, `Predictions for ${gameweek.name} are closed: its first match has kicked off.`, {
    detail: `The deadline was ${deadline ? deadline.toISOString() : gameweek.deadline}.`,
  });
}

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
      // Every change of a deadline or of what closes a gameweek (reschedule, result, postpone,
      // import) takes this lock exclusively: it waits for saves in flight, and they for it.
      await lockGameweekForSave(tx, gameweek.id);
      // One save per user at a time: two saves moving the banker would otherwise both clear it
      // and collide on the one-banker unique index.
      await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [PREDICTION_SAVE_LOCK, userId]);

      // Read after the locks, so what was committed while we waited counts.
      const before = await this.openState(tx, gameweek.id);
      if (!before.open) throw closedError(gameweek, before.deadline);
      const fixtures: { id: number }[] = await tx.query(`SELECT id FROM fixtures WHERE gameweek_id = $1`, [gameweek.id]);
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
      // The deadline holds at commit: this is the last statement, and COMMIT follows it with no
      // await on anything else in between (only promise continuations).
      const atCommit = await this.openState(tx, gameweek.id);
      if (!atCommit.open) throw closedError(gameweek, atCommit.deadline);
      return { gameweek, predictions: saved };
    });
  }

  /**
   * Whether the gameweek still takes predictions, by the database clock at this instant: its
   * season active, every earlier gameweek completed (it is still the current one), no score
   * recorded in it, and more than SAVE_COMMIT_MARGIN_MS before its deadline.
   */
  private async openState(tx: EntityManager, gameweekId: number): Promise<{ open: boolean; deadline: Date | null }> {
    const [row]: { open: boolean; deadline: Date | null }[] = await tx.query(
      `SELECT g.starts_at AS deadline,
              s.is_active
              AND g.starts_at IS NOT NULL
              AND clock_timestamp() < g.starts_at - $2::interval
              AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished'))
              AND NOT EXISTS (SELECT 1 FROM gameweeks e JOIN fixtures ef ON ef.gameweek_id = e.id
                              WHERE e.season_id = g.season_id AND e.number < g.number AND ef.status NOT IN ('finished', 'postponed'))
              AS open
       FROM gameweeks g JOIN seasons s ON s.id = g.season_id
       WHERE g.id = $1`,
      [gameweekId, `${SAVE_COMMIT_MARGIN_MS} milliseconds`],
    );
    return { open: row?.open === true, deadline: row?.deadline ? new Date(row.deadline) : null };
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
