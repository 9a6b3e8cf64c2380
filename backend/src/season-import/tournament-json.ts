/**
 * openfootball tournament files → a plain, normalised competition: the World Cup 2026
 * (`2026/worldcup.json`: groups, then single-match knockouts numbered 73–104, kick-offs with a
 * UTC offset) and the Champions League 2024/25 (`2024-25/uefa.cl.json`: a league phase, then
 * two-legged ties, kick-offs in Central European local time). The formats and their errors:
 * ../shared/data/README.md, "More competitions".
 *
 * Pure TypeScript. Each row is checked by match-row-rules.ts (the tournament's own round and time
 * rules plugged in) and by the tournament rules below; a row that cannot be is refused on its
 * own, named in `refused`, and the rest is read.
 */
import type { ImportRefusedRow } from '@scoreline/contracts/api/admin';
import { parsePlaceholder, placeholderGroups, type Placeholder } from '@scoreline/contracts/game/placeholders';
import { ImpossibleScoreError, matchWinner } from '@scoreline/contracts/game/knockout';
import { timeZoneOffsetMs } from '@scoreline/contracts/time/zoned-time';
import { DEFAULT_KICKOFF_TIME, MAX_MATCHES, MAX_SEASON_NAME_LENGTH, localTimeToUtc, refusedRow, type FootballJsonScore } from './football-json';
import { MAX_GOALS, MAX_TEAM_NAME_LENGTH, isPlainObject, matchRowProblems, show, type RoundAndTimeRules, type RowProblem } from './match-row-rules';
import { tournamentRoundOf, tournamentRoundProblem, type RoundKind, type TournamentRoundInfo } from './tournament-rounds';
import { GROUP_NAME_RE, type TournamentGroup } from './tournament-teams';

// ---------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------

/** [home, away]. */
export type GoalPair = [number, number];

export interface TournamentScore {
  /** After 90 minutes and stoppage time: what fans predict. */
  ft: GoalPair;
  ht: GoalPair | null;
  /** After extra time, goals of the whole match (never below ft). */
  et: GoalPair | null;
  /** The penalty shoot-out. */
  p: GoalPair | null;
}

export interface TournamentGoal {
  scorer: string;
  /** "45+2" → minute 45, added 2; "67" → minute 67, added 0. */
  minute: number;
  added: number;
  penalty: boolean;
  /** Scored by a player of the other team; listed under the team credited. */
  ownGoal: boolean;
}

/** A team slot: a real team (placeholder null) or a placeholder such as "W73" (name is the text as written). */
export interface TournamentSide {
  name: string;
  placeholder: Placeholder | null;
}

export type TournamentMatchStatus = 'scheduled' | 'finished' | 'postponed';

export interface TournamentMatch {
  /** Stable across snapshots of the same tournament; see externalKeyOf. */
  externalKey: string;
  /** The round as the file names it. */
  round: string;
  roundNumber: number;
  /** The official match number (`num`), which "W73" and "L101" refer to; null when the file gives none. */
  matchNumber: number | null;
  /** "Group A"; null outside a group stage. */
  group: string | null;
  home: TournamentSide;
  away: TournamentSide;
  kickoffAt: Date;
  /** False when the file gives no time: kickoffAt is then 15:00 local (UTC without a zone), to be confirmed. */
  kickoffConfirmed: boolean;
  ground: string | null;
  status: TournamentMatchStatus;
  /** Result decided at a desk (status "awarded"). */
  awarded: boolean;
  /** Null until the file gives a full-time score. */
  score: TournamentScore | null;
  /** In time order; null when the file lists no goals (a 0–0, or scorers not known). */
  goals: { home: TournamentGoal[]; away: TournamentGoal[] } | null;
  /** Two-legged rounds: the tie both legs share and which leg this is (first by kick-off). */
  tie: { key: string; leg: 1 | 2 } | null;
}

export interface TournamentRound {
  name: string;
  /** Fixed by the name (tournament-rounds.ts): matchdays 1–99, knockout stages 101–108. */
  number: number;
  kind: RoundKind;
  twoLegged: boolean;
  /** First kick-off (the round's prediction deadline) and last kick-off of its matches. */
  startsAt: Date;
  endsAt: Date;
}

export interface NormalisedTournament {
  name: string;
  /** Ascending by number. */
  rounds: TournamentRound[];
  /** In the file's order. */
  matches: TournamentMatch[];
}

