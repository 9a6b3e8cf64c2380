import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { PredictionInput } from '@scoreline/contracts/api/predictions';
import type { ActiveSeason } from '../seasons/seasons.service';
import { checkPredictionSubmission, type OpenFixture } from './prediction-rules';

/** A gameweek that took predictions when SaveTargets were read: current in its active season, no score, its deadline ahead. */
export interface SaveTarget {
  season: ActiveSeason;
  gameweek: GameweekSummary;
  fixtures: ReadonlyMap<number, OpenFixture>;
}

/**
 * Every gameweek open for saves, by each of its fixtures, as of one fixture_states_version (the
 * version of fixtures, gameweeks and seasons: it moves with every commit that changes one). While
 * the version stands, so do these facts: a save checks them here, and its statement writes only
 * if the version is still this one (then checks the deadline by the database clock itself).
 */
export interface SaveTargets {
  version: string;
  byFixture: ReadonlyMap<number, SaveTarget>;
}

/**
 * The gameweek a save goes to when these facts settle it: its first fixture's (the step-by-step
 * save also takes the season of the first fixture named that is in an active season), with the
 * predictions breaking none of checkPredictionSubmission's rules there. Null otherwise: a fixture
 * of no open gameweek first, or any rule broken, is for the step-by-step save to answer (which
 * names every error).
 */
export function saveTargetOf(targets: SaveTargets, predictions: ReadonlyArray<PredictionInput>): SaveTarget | null {
  const target = predictions.length > 0 ? targets.byFixture.get(predictions[0].fixture) : undefined;
  if (!target) return null;
  return Object.keys(checkPredictionSubmission(predictions, target.fixtures, target.gameweek.name)).length === 0 ? target : null;
}
