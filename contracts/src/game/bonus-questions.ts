/**
 * Bonus questions: the questions every competition asks before its first kick-off, the questions
 * a private league's owner adds, how answers are compared, and when they are revealed. Pure
 * functions shared by backend, workers and frontend.
 */

import { foldName } from './fold-name';

/** Points of a right answer to one of a competition's own questions. */
export const BONUS_POINTS = 20;

/** A league competition (a table decides it) or a tournament (a final decides it). */
export type CompetitionFormat = 'league' | 'tournament';

export type BonusQuestionKey = 'champion' | 'top_scorer' | 'bottom';

/**
 * What an answer names: a team of the competition (by id), a player of its squads file (by id), or
 * a player's name as typed (compared with sameAnswer) where the competition has no squads file.
 */
export type BonusAnswerKind = 'team' | 'squad_player' | 'player_name';

export interface BonusQuestion {
  key: BonusQuestionKey;
  answer: BonusAnswerKind;
  points: number;
}

/**
 * A competition's questions, in the order they are shown: the champion (a tournament's final
 * winner, a league's top team), the top scorer, and for a league the team that finishes bottom.
 */
export function bonusQuestionsOf(competition: { format: CompetitionFormat; hasSquads: boolean }): BonusQuestion[] {
  const questions: BonusQuestion[] = [
    { key: 'champion', answer: 'team', points: BONUS_POINTS },
    { key: 'top_scorer', answer: competition.hasSquads ? 'squad_player' : 'player_name', points: BONUS_POINTS },
  ];
  if (competition.format === 'league') questions.push({ key: 'bottom', answer: 'team', points: BONUS_POINTS });
  return questions;
}

/** An answer as it is compared: foldName's rule ("  Kylian   MBAPPÉ " → "kylian mbappe"). */
export function normaliseAnswer(text: string): string {
  return foldName(text);
}

/** Whether two typed answers are the same, case- and accent-insensitively ("Kylian Mbappé" = "kylian mbappe"). */
export function sameAnswer(a: string, b: string): boolean {
  return normaliseAnswer(a) === normaliseAnswer(b);
}

/**
 * Points of an answer once its question is settled: the question's points when the answer is
 * one of the right answers (players level as top scorer share the title, so there may be several),
 * 0 otherwise or without an answer; null while the question is not settled. Answers are compared
 * with sameAnswer (ids compare as themselves).
 */
export function bonusAnswerPoints(answer: string | null, rightAnswers: readonly string[] | null, points: number = BONUS_POINTS): number | null {
  if (rightAnswers === null) return null;
  if (answer === null) return 0;
  return rightAnswers.some((right) => sameAnswer(answer, right)) ? points : 0;
}

/** A goal as the results list it; an own goal counts for no scorer. */
export interface ScoredGoal {
  name: string;
  owngoal?: boolean;
}

/**
 * The top scorers of a competition from its goals: every player level on the most goals (names
 * grouped by sameAnswer, each given as first spelled), and that number; none before a goal.
 */
export function topScorers(goals: readonly ScoredGoal[]): { names: string[]; goals: number } {
  const tally = new Map<string, { name: string; goals: number }>();
  for (const goal of goals) {
    if (goal.owngoal) continue;
    const key = normaliseAnswer(goal.name);
    const entry = tally.get(key) ?? { name: goal.name, goals: 0 };
    entry.goals += 1;
    tally.set(key, entry);
  }
  const most = Math.max(0, ...[...tally.values()].map((e) => e.goals));
  return { names: most === 0 ? [] : [...tally.values()].filter((e) => e.goals === most).map((e) => e.name), goals: most };
}

// ---------------------------------------------------------------------------------------
// A private league's own questions
// ---------------------------------------------------------------------------------------

export const CUSTOM_QUESTION_KINDS = ['text', 'options', 'number'] as const;
export type CustomQuestionKind = (typeof CUSTOM_QUESTION_KINDS)[number];

export const CUSTOM_QUESTION_RULES = {
  /** Questions of its own a private league may have. */
  maxPerLeague: 5,
  minPoints: 5,
  maxPoints: 50,
  maxTextLength: 200,
  minOptions: 2,
  maxOptions: 10,
  maxOptionLength: 80,
  /** A text answer's length. */
  maxAnswerLength: 100,
  /** A number answer's size either side of 0. */
  maxNumber: 1_000_000_000,
} as const;

/** A custom question as an owner writes it (unchecked input). */
export interface CustomQuestionDraft {
  text: unknown;
  kind: unknown;
  /** Only for kind 'options'. */
  options?: unknown;
  points: unknown;
  /** The instant answers lock and are revealed, ISO 8601 with an offset. */
  locks_at: unknown;
}

/** A custom question that passed customQuestionErrors. */
export interface CustomQuestion {
  text: string;
  kind: CustomQuestionKind;
  options: string[] | null;
  points: number;
  locks_at: string;
}

/** Field errors as the API answers them (ApiErrorBody.errors): empty when all is well. */
export type FieldErrors = Record<string, string[]>;

const R = CUSTOM_QUESTION_RULES;
const ISO_INSTANT_RE = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 instant with its offset on a real calendar day (Date.parse rolls 30 February over to March). */
function isInstant(text: string): boolean {
  const m = ISO_INSTANT_RE.exec(text);
  if (!m || Number.isNaN(Date.parse(text))) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day && month >= 1 && month <= 12;
}

export function customQuestionTextProblem(text: unknown): string | null {
  if (typeof text !== 'string' || text.trim() === '') return 'Write the question.';
  if (text.trim().length > R.maxTextLength) return `A question is at most ${R.maxTextLength} characters.`;
  return null;
}