export type TournamentReading = { ok: true; tournament: NormalisedTournament; refused: ImportRefusedRow[] } | { ok: false; errors: string[] };

export interface TournamentReadOptions {
  /** IANA zone of kick-off times written without a UTC offset (the Champions League's, see tournamentTimeZone); without it such rows are refused. */
  localTimeZone?: string;
  /** The tournament's groups (worldcup.groups.json): a team outside them is refused, and so is a group match of a team of another group. */
  groups?: readonly TournamentGroup[];
}

// ---------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------

const MAX_REPORTED_ERRORS = 50;
const MAX_MATCH_NUMBER = 999;
const MAX_MINUTE = 120;
const MAX_ADDED = 30;
/** Added time follows the end of a half or of a half of extra time. */
const HALF_ENDS = [45, 90, 105, 120];
const MAX_OFFSET_MINUTES = 14 * 60;

/** "13:00", "13:00 UTC-6", "20:30 UTC+5:30". */
const TOURNAMENT_TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?: UTC(?:([+-])(\d{1,2})(?::([0-5]\d))?)?)?$/;
const GOAL_MINUTE_RE = /^([1-9]\d{0,2})(?:\+([1-9]\d?))?$/;

/** The IANA zone of a tournament's local times, from its openfootball code ("uefa.cl" → Central European time); null if its times carry offsets or it is unknown. */
export function tournamentTimeZone(code: string): string | null {
  return code.trim().toLowerCase().startsWith('uefa.') ? 'Europe/Berlin' : null;
}

/** The offset (local − UTC, in minutes) a time carries, undefined when it has none, null when it cannot be read. */
function utcOffsetMinutes(time: string): number | undefined | null {
  const m = TOURNAMENT_TIME_RE.exec(time);
  if (!m) return null;
  if (m[0].indexOf(' UTC') < 0) return undefined;
  const minutes = Number(m[4] ?? 0) * 60 + Number(m[5] ?? 0);
  if (minutes > MAX_OFFSET_MINUTES) return null;
  return m[3] === '-' ? -minutes : minutes;
}

/** Checks a row's `time` for the tournament reader: missing, "HH:MM" (local) or "HH:MM UTC±H[:MM]". */
export function tournamentTimeProblem(time: unknown): string | null {
  if (time === undefined || (typeof time === 'string' && utcOffsetMinutes(time) !== null)) return null;
  return `expected HH:MM, optionally with a UTC offset ("13:00 UTC-6"), or no time, got ${show(time)}`;
}

export const TOURNAMENT_ROUND_AND_TIME: RoundAndTimeRules = { round: tournamentRoundProblem, time: tournamentTimeProblem };

/** "45+2" → { minute: 45, added: 2 }, "106" → { minute: 106, added: 0 }; null for anything else (added time only after 45, 90, 105 or 120). */
export function parseGoalMinute(text: string): { minute: number; added: number } | null {
  const m = GOAL_MINUTE_RE.exec(text);
  if (!m) return null;
  const minute = Number(m[1]);
  const added = m[2] === undefined ? 0 : Number(m[2]);
  if (minute > MAX_MINUTE || added > MAX_ADDED || (added > 0 && !HALF_ENDS.includes(minute))) return null;
  return { minute, added };
}

/**
 * The kick-off instant: exact when the time carries its UTC offset, else the local time in
 * localTimeZone (DST-aware, football-json's converter); null when neither is known. A missing
 * time is 15:00 local (UTC without a zone), not confirmed. Expects a checked date and time.
 */
export function kickoffOf(date: string, time: string | undefined, localTimeZone?: string): { at: Date; confirmed: boolean } | null {
  const offset = time === undefined ? undefined : utcOffsetMinutes(time);
  const clock = (time ?? DEFAULT_KICKOFF_TIME).slice(0, 5);
  if (offset === null) return null;
  if (offset !== undefined) return { at: new Date(Date.parse(`${date}T${clock}:00Z`) - offset * 60_000), confirmed: true };
  if (localTimeZone) return { at: localTimeToUtc(date, clock, localTimeZone), confirmed: time !== undefined };
  if (time === undefined) return { at: new Date(`${date}T${clock}:00Z`), confirmed: false };
  return null;
}

// ---------------------------------------------------------------------------------------
// Row rules beyond match-row-rules.ts
// ---------------------------------------------------------------------------------------

