/**
 * A tournament's squads as the import stores them with its season (`squad_players`): where the
 * squads file of a tournament file is found, which team of the tournament each squad is (through
 * the tournament's groups), and the rows written. Pure.
 */
import { basename, dirname, join } from 'node:path';
import { foldName } from '@scoreline/contracts/game/fold-name';
import type { NormalisedTournament } from './tournament-json';
import type { SquadPlayerWrite } from '../seasons/squad-and-goal-rows';
import { readSquads, type Squad, type SquadsReading, type TournamentGroup } from './tournament-teams';

export type { SquadPlayerWrite } from '../seasons/squad-and-goal-rows';

/**
 * The squads file that sits beside a tournament file: `worldcup.json` and a day's snapshot
 * `worldcup-2026-06-28.json` both have `worldcup.squads.json` (openfootball's name), in the same
 * folder. Null for a file that is itself a squads or groups file.
 */
export function squadsPathBeside(tournamentFile: string): string | null {
  const name = basename(tournamentFile);
  if (!name.endsWith('.json') || /\.(squads|groups)\.json$/.test(name)) return null;
  const stem = name.slice(0, -'.json'.length).replace(/-\d{4}-\d{2}-\d{2}$/, '');
  return stem === '' ? null : join(dirname(tournamentFile), `${stem}.squads.json`);
}

/**
 * The tournament's groups as its own group matches tell them (each group's real teams), for
 * linking squads to teams when no groups file is given: a group still holding a placeholder
 * ("UEFA Path A winner") lists its known teams only.
 */
export function groupsOfTournament(tournament: Pick<NormalisedTournament, 'matches'>): TournamentGroup[] {
  const teams = new Map<string, Set<string>>();
  for (const m of tournament.matches) {
    if (m.group === null) continue;
    const letter = /^Group ([A-Z])$/.exec(m.group)?.[1];
    if (letter === undefined) continue;
    const group = teams.get(m.group) ?? teams.set(m.group, new Set()).get(m.group)!;
    for (const side of [m.home, m.away]) if (side.placeholder === null) group.add(side.name);
  }
  return [...teams]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, members]) => ({ name, letter: name.slice(-1), teams: [...members] }));
}

/**
 * A squads file read against the tournament: each squad linked to the team of its group the match
 * files name ("United States" is "USA"), through the groups given or the tournament's own
 * (groupsOfTournament). A tournament without groups links squads by their exact name.
 */
export function readTournamentSquads(raw: unknown, tournament: Pick<NormalisedTournament, 'matches'>, groups?: readonly TournamentGroup[]): SquadsReading {
  const known = groups ?? groupsOfTournament(tournament);
  return readSquads(raw, known.length > 0 ? known : undefined);
}

/** The rows of the squads whose team is stored (`teamIdOf`, by the match files' name); a squad of no stored team is left out. */
export function squadPlayerWrites(squads: readonly Squad[], teamIdOf: ReadonlyMap<string, number>): SquadPlayerWrite[] {
  return squads.flatMap((squad) => {
    const teamId = teamIdOf.get(squad.team);
    if (teamId === undefined) return [];
    return squad.players.map((p) => ({ team_id: teamId, name: p.name, folded_name: foldName(p.name), number: p.number, position: p.pos }));
  });
}
