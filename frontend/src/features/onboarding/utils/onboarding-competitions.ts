import type { Competition } from '@scoreline/contracts/api/competitions';

/**
 * The competitions ticked before the fan touches the list: those they play already (joining a
 * league adds its competition) and their club's league, the suggestion.
 */
export function suggestedCompetitions(competitions: readonly Competition[], clubLeagueCode: string | undefined): string[] {
  return competitions.filter((c) => c.playing || c.code === clubLeagueCode).map((c) => c.code);
}

/**
 * The national teams to save once the competitions are played: a tournament ticked whose team the
 * fan picked and the server does not have yet (a locked one cannot change).
 */
export function teamsToSave(
  competitions: readonly Competition[],
  played: readonly string[],
  teams: Readonly<Record<string, number | null>>,
): { code: string; team_id: number }[] {
  return competitions.flatMap((c) => {
    const team = teams[c.code];
    if (c.kind !== 'tournament' || !played.includes(c.code) || c.team_locked) return [];
    return typeof team === 'number' && team !== c.team?.id ? [{ code: c.code, team_id: team }] : [];
  });
}
