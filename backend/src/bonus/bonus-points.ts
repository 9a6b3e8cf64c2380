import type { BonusSettledBy } from '@scoreline/contracts/api/bonus';
import {
  bonusAnswerPoints,
  bonusQuestionsOf,
  customAnswerPoints,
  type BonusQuestion,
  type BonusQuestionKey,
  type CustomQuestionKind,
} from '@scoreline/contracts/game/bonus-questions';
import { finishedFinal, rightAnswersFromResults, type SeasonPlay, type SeasonScorer } from './bonus-settlement';
import type { SeasonMatchRow, SeasonOutline } from '../fixtures/season-results.service';

/**
 * How bonus answers become points in the league tables (issue 34 §3): which right answers hold, and
 * which stored answers score. Answers are compared once per distinct answer (a few dozen teams, the
 * names fans typed), never per fan: SQL then adds up each fan's points from the answers that score.
 */

/**
 * The questions a season asks: a tournament has no bottom team; the top scorer is a player of the
 * squads where a tournament has them (`has_squads`, SeasonPlayersService), else a typed name.
 */
export function questionsOf(season: Pick<SeasonOutline, 'tournament'> & { has_squads?: boolean }): BonusQuestion[] {
  return bonusQuestionsOf({ format: season.tournament ? 'tournament' : 'league', hasSquads: season.tournament && season.has_squads === true });
}

/**
 * A season's matches as the results settle questions from them: a match with a side still a
 * placeholder decides nothing yet. `scorers`: a tournament's, read once its final is finished
 * (scorersDecide).
 */
export function playOf(season: Pick<SeasonOutline, 'tournament'>, matches: readonly SeasonMatchRow[], scorers?: readonly SeasonScorer[]): SeasonPlay {
  return {
    tournament: season.tournament,
    matches: matches.flatMap((m) => (m.home_id === null || m.away_id === null ? [] : [{ ...m, home_id: m.home_id, away_id: m.away_id }])),
    ...(scorers === undefined ? {} : { scorers }),
  };
}

/** Whether the season's scorers settle its top scorer: a tournament whose final is finished (the goals are read only then). */
export function scorersDecide(season: Pick<SeasonOutline, 'tournament'>, matches: readonly SeasonMatchRow[]): boolean {
  return season.tournament && finishedFinal(playOf(season, matches).matches) !== null;
}

/** Each settled question's right answers (as stored: a team id as text, a name as typed) and who settled it. */
export type RightAnswers = Map<BonusQuestionKey, { answers: string[]; by: BonusSettledBy }>;

/** Each settled question's right answers: an operator's where given (it wins), else what the results decide. */
export function settledRightAnswers(
  questions: readonly BonusQuestion[],
  byOperator: readonly { question: BonusQuestionKey; right_answers: string[] }[],
  play: SeasonPlay,
): RightAnswers {
  const rights: RightAnswers = new Map();
  for (const q of questions) {
    const settled = byOperator.find((s) => s.question === q.key);
    if (settled) {
      rights.set(q.key, { answers: settled.right_answers, by: 'operator' });
      continue;
    }
    const fromResults = rightAnswersFromResults(q.key, play);
    if (fromResults !== null) rights.set(q.key, { answers: fromResults.map(String), by: 'results' });
  }
  return rights;
}

/** The right answers points are written from, comparable as they are stored: by question, in order. */
export type PointsBasis = Record<string, string[]>;

export function basisOf(rights: RightAnswers): PointsBasis {
  const keys = [...rights.keys()].sort();
  return Object.fromEntries(keys.map((key) => [key, [...rights.get(key)!.answers].sort()]));
}

/** Whether two bases give every answer the same points (who settled a question does not matter). */
export function sameBasis(a: PointsBasis, b: PointsBasis): boolean {
  const canonical = (basis: PointsBasis) =>
    JSON.stringify(
      Object.keys(basis)
        .sort()
        .map((key) => [key, [...basis[key]].sort()]),
    );
  return canonical(a) === canonical(b);
}

/** An answer as stored (a team id as text, a player's name as typed), and what it scores. */
export interface ScoringAnswer {
  question: BonusQuestionKey;
  answer: string;
  points: number;
}

/**
 * Of the distinct stored answers to a season's questions, those that score and their points
 * (bonusAnswerPoints: any of the right answers, names ignoring case and accents).
 */
export function scoringCompetitionAnswers(
  questions: readonly BonusQuestion[],
  rights: RightAnswers,
  answers: readonly { question: BonusQuestionKey; answer: string }[],
): ScoringAnswer[] {
  const scoring: ScoringAnswer[] = [];
  for (const { question, answer } of answers) {
    const asked = questions.find((q) => q.key === question);
    const right = rights.get(question);
    if (!asked || !right) continue;
    const points = bonusAnswerPoints(answer, right.answers, asked.points) ?? 0;
    if (points > 0) scoring.push({ question, answer, points });
  }
  return scoring;
}

/** A league's own question once its owner settled it (the answer stored as text, a number in its decimal form). */
export interface SettledLeagueQuestion {
  id: number;
  kind: CustomQuestionKind;
  points: number;
  settled_answer: string;
}

/** Of the distinct stored answers to a league's settled questions, those that score (customAnswerPoints) and their points. */
export function scoringLeagueAnswers(
  questions: readonly SettledLeagueQuestion[],
  answers: readonly { question_id: number; answer: string }[],
): { question_id: number; answer: string; points: number }[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return answers.flatMap(({ question_id, answer }) => {
    const question = byId.get(question_id);
    if (!question) return [];
    const points = customAnswerPoints(question, answer, question.settled_answer) ?? 0;
    return points > 0 ? [{ question_id, answer, points }] : [];
  });
}
