import type { ProviderMatch, ProviderTeam } from './provider';

/**
 * Which of our clubs and fixtures a provider's teams and matches are (issue 35). Pure: the
 * caller reads the season and the stored links, and stores what matched. Nothing is guessed: a
 * team or match that matches none, or more than one, stays unmatched for an operator to map.
 */

/** Words that only say "football club" in some language: "Arsenal FC" is "Arsenal". */
const CLUB_WORDS = new Set(['fc', 'afc', 'cf', 'sc']);

/** Letters that carry no accent to strip but are written plainly elsewhere ("Bodø" is "Bodo"). */
const PLAIN_LETTERS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l', ı: 'i', þ: 'th' };

/**
 * A name as the matcher compares it: without accents, case, punctuation or the "FC"-like words;
 * "A.F.C. Bournemouth" and "AFC Bournemouth" are both "bournemouth", "Atlético" is "atletico".
 */
export function normalizeTeamName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßđłıþ]/g, (c) => PLAIN_LETTERS[c])
    // Dots and apostrophes join: "A.F.C." is "afc", "St. Pauli" "st pauli", "Newell's" "newells".
    .replace(/[.’'`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '' && !CLUB_WORDS.has(w));
  return words.join(' ');
}

/** A club or national team that plays in the season, with every name it goes by. */
export interface SeasonTeam {
  id: number;
  name: string;
  short_name: string | null;
  alternate_names: readonly string[];
  /** The FIFA code of a national team, when known. */
  code: string | null;
}

function keysOf(names: readonly (string | null | undefined)[]): Set<string> {
  const keys = new Set<string>();
  for (const n of names) {
    if (typeof n !== 'string') continue;
    const key = normalizeTeamName(n);
    if (key !== '') keys.add(key);
  }
  return keys;
}

/** The provider's names of a team: its name, short name and three-letter code. */
export function providerTeamKeys(team: Pick<ProviderTeam, 'name' | 'shortName' | 'tla'>): Set<string> {
  return keysOf([team.name, team.shortName, team.tla]);
}

export function seasonTeamKeys(team: SeasonTeam): Set<string> {
  return keysOf([team.name, team.short_name, team.code, ...team.alternate_names]);
}

export type TeamMatch =
  | { kind: 'linked'; clubId: number }
  | { kind: 'matched'; clubId: number }
  | { kind: 'unmatched'; reason: string };

/**
 * The club a provider team is: its stored link when there is one; else the one team of the season
 * one of whose names equals one of the provider's (name, short name, code). None, or more than
 * one, leaves it unmatched. A club already linked to another provider team is no candidate: a
 * second provider team "being" Arsenal is a mistake to show, not to store.
 */
export function matchTeam(
  team: ProviderTeam & { id: number },
  storedLink: number | null,
  seasonTeams: readonly SeasonTeam[],
  clubsLinkedElsewhere: ReadonlySet<number>,
): TeamMatch {
  if (storedLink !== null) return { kind: 'linked', clubId: storedLink };
  const wanted = providerTeamKeys(team);
  if (wanted.size === 0) return { kind: 'unmatched', reason: 'the provider gives it no name' };
  const hits = seasonTeams.filter((t) => !clubsLinkedElsewhere.has(t.id) && [...seasonTeamKeys(t)].some((k) => wanted.has(k)));
  if (hits.length === 1) return { kind: 'matched', clubId: hits[0].id };
  if (hits.length === 0) return { kind: 'unmatched', reason: 'no team of the season has its name, short name or code' };
  return { kind: 'unmatched', reason: `several teams of the season could be it (${hits.map((t) => t.name).join(', ')})` };
}

/** "Korea Republic (KOR)": a provider team as the console lists it. */
export function describeProviderTeam(team: ProviderTeam): string {
  const name = team.name ?? team.shortName ?? `team ${team.id}`;
  return team.tla ? `${name} (${team.tla})` : name;
}

/** "Korea Republic v Czechia, 2026-06-12T02:00:00Z": a provider match as the console lists it. */
export function describeProviderMatch(match: Pick<ProviderMatch, 'home' | 'away' | 'kickoffAt'>): string {
  const side = (t: ProviderTeam) => t.name ?? t.shortName ?? 'to be decided';
  return `${side(match.home)} v ${side(match.away)}, ${match.kickoffAt.toISOString().replace('.000Z', 'Z')}`;
}

/** A fixture of the competition's active season, as the match matcher needs it. */
export interface SeasonFixture {
  id: number;
  home_club_id: number | null;
  away_club_id: number | null;
  kickoff_at: Date;
  /** Linked to another provider match already: never a candidate for this one. */
  linked: boolean;
}

/** A provider match's kick-off and our fixture's may differ this much and still be the same match (a late move). */
export const SAME_MATCH_WINDOW_MS = 36 * 3600 * 1000;

export type FixtureMatch = { kind: 'linked' | 'matched'; fixtureId: number } | { kind: 'unmatched'; reason: string };

/**
 * Our fixture of a provider match whose known sides are our clubs `home`/`away` (null: the
 * provider does not know that side yet). Its stored link first; else the one fixture with the same
 * home and away clubs kicking off within 36 hours; else, for a knockout slot, the one fixture with
 * exactly that kick-off whose open sides are placeholders and whose known sides agree. None or
 * several: unmatched.
 */
export function matchFixture(
  match: Pick<ProviderMatch, 'kickoffAt'>,
  sides: { home: number | null; away: number | null },
  storedLink: number | null,
  fixtures: readonly SeasonFixture[],
): FixtureMatch {
  if (storedLink !== null) return { kind: 'linked', fixtureId: storedLink };
  const free = fixtures.filter((f) => !f.linked);
  const at = match.kickoffAt.getTime();
  if (sides.home !== null && sides.away !== null) {
    const sameTeams = free.filter(
      (f) => f.home_club_id === sides.home && f.away_club_id === sides.away && Math.abs(f.kickoff_at.getTime() - at) <= SAME_MATCH_WINDOW_MS,
    );
    if (sameTeams.length === 1) return { kind: 'matched', fixtureId: sameTeams[0].id };
    if (sameTeams.length > 1) return { kind: 'unmatched', reason: `${sameTeams.length} fixtures of the season have these teams within 36 hours` };
  }
  // A knockout slot: our side still a placeholder, or the provider's still unknown; a known side on both must agree.
  const agrees = (ours: number | null, theirs: number | null) => ours === null || theirs === null || ours === theirs;
  const open = free.filter(
    (f) =>
      f.kickoff_at.getTime() === at &&
      (f.home_club_id === null || f.away_club_id === null) &&
      agrees(f.home_club_id, sides.home) &&
      agrees(f.away_club_id, sides.away),
  );
  if (open.length === 1) return { kind: 'matched', fixtureId: open[0].id };
  if (open.length > 1) return { kind: 'unmatched', reason: `${open.length} fixtures still waiting for their teams kick off at that moment` };
  return { kind: 'unmatched', reason: 'no fixture of the season has these teams near that kick-off' };
}