/** What the whole file tells each row's rules. */
export interface FileContext {
  options: TournamentReadOptions;
  /** `num` of every row (placeholders "W73" must name one). */
  matchNumbers: ReadonlySet<number>;
  /** Letters of the tournament's groups (placeholders "1A" must name one). */
  groupLetters: ReadonlySet<string>;
  /** Team → its group's name, when the groups are known. */
  groupOfTeam: ReadonlyMap<string, string> | null;
}

type Row = Record<string, unknown>;

function groupFieldProblem(row: Row, round: TournamentRoundInfo | null): RowProblem | null {
  if (round === null) return null;
  if (round.kind !== 'group') return row.group === undefined ? null : { field: 'group', message: `only a group-stage match has a group, got ${show(row.group)} in "${round.name}"` };
  if (typeof row.group === 'string' && GROUP_NAME_RE.test(row.group)) return null;
  return { field: 'group', message: `a group-stage match needs its group, "Group A" … "Group Z", got ${show(row.group)}` };
}

function matchNumberProblem(num: unknown): RowProblem | null {
  if (num === undefined || (typeof num === 'number' && Number.isInteger(num) && num >= 1 && num <= MAX_MATCH_NUMBER)) return null;
  return { field: 'num', message: `expected a match number 1–${MAX_MATCH_NUMBER}, got ${show(num)}` };
}

function groundProblem(ground: unknown): RowProblem | null {
  if (ground === undefined || (typeof ground === 'string' && ground.trim() !== '' && ground.length <= MAX_TEAM_NAME_LENGTH)) return null;
  return { field: 'ground', message: `expected a ground of at most ${MAX_TEAM_NAME_LENGTH} characters, got ${show(ground)}` };
}

/** A local time needs the zone it is read in. */
function localTimeWithoutZoneProblem(time: unknown, options: TournamentReadOptions): RowProblem | null {
  if (typeof time !== 'string' || options.localTimeZone || utcOffsetMinutes(time) !== undefined) return null;
  return { field: 'time', message: `${show(time)} has no UTC offset and no time zone is given for this tournament's local times` };
}

function goalProblem(goal: unknown): string | null {
  if (!isPlainObject(goal)) return `expected {"name": …, "minute": "67"}, got ${show(goal)}`;
  if (typeof goal.name !== 'string' || goal.name.trim() === '' || goal.name.length > MAX_TEAM_NAME_LENGTH) return `name: expected the scorer's name, got ${show(goal.name)}`;
  if (typeof goal.minute !== 'string' || parseGoalMinute(goal.minute) === null) return `minute: expected "1"–"120", or "45+2"-style added time, got ${show(goal.minute)}`;
  for (const flag of ['penalty', 'owngoal'] as const) {
    if (goal[flag] !== undefined && typeof goal[flag] !== 'boolean') return `${flag}: expected true or false, got ${show(goal[flag])}`;
  }
  if (goal.penalty === true && goal.owngoal === true) return 'a penalty is not an own goal';
  return null;
}

/** The first problem of a goal list (goals1 or goals2). */
function goalListProblem(list: unknown, field: string): RowProblem | null {
  if (list === undefined) return null;
  if (!Array.isArray(list) || list.length > MAX_GOALS) return { field, message: `expected a list of at most ${MAX_GOALS} goals, got ${show(list)}` };
  for (const [i, goal] of list.entries()) {
    const problem = goalProblem(goal);
    if (problem) return { field: `${field}[${i}]`, message: problem };
  }
  return null;
}

/** The goal lists agree with the score: as many goals as the final score (after extra time when played). */
function goalsAgainstScoreProblem(row: Row): RowProblem | null {
  const { goals1, goals2 } = row;
  if (goals1 === undefined && goals2 === undefined) return null;
  const score = row.score as FootballJsonScore | undefined;
  const final = score?.et ?? score?.ft;
  if (final === undefined) return { field: 'goals1', message: 'goals are listed but the match has no full-time score' };
  const counts = [Array.isArray(goals1) ? goals1.length : 0, Array.isArray(goals2) ? goals2.length : 0];
  if (counts[0] === final[0] && counts[1] === final[1]) return null;
  return { field: 'goals1', message: `the goal lists hold ${counts[0]}–${counts[1]} goals but the score is ${final[0]}–${final[1]}` };
}

