import type { TeamAccuracy } from '@scoreline/contracts/api/stats';
import { wholeAccuracy } from './accuracy';
import type { ClubAccuracyRow } from './stats.queries';

/** Clubs shown as hot / cold need at least this many scored predictions in their matches. */
export const MIN_TEAM_PREDICTIONS = 3;
/** Up to this many hot and this many cold clubs. */
export const TEAMS_SHOWN = 3;

/**
 * The hot and cold teams of a player (the dashboard and a league's player profile alike), among
 * clubs with at least MIN_TEAM_PREDICTIONS scored predictions. Hot: best accuracy first (ties:
 * more predictions, then name); cold: worst first among the clubs that are not hot.
 */
export function hotAndColdTeams(rows: ReadonlyArray<ClubAccuracyRow>): { hot: TeamAccuracy[]; cold: TeamAccuracy[] } {
  const teams = rows
    .filter((r) => r.scored >= MIN_TEAM_PREDICTIONS)
    .map((r) => ({
      team: r.team,
      team_id: r.team_id,
      team_short: r.team_short,
      team_logo: r.team_logo,
      ratio: r.correct / r.scored,
      accuracy: wholeAccuracy(r.correct, r.scored),
      predictions: r.scored,
    }));
  const strip = ({ ratio: _ratio, ...t }: (typeof teams)[number]): TeamAccuracy => t;
  const hot = [...teams].sort((a, b) => b.ratio - a.ratio || b.predictions - a.predictions || a.team.localeCompare(b.team)).slice(0, TEAMS_SHOWN);
  const hotIds = new Set(hot.map((t) => t.team_id));
  const cold = teams
    .filter((t) => !hotIds.has(t.team_id))
    .sort((a, b) => a.ratio - b.ratio || b.predictions - a.predictions || a.team.localeCompare(b.team))
    .slice(0, TEAMS_SHOWN);
  return { hot: hot.map(strip), cold: cold.map(strip) };
}
