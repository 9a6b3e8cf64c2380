import type { League, LeaguesOverview, OverviewLeagueEntry } from '@scoreline/contracts/api/leagues';
import { shownAutomaticLeagueName } from './league-name';

export interface FilteredOverview {
  country: LeaguesOverview['country_league'] | null;
  global: LeaguesOverview['global_league'] | null;
  club: LeaguesOverview['club_league'] | null;
  privateLeagues: OverviewLeagueEntry[];
  publicLeagues: OverviewLeagueEntry[];
  /** Whether anything at all matches the search. */
  anyMatch: boolean;
}

const contains = (name: string, needle: string) => name.toLowerCase().includes(needle);

/**
 * The overview narrowed to leagues whose name as shown contains the search text (case-insensitive):
 * `underCompetition`, the automatic leagues' names under their competition's heading, without the
 * competition they end with (shownAutomaticLeagueName). With no text everything shows, the
 * country/global/club cards included even without a league.
 */
export function filterOverview(overview: LeaguesOverview, search: string, { underCompetition = false }: { underCompetition?: boolean } = {}): FilteredOverview {
  const matches = (league: League | null | undefined, needle: string) => Boolean(league && contains(shownAutomaticLeagueName(league, underCompetition), needle));
  const listed = (entry: OverviewLeagueEntry, needle: string) => contains(entry.league.name, needle);
  const needle = search.trim().toLowerCase();
  if (!needle) {
    return {
      country: overview.country_league,
      global: overview.global_league,
      club: overview.club_league,
      privateLeagues: overview.private_leagues?.leagues ?? [],
      publicLeagues: overview.public_leagues?.leagues ?? [],
      anyMatch: true,
    };
  }
  const country = matches(overview.country_league?.league, needle) ? overview.country_league : null;
  const global = matches(overview.global_league?.league, needle) ? overview.global_league : null;
  const club = matches(overview.club_league?.league, needle) ? overview.club_league : null;
  const privateLeagues = (overview.private_leagues?.leagues ?? []).filter((e) => listed(e, needle));
  const publicLeagues = (overview.public_leagues?.leagues ?? []).filter((e) => listed(e, needle));
  return {
    country,
    global,
    club,
    privateLeagues,
    publicLeagues,
    anyMatch: Boolean(country || global || club || privateLeagues.length || publicLeagues.length),
  };
}

/** Whether an overview holds any league of the fan's (an automatic one or one of their own). */
export function hasAnyLeague(overview: LeaguesOverview | null | undefined): boolean {
  if (!overview) return false;
  return Boolean(
    overview.global_league?.league ||
      overview.country_league?.league ||
      overview.club_league?.league ||
      (overview.private_leagues?.count ?? 0) > 0 ||
      (overview.public_leagues?.count ?? 0) > 0,
  );
}
