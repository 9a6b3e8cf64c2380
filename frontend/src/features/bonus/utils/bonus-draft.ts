import type { BonusTeam, SaveBonusAnswersRequest, SeasonBonus, SeasonBonusQuestion } from '@scoreline/contracts/api/bonus';
import type { BonusQuestionKey } from '@scoreline/contracts/game/bonus-questions';

/** The form's values by question: a team id as text or a typed name; '' for no answer. */
export type BonusDraft = Partial<Record<BonusQuestionKey, string>>;

/** The form's values for the fan's saved answers. */
export function draftOf(questions: readonly SeasonBonusQuestion[]): BonusDraft {
  return Object.fromEntries(questions.map((q) => [q.key, q.my_answer === null ? '' : String(q.my_answer)]));
}

/**
 * The request saving every question shown: a team as its id, a name trimmed; an empty field
 * clears its answer (null), so a blank name is no answer rather than an error.
 */
export function answersOf(questions: readonly SeasonBonusQuestion[], draft: BonusDraft): SaveBonusAnswersRequest {
  const answers: SaveBonusAnswersRequest['answers'] = {};
  for (const q of questions) {
    const value = (draft[q.key] ?? '').trim();
    answers[q.key] = value === '' ? null : q.answer === 'team' ? Number(value) : value;
  }
  return { answers };
}

/** Whether the form holds answers other than the saved ones (surrounding spaces of a name do not count). */
export function draftChanged(questions: readonly SeasonBonusQuestion[], draft: BonusDraft): boolean {
  const saved = draftOf(questions);
  return questions.some((q) => (draft[q.key] ?? '').trim() !== (saved[q.key] ?? ''));
}

/** A team's name by id; null when the season has no such team. */
export function teamName(teams: SeasonBonus['teams'], id: number): string | null {
  return teams.find((team: BonusTeam) => team.id === id)?.name ?? null;
}
