import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { LeagueQuestion, LeagueQuestions } from '@scoreline/contracts/api/bonus';
import {
  bonusAnswersOpen,
  bonusAnswersRevealed,
  CUSTOM_QUESTION_RULES,
  customAnswerErrors,
  customAnswerPoints,
  customQuestionErrors,
  type CustomQuestionDraft,
} from '@scoreline/contracts/game/bonus-questions';
import { ApiError } from '../platform/common/api-error';
import { LeagueAccessService } from '../leagues/league-access.service';
import { SAVE_COMMIT_MARGIN_MS } from '../predictions/prediction-rules';
import { BonusPointsService } from './bonus-points.service';
import {
  countLeagueQuestions,
  deleteOpenLeagueQuestion,
  insertLeagueQuestionUnlessFull,
  selectLeagueQuestion,
  selectLeagueQuestions,
  selectRevealedAnswers,
  updateSettledAnswer,
  upsertLeagueAnswer,
  type LeagueQuestionRow,
} from './league-questions.queries';

/** How many members' answers a revealed question lists. */
const REVEALED_ANSWERS_SHOWN = 100;
const QUESTION_NOT_FOUND = 'Question not found.';

/**
 * A private league's questions of its own (issue 34 §3): its owner adds up to five, each locked at
 * a moment the owner chose; members answer until then; answers are shown to the league from then
 * on; the owner settles (and may correct) each, and its points count in the league's season table
 * (the season the league played when the question was added). Rules: contracts/src/game/bonus-questions.ts.
 */
@Injectable()
export class LeagueQuestionsService {
  private readonly logger = new Logger(LeagueQuestionsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: LeagueAccessService,
    private readonly points: BonusPointsService,
  ) {}

  async list(leagueId: number, viewerId: number, nowMs = Date.now()): Promise<LeagueQuestions> {
    const league = await this.access.visible(leagueId, viewerId);
    const rows = await selectLeagueQuestions(this.db, leagueId, viewerId);
    const revealedIds = rows.filter((r) => bonusAnswersRevealed({ locks_at: r.locks_at.toISOString() }, nowMs)).map((r) => r.id);
    const answers = await selectRevealedAnswers(this.db, revealedIds, REVEALED_ANSWERS_SHOWN);
    return {
      league_id: leagueId,
      can_manage: league.type === 'private' && league.owner_id === viewerId,
      max: CUSTOM_QUESTION_RULES.maxPerLeague,
      questions: rows.map((r) => toQuestion(r, nowMs, revealedIds.includes(r.id) ? answers.filter((a) => a.question_id === r.id) : null)),
    };
  }

  async create(leagueId: number, ownerId: number, draft: CustomQuestionDraft): Promise<LeagueQuestion> {
    const league = await this.access.owned(leagueId, ownerId);
    if (league.type !== 'private') throw ApiError.badRequest('Only a private league has questions of its own.');
    const errors = customQuestionErrors(draft, { existingCount: await countLeagueQuestions(this.db, leagueId), nowMs: Date.now() });
    if (Object.keys(errors).length > 0) throw ApiError.badRequest('The question cannot be added.', errors);
    const question = {
      text: (draft.text as string).trim(),
      kind: draft.kind as LeagueQuestion['kind'],
      options: draft.kind === 'options' ? (draft.options as string[]).map((o) => o.trim()) : null,
      points: draft.points as number,
      locks_at: new Date(draft.locks_at as string).toISOString(),
    };
    const id = await this.db.transaction((tx) => insertLeagueQuestionUnlessFull(tx, leagueId, CUSTOM_QUESTION_RULES.maxPerLeague, question));
    if (id === null) {
      const full = `A league has at most ${CUSTOM_QUESTION_RULES.maxPerLeague} questions of its own.`;
      throw ApiError.badRequest(full, { questions: [full] });
    }
    this.logger.log(`league ${leagueId}: question ${id} added by its owner`);
    return this.one(leagueId, id, ownerId);
  }

  async remove(leagueId: number, ownerId: number, questionId: number): Promise<void> {
    await this.access.owned(leagueId, ownerId);
    const question = await this.require(leagueId, questionId, ownerId);
    if (!(await deleteOpenLeagueQuestion(this.db, leagueId, question.id))) {
      throw ApiError.conflict('A question cannot be removed once it has locked.');
    }
  }

