import { useRef } from 'react';
import { useLiveEvent } from '@/lib/live';
import { ScoreMoves } from '../utils/score-moves';
import { useLater } from './use-later';

/**
 * Refetches spread over this long after a goal: the server's tables have it at once (live
 * tables), and a big league's readers should not all ask in the same instant.
 */
export const SCORE_MOVE_SPREAD_MS = 2000;

/**
 * Calls `refetch` a moment after each pushed goal, correction, full time or postponement (not
 * minute ticks): the league's tables answer with the new score at once, while the table's own
 * push (`leaderboard.updated`) waits for the points to be written — seconds at 100,000 fans, half a
 * minute at a million.
 */
export function useScoreMoves(refetch: () => void): void {
  const moves = useRef(new ScoreMoves());
  const later = useLater();
  useLiveEvent('fixture.updated', (update) => {
    if (moves.current.moved(update)) later(refetch, Math.random() * SCORE_MOVE_SPREAD_MS);
  });
}
