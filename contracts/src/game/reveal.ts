import type { GameweekStatus } from './gameweek-status';

/** What the reveal rule needs of a gameweek (a GameweekSummary has all of it). */
export interface RevealInput {
  status: GameweekStatus;
  /** The prediction deadline (first kick-off), ISO; null for a gameweek without fixtures. */
  deadline: string | null;
  /** True while predictions can still be saved (current, before the deadline, no score yet). */
  is_open: boolean;
}

/**
 * Whether a gameweek's predictions are locked for good, so that everyone's picks may be shown:
 * its deadline has passed, or a score was recorded in it (which closes it at once, see
 * `is_open`), or it is completed. Before that, nobody but the predictor sees a prediction.
 * Saves close SAVE_COMMIT_MARGIN_MS before the deadline, so no pick changes after the reveal.
 */
export function picksRevealed(gameweek: RevealInput, nowMs: number): boolean {
  if (gameweek.status === 'completed') return true;
  if (gameweek.deadline !== null && Date.parse(gameweek.deadline) <= nowMs) return true;
  return gameweek.status === 'current' && !gameweek.is_open;
}