  async answer(leagueId: number, userId: number, questionId: number, answer: unknown): Promise<LeagueQuestion> {
    const league = await this.access.visible(leagueId, userId);
    if (league.role === null) throw ApiError.forbidden("Join the league to answer its questions.");
    const question = await this.require(leagueId, questionId, userId);
    const errors = customAnswerErrors(question, answer);
    if (Object.keys(errors).length > 0) throw ApiError.badRequest(errors.answer[0], errors);
    const stored = storedAnswer(question, answer as string | number);
    if (!(await upsertLeagueAnswer(this.db, question.id, userId, stored, SAVE_COMMIT_MARGIN_MS))) {
      throw ApiError.conflict('This question has locked.');
    }
    return this.one(leagueId, question.id, userId);
  }

  async settle(leagueId: number, ownerId: number, questionId: number, answer: unknown): Promise<LeagueQuestion> {
    await this.access.owned(leagueId, ownerId);
    const question = await this.require(leagueId, questionId, ownerId);
    if (!bonusAnswersRevealed({ locks_at: question.locks_at.toISOString() }, Date.now())) {
      throw ApiError.conflict('A question is settled once it has locked.');
    }
    const errors = customAnswerErrors(question, answer);
    if (Object.keys(errors).length > 0) throw ApiError.badRequest(errors.answer[0], errors);
    // The answer and its points in the league's season table, in one transaction.
    await this.db.transaction(async (tx) => {
      const seasonId = await updateSettledAnswer(tx, leagueId, question.id, storedAnswer(question, answer as string | number));
      if (seasonId !== null) await this.points.rewriteLeague(tx, leagueId, seasonId);
    });
    this.logger.log(`league ${leagueId}: question ${question.id} settled by its owner`);
    return this.one(leagueId, question.id, ownerId);
  }

  private async one(leagueId: number, questionId: number, viewerId: number): Promise<LeagueQuestion> {
    const { questions } = await this.list(leagueId, viewerId);
    return questions.find((q) => q.id === questionId)!;
  }

  private async require(leagueId: number, questionId: number, viewerId: number): Promise<LeagueQuestionRow> {
    const question = await selectLeagueQuestion(this.db, leagueId, questionId, viewerId);
    if (!question) throw ApiError.notFound(QUESTION_NOT_FOUND);
    return question;
  }
}

/** An answer as stored: an option as the question writes it, a text trimmed, a number in its decimal form. */
function storedAnswer(question: Pick<LeagueQuestionRow, 'kind' | 'options'>, answer: string | number): string {
  if (question.kind === 'number') return String(answer);
  const text = String(answer).trim();
  if (question.kind === 'options') return question.options!.find((o) => o.localeCompare(text, undefined, { sensitivity: 'base' }) === 0) ?? text;
  return text;
}

function shown(kind: LeagueQuestionRow['kind'], stored: string | null): string | number | null {
  if (stored === null) return null;
  return kind === 'number' ? Number(stored) : stored;
}

function toQuestion(r: LeagueQuestionRow, nowMs: number, answers: { user_id: number; name: string; answer: string }[] | null): LeagueQuestion {
  const lock = { locks_at: r.locks_at.toISOString() };
  const settled = shown(r.kind, r.settled_answer);
  const mine = shown(r.kind, r.my_answer);
  return {
    id: r.id,
    text: r.text,
    kind: r.kind,
    options: r.options,
    points: r.points,
    locks_at: lock.locks_at,
    open: bonusAnswersOpen(lock, nowMs, SAVE_COMMIT_MARGIN_MS),
    revealed: answers !== null,
    my_answer: mine,
    settled_answer: settled,
    my_points: customAnswerPoints(r, mine, settled),
    answer_count: r.answer_count,
    answers:
      answers?.map((a) => {
        const answer = shown(r.kind, a.answer)!;
        return { user_id: a.user_id, name: a.name, answer, points: customAnswerPoints(r, answer, settled) };
      }) ?? null,
  };
}
