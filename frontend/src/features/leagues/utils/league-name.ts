import type { League } from '@scoreline/contracts/api/leagues';

/** What an automatic league's name ends with: its competition (" · World Cup"; migration 1767600000000). */
const competitionSuffix = (competition: string) => ` · ${competition}`;

/**
 * A league's name under its competition's heading (the leagues hub grouped by competition): an
 * automatic league's name without the competition it ends with ("England League · World Cup"
 * under "World Cup" is "England League"). Any other name, or one cut short before its ending, as it is.
 */
export function nameUnderCompetition(league: Pick<League, 'name' | 'competition'>): string {
  const competition = league.competition?.name;
  if (!competition) return league.name;
  const suffix = competitionSuffix(competition);
  return league.name.endsWith(suffix) && league.name.length > suffix.length ? league.name.slice(0, -suffix.length) : league.name;
}

/**
 * The name the leagues hub shows for an automatic league: under its competition's heading
 * (`underCompetition`) without the competition, else whole. The hub's cards show it and its
 * search matches it, so a search never finds a league by text the fan cannot see.
 */
export function shownAutomaticLeagueName(league: Pick<League, 'name' | 'competition'>, underCompetition: boolean): string {
  return underCompetition ? nameUnderCompetition(league) : league.name;
}
