/**
 * A tournament's groups (worldcup.groups.json) and squads (worldcup.squads.json), read and
 * validated. The squads feed the bonus question "top scorer"; the groups tell the tournament
 * reader which teams exist and where each plays.
 */
import { MAX_TEAM_NAME_LENGTH, isPlainObject, show } from './match-row-rules';
import { foldName } from '@scoreline/contracts/game/fold-name';

export interface TournamentGroup {
  /** As the files write it: "Group A". */
  name: string;
  /** "A": what placeholders ("1A", "3C/E/F/H/I") refer to. */
  letter: string;
  teams: string[];
}

export type GroupsReading = { ok: true; groups: TournamentGroup[] } | { ok: false; errors: string[] };

import type { PlayerPosition } from '../seasons/squad-and-goal-rows';
export type { PlayerPosition } from '../seasons/squad-and-goal-rows';

export interface SquadPlayer {
  name: string;
  number: number;
  pos: PlayerPosition;
  club: { name: string; country: string };
}

export interface Squad {
  /** The team as the match files write it ("USA"), so a squad links to its matches. */
  team: string;
  /** The team as the squads file writes it ("United States"). */
  squadName: string;
  fifaCode: string;
  /** The group letter ("A"). */
  group: string;
  players: SquadPlayer[];
}

/** Squads that can be read, and each team or player that cannot, with its reason (refused alone). */
export type SquadsReading = { ok: true; squads: Squad[]; refused: string[] } | { ok: false; errors: string[] };

export const GROUP_NAME_RE = /^Group ([A-Z])$/;
const GROUP_LETTER_RE = /^[A-Z]$/;
const FIFA_CODE_RE = /^[A-Z]{3}$/;
const POSITIONS: readonly string[] = ['GK', 'DF', 'MF', 'FW'];
const MAX_GROUPS = 26;
const MAX_TEAMS_PER_GROUP = 8;
const MAX_SQUADS = 64;
const MAX_PLAYERS = 60;
const MAX_SHIRT_NUMBER = 99;

const isName = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= MAX_TEAM_NAME_LENGTH;

// ---------------------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------------------

function groupProblems(raw: unknown, i: number, seenTeams: Map<string, string>): string[] {
  const at = `groups[${i}]`;
  if (!isPlainObject(raw)) return [`${at}: expected an object with "name" and "teams", got ${show(raw)}`];
  if (typeof raw.name !== 'string' || !GROUP_NAME_RE.test(raw.name)) return [`${at}.name: expected "Group A" … "Group Z", got ${show(raw.name)}`];
  const teams = raw.teams;
  if (!Array.isArray(teams) || teams.length < 2 || teams.length > MAX_TEAMS_PER_GROUP) {
    return [`${at}.teams: expected 2–${MAX_TEAMS_PER_GROUP} team names, got ${show(teams)}`];
  }
  const problems: string[] = [];
  teams.forEach((team: unknown, j) => {
    if (!isName(team)) problems.push(`${at}.teams[${j}]: expected a team name of at most ${MAX_TEAM_NAME_LENGTH} characters, got ${show(team)}`);
    else if (seenTeams.has(team)) problems.push(`${at}.teams[${j}]: ${team} is already in ${seenTeams.get(team)}`);
    else seenTeams.set(team, raw.name as string);
  });
  return problems;
}

/** Reads `{ groups: [{ name: "Group A", teams: [...] }] }`; a team plays in one group only. Refused whole if anything is wrong. */
export function readTournamentGroups(input: unknown): GroupsReading {
  const groups = isPlainObject(input) ? input.groups : undefined;
  if (!Array.isArray(groups) || groups.length === 0 || groups.length > MAX_GROUPS) {
    return { ok: false, errors: [`groups: expected 1–${MAX_GROUPS} groups, got ${show(groups)}`] };
  }
  const seenTeams = new Map<string, string>();
  const errors = groups.flatMap((g, i) => groupProblems(g, i, seenTeams));
  const names = groups.map((g: { name?: unknown }) => g?.name);
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i) errors.push(`groups[${i}].name: ${show(name)} is listed twice`);
  });
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    groups: groups.map((g: { name: string; teams: string[] }) => ({ name: g.name, letter: (GROUP_NAME_RE.exec(g.name) as RegExpExecArray)[1], teams: [...g.teams] })),
  };
}

// ---------------------------------------------------------------------------------------
// Squads
// ---------------------------------------------------------------------------------------

function playerProblem(raw: unknown): string | null {
  if (!isPlainObject(raw)) return `expected an object with "name", "number", "pos" and "club", got ${show(raw)}`;
  if (!isName(raw.name)) return `name: expected a name of at most ${MAX_TEAM_NAME_LENGTH} characters, got ${show(raw.name)}`;
  if (typeof raw.number !== 'number' || !Number.isInteger(raw.number) || raw.number < 1 || raw.number > MAX_SHIRT_NUMBER) {
    return `number: expected a shirt number 1–${MAX_SHIRT_NUMBER}, got ${show(raw.number)}`;
  }
  if (typeof raw.pos !== 'string' || !POSITIONS.includes(raw.pos)) return `pos: expected GK, DF, MF or FW, got ${show(raw.pos)}`;
  const club = raw.club;
  if (!isPlainObject(club) || !isName(club.name) || typeof club.country !== 'string' || !FIFA_CODE_RE.test(club.country)) {
    return `club: expected {"name": …, "country": "ABC"}, got ${show(club)}`;
  }
  return null;
}

function toPlayer(raw: Record<string, unknown>): SquadPlayer {
  const club = raw.club as { name: string; country: string };
  return { name: raw.name as string, number: raw.number as number, pos: raw.pos as PlayerPosition, club: { name: club.name, country: club.country } };
}

