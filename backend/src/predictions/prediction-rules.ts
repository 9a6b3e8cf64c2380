import type { PredictionInput } from '@scoreline/contracts/api/predictions';

/**
 * Saves close this long before the deadline (the first kick-off). The deadline is re-checked
 * by the database clock in the save's last statement, and COMMIT follows at once; the margin
 * covers the commit itself, which may queue behind other commits (every outbox writer NOTIFYs,
 * and Postgres commits NOTIFYing transactions one at a time, each with its WAL flush), so no
 * save is committed after the deadline even in a burst at the deadline instant.
 */
export const SAVE_COMMIT_MARGIN_MS = 1000;

/**
 * The rules of one save that depend only on the request and the gameweek's fixture ids
 * (the deadline is checked by the service against the database clock). Returns every field
 * error found, keyed like the request (`predictions[2].fixture`), or an empty object.
 */
export function checkPredictionSubmission(
  predictions: ReadonlyArray<PredictionInput>,
  gameweekFixtureIds: ReadonlySet<number>,
  gameweekName: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, msg: string) => (errors[key] ??= []).push(msg);
  const seen = new Map<number, number>();
  predictions.forEach((p, i) => {
    const first = seen.get(p.fixture);
    if (first !== undefined) add(`predictions[${i}].fixture`, `Fixture ${p.fixture} appears twice (also predictions[${first}]).`);
    else seen.set(p.fixture, i);
    if (!gameweekFixtureIds.has(p.fixture)) {
      add(`predictions[${i}].fixture`, `Fixture ${p.fixture} is not part of ${gameweekName}, the only gameweek open for predictions.`);
    }
  });
  const bankers = predictions.filter((p) => p.is_banker).length;
  if (bankers > 1) add('predictions', `Only one banker per gameweek: ${bankers} were marked.`);
  return errors;
}
