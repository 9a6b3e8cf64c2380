/**
 * Gameweek status and prediction deadline (architecture.md, "The game's rules").
 */

export type FixtureStatus = 'scheduled' | 'live' | 'finished' | 'postponed';
export type GameweekStatus = 'completed' | 'current' | 'upcoming';

export interface GameweekFixturesInput {
  number: number;
  fixtures: ReadonlyArray<{ status: FixtureStatus }>;
}

/**
 * completed: every fixture is finished or postponed (void); a gameweek without fixtures is
 * completed too. current: the earliest (lowest number) gameweek that is not completed.
 * upcoming: any other gameweek that is not completed.
 *
 * "Completed" is decided per gameweek, so a completed gameweek stays completed even if an
 * earlier one is still open. Rescheduled matches are moved to the gameweek they are played
 * in when imported (double gameweeks), so one late match never holds an old gameweek open.
 * The map iterates in ascending gameweek number.
 */
export function deriveGameweekStatuses(
  gameweeks: ReadonlyArray<GameweekFixturesInput>,
): Map<number, GameweekStatus> {
  const sorted = [...gameweeks].sort((a, b) => a.number - b.number);
  const result = new Map<number, GameweekStatus>();
  let currentFound = false;
  for (const gw of sorted) {
    const completed = gw.fixtures.every((f) => f.status === 'finished' || f.status === 'postponed');
    if (completed) {
      result.set(gw.number, 'completed');
    } else if (!currentFound) {
      result.set(gw.number, 'current');
      currentFound = true;
    } else {
      result.set(gw.number, 'upcoming');
    }
  }
  return result;
}

/**
 * Predictions for a gameweek lock at the kick-off of its first match. Unknown (to be
 * confirmed) kick-offs are passed as null/undefined and ignored, as are invalid dates.
 * Returns null when no kick-off is known.
 */
export function predictionDeadline(kickoffs: ReadonlyArray<Date | null | undefined>): Date | null {
  let earliest: number | null = null;
  for (const k of kickoffs) {
    if (!k) continue;
    const t = k.getTime();
    if (Number.isNaN(t)) continue;
    if (earliest === null || t < earliest) earliest = t;
  }
  return earliest === null ? null : new Date(earliest);
}
