import { sameAnswer } from '@scoreline/contracts/game/bonus-questions';

/** Why a settlement is refused before sending (keys under `bonus.errors`). */
export type SettleProblem = 'none' | 'tooMany' | 'tooLong' | 'duplicate';

export const MAX_RIGHT_ANSWERS = 20;
export const MAX_PLAYER_NAME_LENGTH = 100;

/**
 * The right answers of a player question as typed, one name per line (players level as top scorer
 * share it): 1 to 20 names of at most 100 characters, no name twice (case and accents aside).
 */
export function playerRightAnswers(text: string): { ok: true; names: string[] } | { ok: false; problem: SettleProblem } {
  const names = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (names.length === 0) return { ok: false, problem: 'none' };
  if (names.length > MAX_RIGHT_ANSWERS) return { ok: false, problem: 'tooMany' };
  if (names.some((name) => name.length > MAX_PLAYER_NAME_LENGTH)) return { ok: false, problem: 'tooLong' };
  if (names.some((name, i) => names.findIndex((other) => sameAnswer(other, name)) !== i)) return { ok: false, problem: 'duplicate' };
  return { ok: true, names };
}