/** Extra time and penalties are knockout things; a single-leg knockout match has a winner. */
function outcomeProblem(score: FootballJsonScore, round: TournamentRoundInfo): RowProblem | null {
  if (score.ft === undefined) return null;
  if (round.kind !== 'knockout') {
    return score.et || score.p ? { field: score.et ? 'score.et' : 'score.p', message: `no extra time or penalties in "${round.name}", which is not a knockout round` } : null;
  }
  // A second leg may go to extra time after a decided 90 minutes (the aggregate was level).
  if (round.twoLegged) return null;
  try {
    if (matchWinner(score) !== null) return null;
  } catch (error) {
    if (error instanceof ImpossibleScoreError) return { field: `score.${error.field}`, message: error.reason };
    throw error;
  }
  const field = score.et ? 'score.et' : 'score.ft';
  return { field, message: `a knockout match has a winner: level after ${score.et ? 'extra time it needs a shoot-out (score.p)' : '90 minutes it needs extra time (score.et)'}` };
}

/** A result needs both teams: a placeholder has not played. */
function placeholderResultProblem(row: Row): RowProblem | null {
  const score = row.score as FootballJsonScore | undefined;
  if (score?.ft === undefined) return null;
  const slot = [row.team1, row.team2].find((t) => typeof t === 'string' && parsePlaceholder(t) !== null);
  return slot === undefined ? null : { field: 'score.ft', message: `a result needs both teams, and ${show(slot)} is not known yet` };
}

/** A placeholder names a match of the file ("W73") or a group of the tournament ("1A"). */
function placeholderReferenceProblem(text: string, field: string, ctx: FileContext): RowProblem | null {
  const p = parsePlaceholder(text);
  if (p === null) return null;
  if ((p.kind === 'matchWinner' || p.kind === 'matchLoser') && !ctx.matchNumbers.has(p.match)) {
    return { field, message: `${show(text)} refers to match ${p.match}, which the file does not number` };
  }
  const unknown = placeholderGroups(p).find((letter) => !ctx.groupLetters.has(letter));
  return unknown === undefined ? null : { field, message: `${show(text)} refers to group ${unknown}, which the tournament does not have` };
}

/** With the groups known: every real team is of the tournament, and a group match is played inside its group. */
function teamOfTournamentProblem(team: string, field: string, group: unknown, ctx: FileContext): RowProblem | null {
  if (ctx.groupOfTeam === null || parsePlaceholder(team) !== null) return null;
  const groupOfTeam = ctx.groupOfTeam.get(team);
  if (groupOfTeam === undefined) return { field, message: `${show(team)} is not a team of this tournament (nor a placeholder such as "1A" or "W73")` };
  if (typeof group === 'string' && group !== groupOfTeam) return { field, message: `${team} plays in ${groupOfTeam}, not ${group}` };
  return null;
}

/** Every problem of one row on its own: match-row-rules.ts first, then the tournament's rules. */
export function tournamentRowProblems(row: Row, ctx: FileContext): RowProblem[] {
  const problems = matchRowProblems(row, TOURNAMENT_ROUND_AND_TIME);
  const round = typeof row.round === 'string' ? tournamentRoundOf(row.round) : null;
  const scoreIsValid = !problems.some((p) => p.field.startsWith('score') || p.field === 'status');
  const candidates: (RowProblem | null)[] = [
    groupFieldProblem(row, round),
    matchNumberProblem(row.num),
    groundProblem(row.ground),
    localTimeWithoutZoneProblem(row.time, ctx.options),
    goalListProblem(row.goals1, 'goals1'),
    goalListProblem(row.goals2, 'goals2'),
  ];
  if (scoreIsValid) {
    candidates.push(placeholderResultProblem(row));
    if (round && isPlainObject(row.score)) candidates.push(outcomeProblem(row.score as FootballJsonScore, round));
    if (!candidates.some((p) => p?.field.startsWith('goals'))) candidates.push(goalsAgainstScoreProblem(row));
  }
  for (const [field, team] of [['team1', row.team1], ['team2', row.team2]] as const) {
    if (typeof team !== 'string') continue;
    candidates.push(placeholderReferenceProblem(team, field, ctx), teamOfTournamentProblem(team, field, round?.kind === 'group' ? row.group : undefined, ctx));
  }
  return [...problems, ...candidates.filter((p): p is RowProblem => p !== null)];
}

// ---------------------------------------------------------------------------------------
// Keys and ties
// ---------------------------------------------------------------------------------------

