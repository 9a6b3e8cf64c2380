import type { BonusQuestion, BonusQuestionKey } from '@scoreline/contracts/game/bonus-questions';
import type { BonusAnswerWrite } from './bonus.queries';

/** A player's name as typed: its longest form, and the characters it may not hold (controls, NUL). */
export const MAX_PLAYER_NAME_LENGTH = 100;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export type FieldErrors = Record<string, string[]>;

/** A player's name as stored: trimmed, inner spaces kept as typed. Null when it is not a usable name. */
export function playerNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return "Write the player's name.";
  if (name.trim().length > MAX_PLAYER_NAME_LENGTH) return `A name is at most ${MAX_PLAYER_NAME_LENGTH} characters.`;
  if (CONTROL_CHARACTERS.test(name)) return 'A name is letters, spaces and punctuation only.';
  return null;
}

/**
 * A fan's answers checked against the season's questions and teams: what to write, or the errors
 * by field (`answers.champion` …). A team question takes a team id of the season, the top scorer
 * a name; null clears an answer; a question the season does not ask is an error.
 */
export function checkAnswers(
  questions: readonly BonusQuestion[],
  teamIds: ReadonlySet<number>,
  answers: Record<string, unknown>,
): { writes: BonusAnswerWrite[]; errors: FieldErrors } {
  const writes: BonusAnswerWrite[] = [];
  const errors: FieldErrors = {};
  const asked = new Map(questions.map((q) => [q.key as string, q]));
  for (const [key, value] of Object.entries(answers)) {
    const field = `answers.${key}`;
    const question = asked.get(key);
    if (!question) {
      errors[field] = [`This competition asks ${questions.map((q) => q.key).join(', ')}.`];
      continue;
    }
    const write = { question: key as BonusQuestionKey, team_id: null, player_name: null, clear: value === null };
    if (value === null) {
      writes.push(write);
    } else if (question.answer === 'team') {
      if (typeof value === 'number' && Number.isInteger(value) && teamIds.has(value)) writes.push({ ...write, team_id: value });
      else errors[field] = ['Choose one of the teams of this competition.'];
    } else {
      const problem = playerNameProblem(value);
      if (problem === null) writes.push({ ...write, player_name: (value as string).trim() });
      else errors[field] = [problem];
    }
  }
  if (Object.keys(answers).length === 0) errors.answers = ['Give at least one answer.'];
  return { writes, errors };
}

/**
 * The right answers an operator gives, checked the same way: team ids of the season for a team
 * question, names for the top scorer; 1 to 20 of them, no two the same. Stored as text.
 */
export function checkRightAnswers(question: BonusQuestion, teamIds: ReadonlySet<number>, rightAnswers: unknown): { values: string[]; error: string | null } {
  if (!Array.isArray(rightAnswers) || rightAnswers.length < 1 || rightAnswers.length > 20) {
    return { values: [], error: 'Give 1 to 20 right answers.' };
  }
  if (question.answer === 'team') {
    const ok = rightAnswers.every((v) => typeof v === 'number' && Number.isInteger(v) && teamIds.has(v));
    if (!ok) return { values: [], error: 'Every right answer is a team of this competition.' };
  } else {
    const problem = rightAnswers.map(playerNameProblem).find((p) => p !== null);
    if (problem) return { values: [], error: problem };
  }
  const values = rightAnswers.map((v) => String(v).trim());
  return new Set(values).size === values.length ? { values, error: null } : { values: [], error: 'Two right answers are the same.' };
}

/**
 * Checked answers where a question is answered with a player of the season's squads
 * ('squad_player'): each such name becomes the squad's spelling of that player (`spellingOf`: case,
 * accents and spaces aside, so "kylian mbappe" is stored "Kylian Mbappé"), and a name no player of
 * the squads has is the field's error instead of a write.
 */
export async function toSquadSpellings(
  questions: readonly BonusQuestion[],
  checked: { writes: BonusAnswerWrite[]; errors: FieldErrors },
  spellingOf: (name: string) => Promise<string | null>,
): Promise<{ writes: BonusAnswerWrite[]; errors: FieldErrors }> {
  const squadQuestions = new Set(questions.filter((q) => q.answer === 'squad_player').map((q) => q.key));
  const errors: FieldErrors = { ...checked.errors };
  const writes: BonusAnswerWrite[] = [];
  for (const write of checked.writes) {
    if (write.clear || !squadQuestions.has(write.question) || write.player_name === null) {
      writes.push(write);
      continue;
    }
    const spelling = await spellingOf(write.player_name);
    if (spelling === null) errors[`answers.${write.question}`] = ['Choose a player of the squads of this competition.'];
    else writes.push({ ...write, player_name: spelling });
  }
  return { writes, errors };
}
