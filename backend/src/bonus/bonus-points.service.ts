import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { SeasonResultsService } from '../fixtures/season-results.service';
import { OutboxService } from '../platform/outbox/outbox.service';
import { SeasonPlayersService } from '../seasons/season-players.service';
import { basisOf, playOf, questionsOf, sameBasis, scorersDecide, scoringCompetitionAnswers, scoringLeagueAnswers, settledRightAnswers } from './bonus-points';
import {
  lockLeagueQuestionPoints,
  lockSeasonBonusPoints,
  selectDistinctAnswers,
  selectDistinctLeagueAnswers,
  selectPointsBasis,
  selectResultsMayDecide,
  selectSettledLeagueQuestions,
  upsertPointsBasis,
  writeLeagueQuestionPoints,
  writeSeasonBonusPoints,
} from './bonus-points.queries';
import { selectSettlements } from './bonus.queries';

/**
 * Bonus points as the league tables count them (issue 34 §3): a competition's questions in every
 * league of its season, a private league's own questions in that league only. Written per user
 * whenever what settles them changes, in the transaction of that change: an operator's settlement
 * or its withdrawal, a league owner's settlement, and (through the standings worker, on each
 * scores.updated) the results that settle a question: a tournament's final, a league's last
 * match. Each rewrite that moves anyone's points raises `bonus.settled` in the same transaction,
 * and the standings worker recomputes the leagues it concerns from it.
 */
@Injectable()
export class BonusPointsService {
  private readonly logger = new Logger(BonusPointsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly seasons: SeasonResultsService,
    private readonly outbox: OutboxService,
    private readonly players: SeasonPlayersService,
  ) {}

  /**
   * After a fixture of the season was scored: its results may settle (or no longer settle, after
   * a correction) a question. One small query for a season still under way.
   */
  async settleFromResults(seasonId: number): Promise<void> {
    if (!(await selectResultsMayDecide(this.db, seasonId))) return;
    await this.db.transaction((tx) => this.rewriteSeason(tx, seasonId));
  }

  /**
   * Writes the season's competition points again when the right answers they come from changed
   * (`force`: also when they did not, for answers that changed); answers whether anyone's moved.
   * Runs in the caller's transaction, under the season's lock.
   */
  async rewriteSeason(tx: EntityManager, seasonId: number, options: { force?: boolean } = {}): Promise<boolean> {
    await lockSeasonBonusPoints(tx, seasonId);
    const season = await this.seasons.outline(seasonId);
    if (!season) return false;
    const questions = questionsOf(season);
    // The operator's settlements through the transaction (the caller may just have written one); the matches as committed.
    const matches = await this.seasons.matches(seasonId);
    // A tournament's goals settle its top scorer once its final is finished: read only then.
    const scorers = scorersDecide(season, matches) ? await this.players.scorers(seasonId) : undefined;
    const rights = settledRightAnswers(questions, await selectSettlements(tx, seasonId), playOf(season, matches, scorers));
    const basis = basisOf(rights);
    const before = await selectPointsBasis(tx, seasonId);
    if (options.force !== true && sameBasis(before ?? {}, basis)) return false;
    await upsertPointsBasis(tx, seasonId, basis);
    const scoring = scoringCompetitionAnswers(questions, rights, await selectDistinctAnswers(tx, seasonId));
    const changed = await writeSeasonBonusPoints(tx, seasonId, scoring);
    if (changed > 0) {
      await this.outbox.publish(tx, 'bonus.settled', { seasonId, leagueId: null });
      this.logger.log(`bonus points of ${season.name}: ${changed} fans' points moved (${Object.keys(basis).join(', ') || 'nothing'} settled)`);
    }
    return changed > 0;
  }

  /** Whether the season's competition points were ever written (a save after that rewrites them). */
  async written(q: EntityManager, seasonId: number): Promise<boolean> {
    return (await selectPointsBasis(q, seasonId)) !== null;
  }

  /**
   * Writes the points of league $leagueId's own questions of the season again (after its owner
   * settled one); answers whether anyone's moved. In the caller's transaction, under the league's lock.
   */
  async rewriteLeague(tx: EntityManager, leagueId: number, seasonId: number): Promise<boolean> {
    await lockLeagueQuestionPoints(tx, leagueId);
    const questions = await selectSettledLeagueQuestions(tx, leagueId, seasonId);
    const answers = await selectDistinctLeagueAnswers(tx, questions.map((q) => q.id));
    const changed = await writeLeagueQuestionPoints(tx, leagueId, seasonId, scoringLeagueAnswers(questions, answers));
    if (changed > 0) await this.outbox.publish(tx, 'bonus.settled', { seasonId, leagueId });
    return changed > 0;
  }
}
