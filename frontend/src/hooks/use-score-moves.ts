import { useRef } from 'react';
import { useLiveEvent } from '@/lib/live';
import { ScoreMoves } from '@/lib/score-moves';
import { useLater } from './use-later';

/**
 * Refetches spread over this long after a goal: the server's tables and a fan's own figures have
 * it at once (live tables, live totals), and a big league's readers should not all ask in the
 * same instant.
 */
export const SCORE_MOVE_SPREAD_MS = 2000;

/**
 * Calls `refetch` a moment after each pushed goal, correction, full time or postponement (not
 * minute ticks): the server answers with the new score at once, while the pushes that follow the
 * points' writes (`leaderboard.updated`, `points.updated`) wait for them — seconds at 100,000 fans,
 * half a minute at a million.
 */
export function useScoreMoves(refetch: () => void): void {
  const moves = useRef(new ScoreMoves());
  const later = useLater();
  useLiveEvent('fixture.updated', (update) => {
    if (moves.current.moved(update)) later(refetch, Math.random() * SCORE_MOVE_SPREAD_MS);
  });
}
