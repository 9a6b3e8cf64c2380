import { Goals, ImpossibleScoreError } from './knockout';

/**
 * A tournament's group table from its results, ordered by the FIFA World Cup 2026 rules as far as
 * results can decide them (regulations, article 13):
 *   1. points in all group matches;
 *   then among teams level on points:
 *   2. points, 3. goal difference, 4. goals scored in the matches between those teams (head to
 *      head); when that leaves some of them still level, 2–4 again among those only, and so on;
 *   5. goal difference, 6. goals scored in all group matches.
 * What comes next in the regulations (the fair-play conduct score, then the FIFA ranking / drawing
 * of lots) is not in the results: teams still level are listed by name (UTF-16 code-unit order,
 * the same on every machine) and marked `tied: true`.
 */

/** Points of one group match. */
export const GROUP_POINTS = { win: 3, draw: 1, loss: 0 } as const;

/** A group match; `ft` the full-time score, null or absent until the match is finished. */
export interface GroupMatch<Team extends string = string> {
  home: Team;
  away: Team;
  ft?: Goals | null;
}

export interface GroupTableRow<Team extends string = string> {
  team: Team;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
  /** Level with a neighbour on everything the results decide: placed by name, fair play or lots would decide. */
  tied: boolean;
}

interface Figures {
  points: number;
  goalDifference: number;
  goalsFor: number;
}

type Counted<Team extends string> = { home: Team; away: Team; ft: Goals };

function emptyRow<Team extends string>(team: Team): GroupTableRow<Team> {
  return { team, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, goalDifference: 0, points: 0, tied: false };
}

function addResult(row: GroupTableRow<string>, scored: number, conceded: number): void {
  row.played += 1;
  row.goalsFor += scored;
  row.goalsAgainst += conceded;
  row.goalDifference = row.goalsFor - row.goalsAgainst;
  if (scored > conceded) {
    row.won += 1;
    row.points += GROUP_POINTS.win;
  } else if (scored === conceded) {
    row.drawn += 1;
    row.points += GROUP_POINTS.draw;
  } else {
    row.lost += 1;
    row.points += GROUP_POINTS.loss;
  }
}

/** Each team's figures over the given matches. */
function tally<Team extends string>(teams: readonly Team[], matches: readonly Counted<Team>[]): Map<Team, GroupTableRow<Team>> {
  const rows = new Map(teams.map((team) => [team, emptyRow(team)]));
  for (const { home, away, ft } of matches) {
    addResult(rows.get(home)!, ft[0], ft[1]);
    addResult(rows.get(away)!, ft[1], ft[0]);
  }
  return rows;
}

/** Teams split into runs of equal figures, best first (each run in input order). */
function splitBy<Team extends string>(teams: readonly Team[], figures: (team: Team) => Figures): Team[][] {
  const key = (team: Team) => figures(team);
  const sorted = [...teams].sort((a, b) => compareFigures(key(a), key(b)));
  const runs: Team[][] = [];
  for (const team of sorted) {
    const last = runs[runs.length - 1];
    if (last && compareFigures(key(last[0]), key(team)) === 0) last.push(team);
    else runs.push([team]);
  }
  return runs;
}

/** Negative when `a` ranks above `b`. */
function compareFigures(a: Figures, b: Figures): number {
  return b.points - a.points || b.goalDifference - a.goalDifference || b.goalsFor - a.goalsFor;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Orders teams level on points: head to head among them (applied again to any subset it leaves
 * level), then overall goal difference and goals, then by name, marked tied.
 */
function orderLevelTeams<Team extends string>(
  level: readonly Team[],
  matches: readonly Counted<Team>[],
  overall: Map<Team, GroupTableRow<Team>>,
  tied: Set<Team>,
): Team[] {
  if (level.length === 1) return [...level];
  const among = new Set<Team>(level);
  const headToHead = tally(level, matches.filter((m) => among.has(m.home) && among.has(m.away)));
  const runs = splitBy(level, (team) => headToHead.get(team)!);
  if (runs.length > 1) return runs.flatMap((run) => orderLevelTeams(run, matches, overall, tied));

  // Head to head cannot separate them: all group matches (points are equal, so goal difference and goals decide).
  return splitBy(level, (team) => overall.get(team)!).flatMap((run) => {
    if (run.length === 1) return run;
    for (const team of run) tied.add(team);
    return [...run].sort(byName);
  });
}

function checkMatch<Team extends string>(match: GroupMatch<Team>, known: Set<Team>): void {
  for (const team of [match.home, match.away]) {
    if (!known.has(team)) throw new ImpossibleScoreError('teams', `${JSON.stringify(team)} is not a team of this group`);
  }
  if (match.home === match.away) throw new ImpossibleScoreError('teams', `a team cannot play itself (${match.home})`);
  const ft = match.ft;
  if (ft != null && (ft.length !== 2 || !ft.every((g) => Number.isInteger(g) && g >= 0))) {
    throw new ImpossibleScoreError('ft', `expected two whole numbers of goals, 0 or more, got ${JSON.stringify(ft)}`);
  }
}

/**
 * The group's table: one row per team, ordered by the rules above. Only finished matches count:
 * pass `ft` for a finished match and leave it null for one not played or still being played.
 * Throws ImpossibleScoreError for a match of a team not in `teams`, a team playing itself or an
 * impossible score, and a RangeError for a team listed twice.
 */
export function groupTable<Team extends string>(teams: readonly Team[], results: readonly GroupMatch<Team>[]): GroupTableRow<Team>[] {
  const known = new Set(teams);
  if (known.size !== teams.length) throw new RangeError('groupTable: a team is listed twice');
  results.forEach((match) => checkMatch(match, known));
  const finished = results.filter((m): m is Counted<Team> => m.ft != null);

  const overall = tally(teams, finished);
  const tied = new Set<Team>();
  const order = splitBy(teams, (team) => ({ points: overall.get(team)!.points, goalDifference: 0, goalsFor: 0 })).flatMap((level) =>
    orderLevelTeams(level, finished, overall, tied),
  );
  return order.map((team) => ({ ...overall.get(team)!, tied: tied.has(team) }));
}