export function customQuestionKindProblem(kind: unknown): string | null {
  return (CUSTOM_QUESTION_KINDS as readonly unknown[]).includes(kind) ? null : `The answer is ${CUSTOM_QUESTION_KINDS.join(', ')}.`;
}

/** Options: only for kind 'options', 2–10 of them, each written, at most 80 characters, no two the same (by sameAnswer). */
export function customQuestionOptionsProblem(kind: unknown, options: unknown): string | null {
  if (kind !== 'options') return options === undefined || options === null ? null : 'Only a question with options has options.';
  if (!Array.isArray(options) || options.length < R.minOptions || options.length > R.maxOptions) {
    return `Give ${R.minOptions} to ${R.maxOptions} options.`;
  }
  if (!options.every((o) => typeof o === 'string' && o.trim() !== '')) return 'Write every option.';
  if (options.some((o: string) => o.trim().length > R.maxOptionLength)) return `An option is at most ${R.maxOptionLength} characters.`;
  const seen = new Set(options.map((o: string) => normaliseAnswer(o)));
  return seen.size === options.length ? null : 'Two options are the same.';
}

export function customQuestionPointsProblem(points: unknown): string | null {
  if (typeof points !== 'number' || !Number.isInteger(points) || points < R.minPoints || points > R.maxPoints) {
    return `A question is worth ${R.minPoints} to ${R.maxPoints} points, in whole points.`;
  }
  return null;
}

/** The lock: a real instant with its offset, still to come. */
export function customQuestionLockProblem(locksAt: unknown, nowMs: number): string | null {
  if (typeof locksAt !== 'string' || !isInstant(locksAt)) {
    return 'Give the moment answers lock as a date and time with its offset.';
  }
  if (Date.parse(locksAt) <= nowMs) return 'The moment answers lock must be in the future.';
  return null;
}

/** A league may hold at most five questions of its own. */
export function customQuestionCountProblem(existingCount: number): string | null {
  return existingCount >= R.maxPerLeague ? `A league has at most ${R.maxPerLeague} questions of its own.` : null;
}

/**
 * Every problem of a new custom question, by field (the count under `questions`); {} when it may be
 * added. `existingCount`: the league's questions of its own so far.
 */
export function customQuestionErrors(draft: CustomQuestionDraft, context: { existingCount: number; nowMs: number }): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, problem: string | null) => {
    if (problem !== null) errors[field] = [problem];
  };
  add('questions', customQuestionCountProblem(context.existingCount));
  add('text', customQuestionTextProblem(draft.text));
  add('kind', customQuestionKindProblem(draft.kind));
  add('options', customQuestionOptionsProblem(draft.kind, draft.options));
  add('points', customQuestionPointsProblem(draft.points));
  add('locks_at', customQuestionLockProblem(draft.locks_at, context.nowMs));
  return errors;
}

/** A fan's answer to a custom question: text (written, at most 100 characters), one of the options, or a number. */
export function customAnswerErrors(question: Pick<CustomQuestion, 'kind' | 'options'>, answer: unknown): FieldErrors {
  const problem = ((): string | null => {
    switch (question.kind) {
      case 'text':
        if (typeof answer !== 'string' || answer.trim() === '') return 'Write an answer.';
        return answer.trim().length > R.maxAnswerLength ? `An answer is at most ${R.maxAnswerLength} characters.` : null;
      case 'options':
        return typeof answer === 'string' && (question.options ?? []).some((o) => sameAnswer(o, answer)) ? null : 'Choose one of the options.';
      case 'number':
        return typeof answer === 'number' && Number.isFinite(answer) && Math.abs(answer) <= R.maxNumber
          ? null
          : `Give a number between −${R.maxNumber} and ${R.maxNumber}.`;
    }
  })();
  return problem === null ? {} : { answer: [problem] };
}

/**
 * Points of an answer to a custom question once the owner settled it: its points when the answer
 * is right (text and options by sameAnswer, a number exactly), 0 otherwise or without an answer;
 * null while unsettled.
 */
export function customAnswerPoints(
  question: Pick<CustomQuestion, 'kind' | 'points'>,
  answer: string | number | null,
  settled: string | number | null,
): number | null {
  if (settled === null) return null;
  if (answer === null) return 0;
  const right = question.kind === 'number' ? Number(answer) === Number(settled) : sameAnswer(String(answer), String(settled));
  return right ? question.points : 0;
}

// ---------------------------------------------------------------------------------------
// Reveal
// ---------------------------------------------------------------------------------------

/**
 * When a set of bonus questions locks: a competition's own questions at its first kick-off, a
 * custom question at the moment its owner chose. Null while not known (a competition without
 * fixtures yet).
 */
export interface BonusRevealInput {
  locks_at: string | null;
}

/**
 * Whether bonus answers may be shown to everyone: from the lock instant on, as picksRevealed does
 * for a gameweek's picks. Before it nobody but the fan who answered sees an answer, through any
 * door (picks views, league pages, export, API).
 */
export function bonusAnswersRevealed(questions: BonusRevealInput, nowMs: number): boolean {
  return questions.locks_at !== null && Date.parse(questions.locks_at) <= nowMs;
}

/**
 * Whether answers may still be saved: until `marginMs` before the lock (the backend passes its
 * save-commit margin, so no answer changes after the reveal); open while the lock is not known.
 */
export function bonusAnswersOpen(questions: BonusRevealInput, nowMs: number, marginMs = 0): boolean {
  return questions.locks_at === null || Date.parse(questions.locks_at) - marginMs > nowMs;
}
