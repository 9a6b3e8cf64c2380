import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { BonusSettledBy, SeasonBonus } from '@scoreline/contracts/api/bonus';
import {
  bonusAnswerPoints,
  bonusAnswersOpen,
  bonusAnswersRevealed,
  bonusQuestionsOf,
  type BonusQuestion,
  type BonusQuestionKey,
} from '@scoreline/contracts/game/bonus-questions';
import { ApiError } from '../common/api-error';
import { SeasonResultsService } from '../fixtures/season-results.service';
import type { SeasonOutline } from '../fixtures/season-results.queries';
import { SAVE_COMMIT_MARGIN_MS } from '../predictions/prediction-rules';
import { checkAnswers, checkRightAnswers } from './bonus-answers';
import { rightAnswersFromResults } from './bonus-settlement';
import { deleteSettlement, selectAnswers, selectSettlements, upsertSettlement, writeAnswers } from './bonus.queries';

const SEASON_NOT_FOUND = 'Season not found.';

/**
 * A competition's bonus questions (contracts/src/game/bonus-questions.ts): a fan answers them until
 * the season's first kick-off; they are settled by the results where those decide (a tournament's
 * final, a finished league table) or by an operator, whose settlement wins and may be corrected.
 */
@Injectable()
export class BonusService {
  private readonly logger = new Logger(BonusService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly seasons: SeasonResultsService,
  ) {}

  async ofSeason(userId: number, seasonId: number, nowMs = Date.now()): Promise<SeasonBonus> {
    const season = await this.outline(seasonId);
    const [teams, answers, rights] = await Promise.all([
      this.seasons.teams(seasonId),
      selectAnswers(this.db, userId, seasonId),
      this.rightAnswers(season),
    ]);
    const locksAt = season.first_kickoff === null ? null : new Date(season.first_kickoff).toISOString();
    const lock = { locks_at: locksAt };
    const questions = questionsOf(season).map((q) => {
      const mine = answers.find((a) => a.question === q.key);
      const myAnswer = mine ? (mine.team_id ?? mine.player_name) : null;
      const right = rights.get(q.key) ?? null;
      const myPoints = bonusAnswerPoints(myAnswer === null ? null : String(myAnswer), right?.answers ?? null, q.points);
      const asStored = (v: string) => (q.answer === 'team' ? Number(v) : v);
      return {
        key: q.key,
        answer: q.answer === 'team' ? ('team' as const) : ('player_name' as const),
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
    const { writes, errors } = checkAnswers(questionsOf(season), teamIds, answers);
    if (Object.keys(errors).length > 0) throw ApiError.badRequest('Some answers cannot be saved.', errors);
    const locksAt = season.first_kickoff === null ? null : new Date(season.first_kickoff).toISOString();
    if (!bonusAnswersOpen({ locks_at: locksAt }, Date.now(), SAVE_COMMIT_MARGIN_MS)) {
      throw new ApiError(HttpStatus.CONFLICT, 'The bonus questions closed at the first kick-off of the competition.');
    }
    await writeAnswers(this.db, userId, seasonId, writes);
    return this.ofSeason(userId, seasonId);
  }

  /** An operator's settlement of one question (replacing any earlier one): answers are rescored on read. */
  async settle(seasonId: number, key: string, rightAnswers: unknown): Promise<void> {
    const season = await this.outline(seasonId);
    const question = this.question(season, key);
    const teamIds = new Set((await this.seasons.teams(seasonId)).map((t) => t.id));
    const { values, error } = checkRightAnswers(question, teamIds, rightAnswers);
    if (error !== null) throw ApiError.field('right_answers', error);
    await upsertSettlement(this.db, seasonId, question.key, values);
    this.logger.log(`bonus question ${question.key} of ${season.name} settled by an operator: ${values.join(', ')}`);
  }

  /** Takes an operator's settlement back: the question is again what the results say (or open). */
  async unsettle(seasonId: number, key: string): Promise<void> {
    const season = await this.outline(seasonId);
    const question = this.question(season, key);
    if (!(await deleteSettlement(this.db, seasonId, question.key))) {
      throw new ApiError(HttpStatus.NOT_FOUND, 'This question was not settled by an operator.');
    }
    this.logger.log(`bonus question ${question.key} of ${season.name}: the operator's settlement was taken back`);
  }

  private async outline(seasonId: number): Promise<SeasonOutline> {
    const season = await this.seasons.outline(seasonId);
    if (!season) throw new ApiError(HttpStatus.NOT_FOUND, SEASON_NOT_FOUND);
    return season;
  }

  private question(season: SeasonOutline, key: string): BonusQuestion {
    const question = questionsOf(season).find((q) => q.key === key);
    if (!question) throw new ApiError(HttpStatus.NOT_FOUND, `This competition asks no question "${key.slice(0, 40)}".`);
    return question;
  }

  /** Each settled question's right answers: an operator's where given, else what the results decide. */
  private async rightAnswers(season: SeasonOutline): Promise<Map<BonusQuestionKey, { answers: string[]; by: BonusSettledBy }>> {
    const [settled, matches] = await Promise.all([selectSettlements(this.db, season.id), this.seasons.matches(season.id)]);
    const rights = new Map<BonusQuestionKey, { answers: string[]; by: BonusSettledBy }>();
    const play = {
      tournament: season.tournament,
      // A match with a side still a placeholder decides nothing yet.
      matches: matches.flatMap((m) => (m.home_id === null || m.away_id === null ? [] : [{ ...m, home_id: m.home_id, away_id: m.away_id }])),
    };
    for (const q of questionsOf(season)) {
      const byOperator = settled.find((s) => s.question === q.key);
      if (byOperator) {
        rights.set(q.key, { answers: byOperator.right_answers, by: 'operator' });
        continue;
      }
      const fromResults = rightAnswersFromResults(q.key, play);
      if (fromResults !== null) rights.set(q.key, { answers: fromResults.map(String), by: 'results' });
    }
    return rights;
  }
}

/** The questions a season asks: a tournament has no bottom team; no squads are stored, so the top scorer is typed. */
function questionsOf(season: SeasonOutline): BonusQuestion[] {
  return bonusQuestionsOf({ format: season.tournament ? 'tournament' : 'league', hasSquads: false });
}
