import type { LeagueBonusAnswer, LeagueBonusQuestion } from '@scoreline/contracts/api/bonus';
import { bonusAnswerPoints, type BonusQuestion } from '@scoreline/contracts/game/bonus-questions';
import type { RightAnswers } from './bonus-points';
import type { BonusAnswerRow } from './bonus.queries';

/**
 * How a league's view of a competition's questions shows answers: a team by its name (its id
 * when the season no longer has it), a player as typed, and the points once the question is
 * settled (bonusAnswerPoints: right answers compared ignoring case and accents).
 */

/** A fan's stored answers in the questions' order; questions left unanswered are left out. */
export function shownAnswers(
  questions: readonly BonusQuestion[],
  rights: RightAnswers,
  teamNames: ReadonlyMap<number, string>,
  rows: readonly BonusAnswerRow[],
): LeagueBonusAnswer[] {
  return questions.flatMap((q) => {
    const row = rows.find((r) => r.question === q.key);
    const answer = row ? (row.team_id ?? row.player_name) : null;
    if (answer === null) return [];
    return [
      {
        question: q.key,
        answer,
        label: labelOf(answer, teamNames),
        points: bonusAnswerPoints(String(answer), rights.get(q.key)?.answers ?? null, q.points),
      },
    ];
  });
}

/** The questions with their right answers once settled, each labelled as answers are. */
export function shownQuestions(questions: readonly BonusQuestion[], rights: RightAnswers, teamNames: ReadonlyMap<number, string>): LeagueBonusQuestion[] {
  return questions.map((q) => {
    const right = rights.get(q.key);
    const team = q.answer === 'team';
    return {
      key: q.key,
      answer: q.answer,
      points: q.points,
      // Stored as text: a team question's right answers are team ids.
      right_answers: right ? right.answers.map((v) => (team ? Number(v) : v)).map((value) => ({ value, label: labelOf(value, teamNames) })) : null,
      settled_by: right?.by ?? null,
    };
  });
}

/** A fan's points from the questions settled so far. */
export function settledPoints(answers: readonly LeagueBonusAnswer[]): number {
  return answers.reduce((sum, a) => sum + (a.points ?? 0), 0);
}

function labelOf(answer: number | string, teamNames: ReadonlyMap<number, string>): string {
  return typeof answer === 'number' ? (teamNames.get(answer) ?? String(answer)) : answer;
}
