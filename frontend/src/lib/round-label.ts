import { leagueRoundName } from '@scoreline/contracts/game/round-name';

/** Any screen's t, whatever its namespaces: the shared "Gameweek N" text is asked for by its own. */
export type GameweekNameT = (key: 'gameweekName', options: { ns: 'common'; number: number }) => string;

/**
 * The API's name for a round when it is a tournament's ("Round of 32", "League phase · Matchday
 * 1"), as given; null for a league's matchday: no name, or the server's English "Gameweek N"
 * (contracts/game/round-name.ts), which the fan reads in their own language instead.
 */
export function tournamentRoundName(number: number, apiName?: string | null): string | null {
  if (!apiName || apiName.trim() === '' || apiName === leagueRoundName(number)) return null;
  return apiName;
}

/**
 * A round as the fan reads it: a league's matchday translated ("18. Spieltag"), a tournament's
 * round by the API's name ("Round of 32"; the file's names are not translated).
 */
export function roundLabel(t: GameweekNameT, number: number, apiName?: string | null): string {
  return tournamentRoundName(number, apiName) ?? t('gameweekName', { ns: 'common', number });
}

/**
 * A round in a screen's own words for a league's matchday ("GW5" on a chart's axis, "Winner of
 * GW5"), and a tournament's round by the API's name all the same ("Round of 32", never "GW103").
 */
export function roundLabelOr(leagueLabel: (number: number) => string, number: number, apiName?: string | null): string {
  return tournamentRoundName(number, apiName) ?? leagueLabel(number);
}
