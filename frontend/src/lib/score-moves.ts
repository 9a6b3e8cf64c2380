import type { FixtureUpdatedPayload } from '@scoreline/contracts/live';

/**
 * Which pushed match updates move a table: a goal, a correction, full time or a postponement —
 * not the minute ticking on. Remembers each match's last score and status; the first update of a
 * match since the page opened counts as a move (what it was before is unknown).
 */
export class ScoreMoves {
  private readonly seen = new Map<number, string>();

  moved(update: Pick<FixtureUpdatedPayload, 'fixtureId' | 'status' | 'homeScore' | 'awayScore'>): boolean {
    const state = `${update.status}:${update.homeScore}:${update.awayScore}`;
    const before = this.seen.get(update.fixtureId);
    this.seen.set(update.fixtureId, state);
    return before !== state;
  }
}