function squadProblem(raw: unknown): string | null {
  if (!isPlainObject(raw)) return `expected an object with "name", "fifa_code", "group" and "players", got ${show(raw)}`;
  if (!isName(raw.name)) return `name: expected a team name, got ${show(raw.name)}`;
  if (typeof raw.fifa_code !== 'string' || !FIFA_CODE_RE.test(raw.fifa_code)) return `fifa_code: expected three capital letters, got ${show(raw.fifa_code)}`;
  if (typeof raw.group !== 'string' || !GROUP_LETTER_RE.test(raw.group)) return `group: expected a group letter A–Z, got ${show(raw.group)}`;
  if (!Array.isArray(raw.players) || raw.players.length === 0 || raw.players.length > MAX_PLAYERS) {
    return `players: expected 1–${MAX_PLAYERS} players, got ${show(raw.players)}`;
  }
  return null;
}

/** The players of one squad that can be read; a player with a bad field or a shirt number or name already taken is refused. */
function readPlayers(rawPlayers: unknown[], at: string, refused: string[]): SquadPlayer[] {
  const players: SquadPlayer[] = [];
  rawPlayers.forEach((raw, j) => {
    const problem =
      playerProblem(raw) ??
      (players.some((p) => p.number === (raw as SquadPlayer).number) ? `number: ${(raw as SquadPlayer).number} is worn by another player` : null) ??
      (players.some((p) => p.name === (raw as SquadPlayer).name) ? `name: ${(raw as SquadPlayer).name} is listed twice` : null);
    if (problem) refused.push(`${at}.players[${j}].${problem}`);
    else players.push(toPlayer(raw as Record<string, unknown>));
  });
  return players;
}

/** "Bosnia and Herzegovina" and "Bosnia & Herzegovina" compare equal; so do case and accents. */
function looseName(name: string): string {
  return foldName(name.replace(/\s*&\s*/g, ' and '));
}

/**
 * The match files' name of each squad of one group. The squads file spells two teams its own
 * way ("United States" for "USA", "Bosnia and Herzegovina" for "Bosnia & Herzegovina"), so a
 * squad is linked by exact name, then by loose name, then — when exactly one squad and one team
 * of the group are left — to that team. Null for a squad that cannot be told apart.
 */
export function linkSquadsToTeams(squadNames: readonly string[], groupTeams: readonly string[]): (string | null)[] {
  const left = new Set(groupTeams);
  const linked = squadNames.map((name) => (left.delete(name) ? name : null));
  squadNames.forEach((name, i) => {
    if (linked[i] !== null) return;
    const match = [...left].find((team) => looseName(team) === looseName(name));
    if (match !== undefined) {
      linked[i] = match;
      left.delete(match);
    }
  });
  const unlinked = linked.flatMap((team, i) => (team === null ? [i] : []));
  if (unlinked.length === 1 && left.size === 1) linked[unlinked[0]] = [...left][0];
  return linked;
}

interface SquadDraft {
  index: number;
  raw: Record<string, unknown>;
}

function linkDrafts(drafts: readonly SquadDraft[], groups: readonly TournamentGroup[] | undefined): Map<number, string | null> {
  const teamOf = new Map<number, string | null>();
  if (!groups) {
    for (const d of drafts) teamOf.set(d.index, d.raw.name as string);
    return teamOf;
  }
  for (const group of groups) {
    const ofGroup = drafts.filter((d) => d.raw.group === group.letter);
    const linked = linkSquadsToTeams(
      ofGroup.map((d) => d.raw.name as string),
      group.teams,
    );
    ofGroup.forEach((d, k) => teamOf.set(d.index, linked[k]));
  }
  return teamOf;
}

/**
 * Reads worldcup.squads.json: a list of `{ name, fifa_code, group, players: [{ number, pos, name,
 * club: { name, country } }] }`. With the tournament's groups, each squad is linked to the team
 * of its group that the match files name (see linkSquadsToTeams), and a squad of no team of its
 * group is refused. A team or player that cannot be read is refused alone, named in `refused`;
 * the file is refused whole when it is no list or no squad is left.
 */
export function readSquads(input: unknown, groups?: readonly TournamentGroup[]): SquadsReading {
  if (!Array.isArray(input) || input.length === 0 || input.length > MAX_SQUADS) {
    return { ok: false, errors: [`squads: expected a list of 1–${MAX_SQUADS} squads, got ${Array.isArray(input) ? `${input.length} squads` : show(input)}`] };
  }
  const refused: string[] = [];
  const drafts: SquadDraft[] = [];
  input.forEach((raw: unknown, i) => {
    const problem = squadProblem(raw);
    const r = raw as Record<string, unknown>;
    const taken = drafts.find((d) => d.raw.name === r.name || d.raw.fifa_code === r.fifa_code);
    if (problem) refused.push(`squads[${i}].${problem}`);
    else if (taken) refused.push(`squads[${i}]: ${show(r.name)} (${show(r.fifa_code)}) has the name or FIFA code of squads[${taken.index}]`);
    else drafts.push({ index: i, raw: r });
  });
  const teamOf = linkDrafts(drafts, groups);
  const squads: Squad[] = [];
  for (const { index, raw } of drafts) {
    const team = teamOf.get(index) ?? null;
    if (team === null) {
      refused.push(`squads[${index}]: ${show(raw.name)} is no team of Group ${raw.group as string} in the groups file`);
      continue;
    }
    const players = readPlayers(raw.players as unknown[], `squads[${index}]`, refused);
    squads.push({ team, squadName: raw.name as string, fifaCode: raw.fifa_code as string, group: raw.group as string, players });
  }
  if (squads.length === 0) return { ok: false, errors: ['squads: no squad can be read', ...refused] };
  return { ok: true, squads, refused };
}