/** What identifies a row, once its round, date, time, teams, group, number and ground are valid. */
interface RowIdentity {
  index: number;
  round: TournamentRoundInfo;
  date: string;
  home: string;
  away: string;
  group: string | null;
  ground: string | null;
  matchNumber: number | null;
  kickoffAt: Date;
  kickoffConfirmed: boolean;
}

const IDENTITY_FIELDS = new Set(['round', 'date', 'time', 'team1', 'team2', 'group', 'num', 'ground']);

function identityOf(row: Row, index: number, problems: readonly RowProblem[], options: TournamentReadOptions): RowIdentity | null {
  if (problems.some((p) => IDENTITY_FIELDS.has(p.field))) return null;
  const round = tournamentRoundOf(row.round as string);
  const kickoff = kickoffOf(row.date as string, row.time as string | undefined, options.localTimeZone);
  if (round === null || kickoff === null) return null;
  return {
    index,
    round,
    date: row.date as string,
    home: row.team1 as string,
    away: row.team2 as string,
    group: (row.group as string | undefined) ?? null,
    ground: (row.ground as string | undefined) ?? null,
    matchNumber: (row.num as number | undefined) ?? null,
    kickoffAt: kickoff.at,
    kickoffConfirmed: kickoff.confirmed,
  };
}

/**
 * The key a match keeps in every snapshot of its tournament (what the history files show
 * changing: team slots, from qualifier placeholders in March to "W101" until the semi-finals;
 * two kick-off times in May; the `num` of the last two matches, first written in June):
 * - a group match: its group, day and ground ("Group A|2026-06-11|Mexico City"). The draw fixed
 *   each group match's day and stadium before its teams were known (March's slots name
 *   qualifiers), a stadium hosts one match a day, and a moved kick-off time keeps the key. Not
 *   the teams (they change from placeholders) and not the position in the file (a re-sorted file
 *   would silently swap keys; a moved day instead shows as a match gone, which mergeSnapshot
 *   refuses loudly). Without a ground: group, round and teams.
 * - a single-match round (the final, the match for third place): its round's name; the source
 *   wrote their `num` (103, 104) only from June, so the number would change the key.
 * - another knockout match with a number: "#73", the official number that "W73" refers to.
 * - anything else (the Champions League, whose teams are always known): round and teams, as
 *   league files are keyed; a tie's two legs differ by home and away.
 */
export function externalKeyOf(m: Pick<RowIdentity, 'round' | 'date' | 'home' | 'away' | 'group' | 'ground' | 'matchNumber'>): string {
  if (m.round.kind === 'group') return m.ground !== null ? `${m.group}|${m.date}|${m.ground}` : `${m.group}|${m.round.name}|${m.home}|${m.away}`;
  if (m.round.singleMatch) return m.round.name;
  if (m.round.kind === 'knockout' && m.matchNumber !== null) return `#${m.matchNumber}`;
  return `${m.round.name}|${m.home}|${m.away}`;
}

/** Refuses a row whose key an earlier row has (even an earlier refused one: which is right is unknown). */
function duplicateKeyProblems(identities: readonly RowIdentity[]): Map<number, RowProblem> {
  const firstOfKey = new Map<string, number>();
  const problems = new Map<number, RowProblem>();
  for (const id of identities) {
    const key = externalKeyOf(id);
    const first = firstOfKey.get(key);
    if (first === undefined) firstOfKey.set(key, id.index);
    else problems.set(id.index, { field: '', message: `same match as matches[${first}] (key ${show(key)})` });
  }
  return problems;
}

/** The tie of a two-legged round's match: its stage and the two teams, whichever is at home. */
export function tieKeyOf(tieStage: string, home: string, away: string): string {
  return [tieStage, ...[home, away].sort()].join('|');
}

/**
 * Pairs the legs of two-legged ties: the same two teams in the same stage (the play-offs'
 * two matchdays are one stage), the first leg the earlier kick-off (the file says which only
 * by date). A third match of a tie is refused, and so is a second leg at the same ground as
 * the first (home and away swap). Rows refused for their score still count as legs, so the
 * other leg keeps its number.
 */
