/**
 * The rows of a tournament's squads and goals as the seasons domain stores them (`squad_players`,
 * `fixture_goals`): written by the season import (season-import/), read back by SeasonPlayersService.
 */

/** A squad player's position, as openfootball's squads files write it. */
export type PlayerPosition = 'GK' | 'DF' | 'MF' | 'FW';

export type GoalSide = 'home' | 'away';

/** One goal as `fixture_goals` holds it; `ordinal` is its place in its side's list (from 1), in the reader's order. */
export interface GoalRow {
  side: GoalSide;
  ordinal: number;
  scorer: string;
  minute: number;
  added_minute: number;
  penalty: boolean;
  own_goal: boolean;
}

/** A goal to write: its row and the scorer's name folded as answers are compared. */
export interface GoalWrite extends GoalRow {
  scorer_folded: string;
}

/** A stored goal and the match it belongs to. */
export interface StoredGoalRow extends GoalRow {
  external_key: string;
}

/** A player as `squad_players` holds it. */
export interface SquadPlayerWrite {
  team_id: number;
  name: string;
  folded_name: string;
  number: number;
  position: PlayerPosition;
}
