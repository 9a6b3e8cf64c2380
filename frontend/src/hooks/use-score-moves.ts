import { useCallback, useRef } from 'react';
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
 * `soon()`: calls `refetch` at a random moment within SCORE_MOVE_SPREAD_MS; calls while one waits
 * add nothing, so a goal's score push and its league's table push make one refetch.
 */
export function useSpreadRefetch(refetch: () => void): () => void {
  const latest = useRef(refetch);
  latest.current = refetch;
  const waiting = useRef(false);
  const later = useLater();
  return useCallback(() => {
    if (waiting.current) return;
    waiting.current = true;
    later(() => {
      waiting.current = false;
      latest.current();
    }, Math.random() * SCORE_MOVE_SPREAD_MS);
  }, [later]);
}

/**
 * Refetches a moment after each pushed goal, correction, full time or postponement (not minute
 * ticks): the server answers with the new score at once, while the pushes that follow the points'
 * writes (a small league's `leaderboard.updated`, `points.updated`) wait for them — seconds at
 * 100,000 fans, half a minute at a million. Answers the same `soon()`, for the pushes that say a
 * table moved with the goal (a big league's `leaderboard.updated`).
 */
export function useScoreMoves(refetch: () => void): () => void {
  const moves = useRef(new ScoreMoves());
  const soon = useSpreadRefetch(refetch);
  useLiveEvent('fixture.updated', (update) => {
    if (moves.current.moved(update)) soon();
  });
  return soon;
}
