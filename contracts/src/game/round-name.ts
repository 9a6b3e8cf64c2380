import { checkFragment } from './sql-fragment';

/**
 * The name a fan sees for a round (issue 34 §1). A league's matchday has no name of its own
 * (gameweeks.name is null) and stays "Gameweek 12", as before tournaments. A tournament's round is
 * named by its file (docs/competitions.md, "Reading a competition's file"), shown as written but
 * for the Champions League's "Stage, Round" names, made to read as labels:
 *
 * - World Cup: "Matchday 1" … "Matchday 17", "Round of 32", "Round of 16", "Quarter-final",
 *   "Semi-final", "Match for third place", "Final": unchanged.
 * - Champions League: "League, Matchday 1" → "League phase · Matchday 1" (UEFA's name for the
 *   stage); "Playoffs, Matchday 1" → "Play-offs · Matchday 1"; "Finals, Round of 16" → "Round of
 *   16" (the knockout stage's name says enough); "Finals, Quarterfinals" → "Quarter-finals",
 *   "Finals, Semifinals" → "Semi-finals", "Finals, Final" → "Final".
 *
 * A name no rule knows is shown as stored (spaces at its ends dropped). The kind (league, group,
 * knockout) is not needed: the name says what the round is, and a round without one is a league's
 * matchday. roundNameSql is the same rule for texts written in SQL (activity entries).
 */
export interface RoundNaming {
  number: number;
  /** gameweeks.name: the round as its file names it; null (or absent) for a league's matchday. */
  name?: string | null;
}

/** "Gameweek 12": a league's matchday (the name the game always gave its rounds). */
export const leagueRoundName = (number: number): string => `Gameweek ${number}`;

/**
 * The display rules, in order: each replaces the first match of a pattern, the same in
 * JavaScript and in Postgres (plain regular expressions without a backslash or a quote; no "$" or
 * "&" in a replacement).
 */
export const ROUND_NAME_RULES: ReadonlyArray<readonly [pattern: string, replacement: string]> = [
  ['^League, ', 'League phase · '],
  ['^Playoffs, ', 'Play-offs · '],
  ['^Finals, ', ''],
  ['Quarterfinals$', 'Quarter-finals'],
  ['Semifinals$', 'Semi-finals'],
];

const RULES = ROUND_NAME_RULES.map(([pattern, replacement]) => [new RegExp(pattern), replacement] as const);

/** Spaces at the ends, as Postgres's btrim drops them. */
const trimSpaces = (s: string): string => s.replace(/^ +| +$/g, '');

/** "Round of 32", "League phase · Matchday 1" (see above); null for a league's matchday (no name). */
export function namedRound(round: RoundNaming): string | null {
  const name = trimSpaces(round.name ?? '');
  if (name === '') return null;
  return RULES.reduce((shown, [pattern, replacement]) => shown.replace(pattern, replacement), name);
}

/** "Gameweek 12", "Round of 32", "League phase · Matchday 1" (see above). */
export function roundName(round: RoundNaming): string {
  return namedRound(round) ?? leagueRoundName(round.number);
}

/**
 * roundName in SQL, from two column references or parameters (e.g. 'g.number', 'g.name'): the
 * rules are constants of this file, never input.
 */
export function roundNameSql(number: string, name: string): string {
  const n = checkFragment('round number', number);
  const stored = `btrim(${checkFragment('round name', name)})`;
  const shown = ROUND_NAME_RULES.reduce((expr, [pattern, replacement]) => `regexp_replace(${expr}, '${pattern}', '${replacement}')`, stored);
  return `(CASE WHEN coalesce(${stored}, '') = '' THEN 'Gameweek ' || ${n} ELSE ${shown} END)`;
}
