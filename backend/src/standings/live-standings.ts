import type { TableView } from './ranked-table';

/** A member's line in a league's live standings. */
export interface LiveLine {
  /** Place in table order (0-based). */
  position: number;
  rank: number;
  points: number;
  /** Points in the league's recent gameweek. */
  recentPoints: number;
  provisional: boolean;
}

/**
 * A league's standings while a match is open, as the current scores make them: its live season
 * table and its recent gameweek's (live-tables.service.ts). Every reader of a member's rank or
 * points (the leaderboard, the members list, the member modal, the profile) reads them from here
 * during play, so they agree with each other and with the league's tables at once after a goal,
 * where the stored standings follow when the scorer and the recomputes have written it.
 */
export class LiveStandings {
  constructor(
    readonly season: TableView,
    readonly recent: TableView | null,
    /** The recent gameweek's number (null: nothing scored yet). */
    readonly recentGameweek: number | null,
    /** When the newest score applied was recorded (null: none since the stored tables). */
    readonly scoresAt: Date | null,
    /** Names this state: a goal, a correction or a new stored table gives a new key. */
    readonly key: string,
  ) {}

  /** The member's live line, or undefined for a user not in the table (not a member, or joined since its base). */
  lineOf(userId: number): LiveLine | undefined {
    const found = this.season.memberOf(userId);
    if (found === undefined) return undefined;
    const { position, member: m } = found;
    return { position, rank: m.rank, points: m.points, recentPoints: this.recentPointsOf(userId), provisional: m.provisional };
  }

  /** The member's place in table order (0-based), or undefined for a user not in the table. */
  positionOf(userId: number): number | undefined {
    return this.season.positionOf(userId);
  }

  /** The member's points in the recent gameweek (0 without one). */
  recentPointsOf(userId: number): number {
    return this.recent?.memberOf(userId)?.member.points ?? 0;
  }

  /** How many members have fewer points than `points`. */
  countBelow(points: number): number {
    return this.season.countBelow(points);
  }
}