function pairLegs(identities: readonly RowIdentity[]): { legs: Map<number, { key: string; leg: 1 | 2 }>; problems: Map<number, RowProblem> } {
  const byTie = new Map<string, RowIdentity[]>();
  for (const id of identities) {
    if (!id.round.twoLegged || id.round.tieStage === null) continue;
    const key = tieKeyOf(id.round.tieStage, id.home, id.away);
    byTie.set(key, [...(byTie.get(key) ?? []), id]);
  }
  const legs = new Map<number, { key: string; leg: 1 | 2 }>();
  const problems = new Map<number, RowProblem>();
  for (const [key, matches] of byTie) {
    const [first, second, ...extra] = [...matches].sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime() || a.index - b.index);
    legs.set(first.index, { key, leg: 1 });
    if (second && second.home === first.home) {
      problems.set(second.index, { field: 'team1', message: `the second leg swaps home and away: matches[${first.index}] is already ${first.home} v ${first.away}` });
    } else if (second) legs.set(second.index, { key, leg: 2 });
    for (const e of extra) problems.set(e.index, { field: '', message: `a tie has two legs, matches[${first.index}] and matches[${second.index}]` });
  }
  return { legs, problems };
}

// ---------------------------------------------------------------------------------------
// Building the output
// ---------------------------------------------------------------------------------------

function sideOf(name: string): TournamentSide {
  return { name, placeholder: parsePlaceholder(name) };
}

function scoreOf(score: FootballJsonScore | undefined): TournamentScore | null {
  if (score?.ft === undefined) return null;
  const pair = (p: [number, number] | undefined): GoalPair | null => (p ? [p[0], p[1]] : null);
  return { ft: [score.ft[0], score.ft[1]], ht: pair(score.ht), et: pair(score.et), p: pair(score.p) };
}

function goalOf(raw: { name: string; minute: string; penalty?: boolean; owngoal?: boolean }): TournamentGoal {
  const { minute, added } = parseGoalMinute(raw.minute) as { minute: number; added: number };
  return { scorer: raw.name, minute, added, penalty: raw.penalty === true, ownGoal: raw.owngoal === true };
}

/** In time order; the source sometimes lists a player's goals together, which is not a change. */
function goalListOf(list: unknown): TournamentGoal[] {
  const goals = Array.isArray(list) ? list.map(goalOf) : [];
  return goals.sort((a, b) => a.minute - b.minute || a.added - b.added);
}

/**
 * A match without a full-time score is scheduled (or postponed), whatever its date: the
 * Champions League final (2025-05-31) has `"score": {}` although it was played, and nothing in
 * the file tells it from a match not played yet, so it is read as scheduled; an operator or a
 * later file gives its result.
 */
function statusOf(row: Row): TournamentMatchStatus {
  if ((row.score as FootballJsonScore | undefined)?.ft) return 'finished';
  return row.status === 'postponed' ? 'postponed' : 'scheduled';
}

function matchOf(row: Row, id: RowIdentity, tie: { key: string; leg: 1 | 2 } | null): TournamentMatch {
  const hasGoals = row.goals1 !== undefined || row.goals2 !== undefined;
  return {
    externalKey: externalKeyOf(id),
    round: id.round.name,
    roundNumber: id.round.number,
    matchNumber: id.matchNumber,
    group: id.group,
    home: sideOf(id.home),
    away: sideOf(id.away),
    kickoffAt: id.kickoffAt,
    kickoffConfirmed: id.kickoffConfirmed,
    ground: id.ground,
    status: statusOf(row),
    awarded: row.status === 'awarded' && statusOf(row) === 'finished',
    score: scoreOf(row.score as FootballJsonScore | undefined),
    goals: hasGoals ? { home: goalListOf(row.goals1), away: goalListOf(row.goals2) } : null,
    tie,
  };
}

/** The rounds of these matches, ascending, each spanning its first and last kick-off. */
export function roundsOf(matches: readonly TournamentMatch[]): TournamentRound[] {
  const rounds = new Map<string, TournamentRound>();
  for (const m of matches) {
    const info = tournamentRoundOf(m.round) as TournamentRoundInfo;
    const r = rounds.get(m.round);
    if (!r) {
      rounds.set(m.round, { name: m.round, number: info.number, kind: info.kind, twoLegged: info.twoLegged, startsAt: m.kickoffAt, endsAt: m.kickoffAt });
      continue;
    }
    if (m.kickoffAt < r.startsAt) r.startsAt = m.kickoffAt;
    if (m.kickoffAt > r.endsAt) r.endsAt = m.kickoffAt;
  }
  return [...rounds.values()].sort((a, b) => a.number - b.number);
}

// ---------------------------------------------------------------------------------------
// The file
// ---------------------------------------------------------------------------------------

