import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import { picksRevealed } from '@scoreline/contracts/game/reveal';

/**
 * The gameweek the picks open on: the latest one whose picks are revealed (the one being played
 * or just finished), else the current one (its picks still hidden), else the first.
 */
export function startGameweek(gameweeks: readonly GameweekSummary[] | undefined, nowMs: number): number | null {
  if (!gameweeks || gameweeks.length === 0) return null;
  const revealed = gameweeks.filter((g) => g.fixture_count > 0 && picksRevealed(g, nowMs));
  if (revealed.length > 0) return Math.max(...revealed.map((g) => g.number));
  return (gameweeks.find((g) => g.status === 'current') ?? gameweeks[0]).number;
}
