import type { Competition } from '@scoreline/contracts/api/competitions';

/**
 * Whose group tables the screen shows, from GET /competitions/ (oldest season first): the
 * competition the fan chose in the switcher (`chosen`, a league included: it has no groups), else the first
 * tournament the fan plays, else the first tournament being played, else the first competition
 * the fan plays, else the first one (a league: it has no groups, and the screen says so); null
 * when no competition is being played.
 */
export function groupCompetitionOf(competitions: readonly Competition[], chosen: string | null = null): Competition | null {
  const picked = chosen === null ? undefined : competitions.find((c) => c.code === chosen);
  if (picked) return picked;
  const tournaments = competitions.filter((c) => c.kind === 'tournament');
  return (
    tournaments.find((c) => c.playing) ?? tournaments[0] ?? competitions.find((c) => c.playing) ?? competitions[0] ?? null
  );
}
