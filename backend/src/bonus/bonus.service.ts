import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { BonusTeam, SeasonBonus } from '@scoreline/contracts/api/bonus';
import { bonusAnswerPoints, bonusAnswersOpen, bonusAnswersRevealed, type BonusQuestion } from '@scoreline/contracts/game/bonus-questions';
import type { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { ApiError } from '../platform/common/api-error';
import { SeasonResultsService } from '../fixtures/season-results.service';
import type { SeasonOutline } from '../fixtures/season-results.service';
import { SAVE_COMMIT_MARGIN_MS } from '../predictions/prediction-rules';
import { SeasonPlayersService } from '../seasons/season-players.service';
import { checkAnswers, checkRightAnswers, toSquadSpellings } from './bonus-answers';
import { playOf, questionsOf, scorersDecide, settledRightAnswers, type RightAnswers } from './bonus-points';
import { lockSeasonBonusPoints } from './bonus-points.queries';
import { BonusPointsService } from './bonus-points.service';
import { deleteSettlement, selectAnswers, selectSettlements, upsertSettlement, writeAnswers } from './bonus.queries';

const SEASON_NOT_FOUND = 'Season not found.';

/** "Bonus question champion (Premier League 2024/25)". */
const bonusTarget = (question: string, seasonName: string): string => `Bonus question ${question} (${seasonName})`;

/**
 * A competition's bonus questions (contracts/src/game/bonus-questions.ts): a fan answers them until
 * the season's first kick-off; they are settled by the results where those decide (a tournament's
 * final, a finished league table) or by an operator, whose settlement wins and may be corrected.
 * Their points count in every league table of the season (BonusPointsService writes them).
 */
@Injectable()
export class BonusService {
  private readonly logger = new Logger(BonusService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly seasons: SeasonResultsService,
    private readonly points: BonusPointsService,
    private readonly players: SeasonPlayersService,
    private readonly audit: AuditService,
  ) {}

  async ofSeason(userId: number, seasonId: number, nowMs = Date.now()): Promise<SeasonBonus> {
    const season = await this.outline(seasonId);
    const [teams, answers, rights] = await Promise.all([
      this.seasons.teams(seasonId),
      selectAnswers(this.db, userId, seasonId),
      this.rightAnswers(season),
    ]);
    const locksAt = locksAtOf(season);
    const lock = { locks_at: locksAt };
    const questions = questionsOf(season).map((q) => {
      const mine = answers.find((a) => a.question === q.key);
      const myAnswer = mine ? (mine.team_id ?? mine.player_name) : null;
      const right = rights.get(q.key) ?? null;
      const myPoints = bonusAnswerPoints(myAnswer === null ? null : String(myAnswer), right?.answers ?? null, q.points);
      const asStored = (v: string) => (q.answer === 'team' ? Number(v) : v);
      return {
        key: q.key,
        answer: q.answer,
        points: q.points,
        my_answer: myAnswer,
        right_answers: right ? right.answers.map(asStored) : null,
        settled_by: right?.by ?? null,
        my_points: myPoints,
      };
    });
    return {
      season_id: season.id,
      season_name: season.name,
      locks_at: locksAt,
      open: bonusAnswersOpen(lock, nowMs, SAVE_COMMIT_MARGIN_MS),
      revealed: bonusAnswersRevealed(lock, nowMs),
      questions,
      teams,
      my_points: questions.reduce((sum, q) => sum + (q.my_points ?? 0), 0),
    };
  }

  /** Saves the answers given (null clears one) while the questions are open; 409 once they locked. */
  async save(userId: number, seasonId: number, answers: Record<string, unknown>): Promise<SeasonBonus> {
    const season = await this.outline(seasonId);
    const teamIds = new Set((await this.seasons.teams(seasonId)).map((t) => t.id));
    // A tournament with squads: the top scorer is a player of them, stored as the squad spells them.
    const { writes, errors } = await toSquadSpellings(questionsOf(season), checkAnswers(questionsOf(season), teamIds, answers), (name) =>
      this.players.squadSpelling(seasonId, name),
    );
    if (Object.keys(errors).length > 0) throw ApiError.badRequest('Some answers cannot be saved.', errors);
    const locksAt = locksAtOf(season);
    if (!bonusAnswersOpen({ locks_at: locksAt }, Date.now(), SAVE_COMMIT_MARGIN_MS)) {
      throw new ApiError(HttpStatus.CONFLICT, 'The bonus questions closed at the first kick-off of the competition.');
    }
    await this.db.transaction(async (tx) => {
      await writeAnswers(tx, userId, seasonId, writes);
      // Settled while answers were still open (an early settlement, a first kick-off moved later): the points follow the answers.
      if (await this.points.written(tx, seasonId)) await this.points.rewriteSeason(tx, seasonId, { force: true });
    });
    return this.ofSeason(userId, seasonId);
  }

  /**
   * An operator's settlement of one question (replacing any earlier one), its points in the tables
   * and, given the operator, its audit row (the operator's right answers before and after) in the
   * same transaction.
   */
  async settle(seasonId: number, key: string, rightAnswers: unknown, actor?: Actor): Promise<void> {
    const season = await this.outline(seasonId);
    const question = this.question(season, key);
    // Before the lock, a settlement's points in the tables would tell everyone who answered what.
    const locksAt = locksAtOf(season);
    if (!bonusAnswersRevealed({ locks_at: locksAt }, Date.now())) {
      throw ApiError.conflict('A bonus question is settled once its answers have locked, at the first kick-off.');
    }
    const teamIds = new Set((await this.seasons.teams(seasonId)).map((t) => t.id));
    const { values, error } = checkRightAnswers(question, teamIds, rightAnswers);
    if (error !== null) throw ApiError.field('right_answers', error);
    await this.db.transaction(async (tx) => {
      // The season's points lock first (rewriteSeason takes it again): two settlements in a row each read the other's.
      await lockSeasonBonusPoints(tx, seasonId);
      const before = await this.operatorAnswers(tx, seasonId, question.key);
      await upsertSettlement(tx, seasonId, question.key, values);
      await this.points.rewriteSeason(tx, seasonId);
      if (actor) await this.audit.record(tx, { actor, action: 'bonus.settle', target: bonusTarget(question.key, season.name), before, after: { right_answers: values } });
    });
    this.logger.log(`bonus question ${question.key} of ${season.name} settled by an operator: ${values.join(', ')}`);
  }

  /** Takes an operator's settlement back: the question is again what the results say (or open). Audited as settle is. */
  async unsettle(seasonId: number, key: string, actor?: Actor): Promise<void> {
    const season = await this.outline(seasonId);
    const question = this.question(season, key);
    await this.db.transaction(async (tx) => {
      await lockSeasonBonusPoints(tx, seasonId);
      const before = await this.operatorAnswers(tx, seasonId, question.key);
      if (!(await deleteSettlement(tx, seasonId, question.key))) {
        throw new ApiError(HttpStatus.NOT_FOUND, 'This question was not settled by an operator.');
      }
      await this.points.rewriteSeason(tx, seasonId);
      if (actor) await this.audit.record(tx, { actor, action: 'bonus.unsettle', target: bonusTarget(question.key, season.name), before, after: null });
    });
    this.logger.log(`bonus question ${question.key} of ${season.name}: the operator's settlement was taken back`);
  }

  /**
   * A season's questions as they stand: its outline, questions, teams and each settled question's
   * right answers (an operator's where given, else what the results decide); 404 for no season.
   */
  async settledState(seasonId: number): Promise<{ season: SeasonOutline; questions: BonusQuestion[]; teams: BonusTeam[]; rights: RightAnswers }> {
    const season = await this.outline(seasonId);
    const [teams, rights] = await Promise.all([this.seasons.teams(seasonId), this.rightAnswers(season)]);
    return { season, questions: questionsOf(season), teams, rights };
  }

  private async outline(seasonId: number): Promise<SeasonOutline & { has_squads: boolean }> {
    const season = await this.seasons.outline(seasonId);
    if (!season) throw new ApiError(HttpStatus.NOT_FOUND, SEASON_NOT_FOUND);
    return { ...season, has_squads: season.tournament && (await this.players.hasSquads(seasonId)) };
  }

  /** The operator's settlement of a question as the audit shows it ({right_answers}), or null when none. */
  private async operatorAnswers(tx: EntityManager, seasonId: number, key: string): Promise<{ right_answers: string[] } | null> {
    const settled = (await selectSettlements(tx, seasonId)).find((s) => s.question === key);
    return settled ? { right_answers: settled.right_answers } : null;
  }

  private question(season: SeasonOutline, key: string): BonusQuestion {
    const question = questionsOf(season).find((q) => q.key === key);
    if (!question) throw new ApiError(HttpStatus.NOT_FOUND, `This competition asks no question "${key.slice(0, 40)}".`);
    return question;
  }

  /** Each settled question's right answers: an operator's where given, else what the results decide. */
  private async rightAnswers(season: SeasonOutline): Promise<RightAnswers> {
    const [settled, matches] = await Promise.all([selectSettlements(this.db, season.id), this.seasons.matches(season.id)]);
    // A tournament's goals settle its top scorer once its final is finished: read only then.
    const scorers = scorersDecide(season, matches) ? await this.players.scorers(season.id) : undefined;
    return settledRightAnswers(questionsOf(season), settled, playOf(season, matches, scorers));
  }
}

/** When a season's questions lock: its first kick-off (null while it has none). */
function locksAtOf(season: SeasonOutline): string | null {
  return season.first_kickoff === null ? null : new Date(season.first_kickoff).toISOString();
}
