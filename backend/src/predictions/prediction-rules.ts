import type { PredictionInput } from '../../../contracts/src/api/predictions';

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
