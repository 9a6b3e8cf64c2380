import type { Competition } from '@scoreline/contracts/api/competitions';
import type { CompetitionRow } from './competitions.queries';

/**
 * A competition as the caller sees it. A tournament is a season whose rounds have names; a chosen team
 * locks at the season's first kick-off (the database's clock, `now`, so every replica agrees).
 */
export function toCompetition(r: CompetitionRow): Competition {
  const firstKickoff = r.first_kickoff === null ? null : new Date(r.first_kickoff);
  return {
    code: r.code,
    name: r.name,
    kind: r.is_tournament ? 'tournament' : 'league',
    season: { id: r.season_id, name: r.season_name },
    first_kickoff: firstKickoff?.toISOString() ?? null,
    playing: r.playing,
    team: r.team_id === null ? null : { id: r.team_id, name: r.team_name!, logo: r.team_logo },
    // A fan who joins after the first kick-off still picks a team, once: it is the change that locks.
    team_locked: r.team_id !== null && firstKickoff !== null && firstKickoff.getTime() <= new Date(r.now).getTime(),
  };
}
