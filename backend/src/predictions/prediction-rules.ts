import type { PredictionInput } from '@scoreline/contracts/api/predictions';
import { hasAdvancePick } from '@scoreline/contracts/game/knockout';

/**
 * Saves close this long before the deadline (the first kick-off). The deadline is re-checked
 * by the database clock in the save's last statement, and COMMIT follows at once; the margin
 * covers the commit itself, which may queue behind other commits (every outbox writer NOTIFYs,
 * and Postgres commits NOTIFYing transactions one at a time, each with its WAL flush), so no
 * save is committed after the deadline even in a burst at the deadline instant.
 */
export const SAVE_COMMIT_MARGIN_MS = 1000;

/** A fixture of the open gameweek, as far as a save's rules need it. */
export interface OpenFixture {
  /** Its round is a knockout round. */
  knockout: boolean;
  /** 1 or 2 in a two-legged tie, else null. */
  tieLeg: 1 | 2 | null;
  /** "W73 v W74" while a side's team is not known (a placeholder), else null. */
  unknownTeams: string | null;
}

/**
 * The rules of one save that depend only on the request and the gameweek's fixtures
 * (the deadline is checked by the service against the database clock). Returns every field
 * error found, keyed like the request (`predictions[2].fixture`), or an empty object.
 * A fixture whose teams are not known yet is not open for prediction; `advance` is taken only
 * by a fixture that carries the "who goes through" pick (hasAdvancePick).
 */
export function checkPredictionSubmission(
  predictions: ReadonlyArray<PredictionInput>,
  gameweekFixtures: ReadonlyMap<number, OpenFixture>,
  gameweekName: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, msg: string) => (errors[key] ??= []).push(msg);
  const seen = new Map<number, number>();
  predictions.forEach((p, i) => {
    const first = seen.get(p.fixture);
    if (first !== undefined) add(`predictions[${i}].fixture`, `Fixture ${p.fixture} appears twice (also predictions[${first}]).`);
    else seen.set(p.fixture, i);
    const fixture = gameweekFixtures.get(p.fixture);
    if (fixture === undefined) {
      add(`predictions[${i}].fixture`, `Fixture ${p.fixture} is not part of ${gameweekName}, the only gameweek open for predictions.`);
      return;
    }
    if (fixture.unknownTeams !== null) {
      add(`predictions[${i}].fixture`, `Fixture ${p.fixture} is not open for predictions yet: its teams are not known (${fixture.unknownTeams}).`);
    }
    if (p.advance != null && !hasAdvancePick({ knockout: fixture.knockout, leg: fixture.tieLeg })) {
      const why = fixture.knockout
        ? 'in a two-legged tie who goes through is picked with the second leg'
        : 'only a knockout match has one';
      add(`predictions[${i}].advance`, `Fixture ${p.fixture} takes no "who goes through" pick: ${why}.`);
    }
  });
  const bankers = predictions.filter((p) => p.is_banker).length;
  if (bankers > 1) add('predictions', `Only one banker per gameweek: ${bankers} were marked.`);
  return errors;
}
