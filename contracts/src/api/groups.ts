/**
 * A tournament's group tables (issue 34 §2), from its finished group matches, ordered by the
 * rules of contracts/src/game/group-table.ts.
 *
 * - GET /seasons/{id}/groups/ → ApiEnvelope<SeasonGroups> (a league season has no groups: [])
 */

export interface GroupTableEntry {
  position: number;
  team_id: number;
  team: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  points: number;
  /** Level with a neighbour on everything the results decide (fair play or lots would): placed by name. */
  tied: boolean;
}

export interface GroupTable {
  /** As the file names it: "Group A". */
  name: string;
  rows: GroupTableEntry[];
  /** Matches of the group still to finish. */
  unfinished: number;
}

export interface SeasonGroups {
  season_id: number;
  season_name: string;
  groups: GroupTable[];
}