function fileProblems(input: unknown): string[] {
  if (!isPlainObject(input)) return [`tournament: expected an object with "name" and "matches", got ${Array.isArray(input) ? 'an array' : show(input)}`];
  const errors: string[] = [];
  if (typeof input.name !== 'string' || input.name.trim() === '') errors.push(`name: expected a non-empty string, got ${show(input.name)}`);
  else if (input.name.length > MAX_SEASON_NAME_LENGTH) errors.push(`name: longer than ${MAX_SEASON_NAME_LENGTH} characters`);
  const matches = input.matches;
  if (!Array.isArray(matches) || matches.length === 0 || matches.length > MAX_MATCHES) {
    errors.push(`matches: expected a list of 1–${MAX_MATCHES} matches, got ${Array.isArray(matches) ? `${matches.length} matches` : show(matches)}`);
  }
  return errors;
}

function optionProblems(options: TournamentReadOptions): string[] {
  if (options.localTimeZone === undefined) return [];
  try {
    timeZoneOffsetMs(0, options.localTimeZone);
    return [];
  } catch {
    return [`localTimeZone: ${show(options.localTimeZone)} is not a known time zone`];
  }
}

function fileContextOf(rows: readonly unknown[], options: TournamentReadOptions): FileContext {
  const objects = rows.filter(isPlainObject);
  const matchNumbers = new Set(objects.flatMap((r) => (typeof r.num === 'number' ? [r.num] : [])));
  const groupNames = options.groups ? options.groups.map((g) => g.name) : objects.flatMap((r) => (typeof r.group === 'string' ? [r.group] : []));
  const groupLetters = new Set(groupNames.flatMap((name) => GROUP_NAME_RE.exec(name)?.[1] ?? []));
  const groupOfTeam = options.groups ? new Map(options.groups.flatMap((g) => g.teams.map((t) => [t, g.name] as const))) : null;
  return { options, matchNumbers, groupLetters, groupOfTeam };
}

function rowErrorLines(index: number, row: unknown, problems: readonly RowProblem[]): string[] {
  const r = isPlainObject(row) ? row : {};
  const teams = typeof r.team1 === 'string' && typeof r.team2 === 'string' ? ` (${r.team1} v ${r.team2})` : '';
  return problems.map((p) => `matches[${index}]${p.field ? `.${p.field}` : ''}: ${p.message}${teams}`);
}

function capped(errors: string[]): string[] {
  if (errors.length <= MAX_REPORTED_ERRORS) return errors;
  return [...errors.slice(0, MAX_REPORTED_ERRORS), `…and ${errors.length - MAX_REPORTED_ERRORS} more errors`];
}

/**
 * Reads a tournament file into its rounds and matches. Each row that cannot be (any rule of
 * match-row-rules.ts or above, a key another row has, a third leg) is refused on its own and
 * named in `refused` with every reason; the rest is read. The whole file is refused when it is
 * no tournament (no object, no name, no matches, too many), an option is wrong, or no row is left.
 */
export function readTournament(input: unknown, options: TournamentReadOptions = {}): TournamentReading {
  const errors = [...fileProblems(input), ...optionProblems(options)];
  if (errors.length > 0) return { ok: false, errors };
  const { name, matches: rows } = input as { name: string; matches: unknown[] };
  const ctx = fileContextOf(rows, options);

  const problems = rows.map((raw): RowProblem[] => (isPlainObject(raw) ? tournamentRowProblems(raw, ctx) : [{ field: '', message: `expected an object, got ${show(raw)}` }]));
  const identities = rows.flatMap((raw, i) => (isPlainObject(raw) ? (identityOf(raw, i, problems[i], options) ?? []) : []));
  const { legs, problems: tieProblems } = pairLegs(identities);
  for (const [i, problem] of [...duplicateKeyProblems(identities), ...tieProblems]) problems[i].push(problem);

  const matches = identities.filter((id) => problems[id.index].length === 0).map((id) => matchOf(rows[id.index] as Row, id, legs.get(id.index) ?? null));
  const refused = rows.flatMap((raw, i) => (problems[i].length > 0 ? [refusedRow(i, raw, problems[i])] : []));
  if (matches.length === 0) return { ok: false, errors: capped(rows.flatMap((raw, i) => rowErrorLines(i, raw, problems[i]))) };
  return { ok: true, tournament: { name, rounds: roundsOf(matches), matches }, refused };
}
