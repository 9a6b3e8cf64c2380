/**
 * A real match day replayed on the clock, as football-data.org v4 would tell it (issue 35): each
 * match of an openfootball file (read by replay-file.ts) is, at any instant, TIMED, IN_PLAY with
 * its minute and running score, PAUSED at a break, or FINISHED; a knockout match level after 90
 * minutes plays extra time and, when the file says so, a shoot-out kick by kick.
 *
 * Pure and derived from the clock alone, so a stand-in restarted mid-match serves the same state.
 *
 * Time. Replay starts at `anchorMs` (when replay() was called) and runs `speed` times faster:
 * the match day's own ("virtual") time is anchor + (wall − anchor) × speed, so a file kick-off F
 * (already shifted) is played at the wall instant anchor + (F − anchor) / speed. Match minutes run
 * on virtual time too: at speed 10 a half lasts 4.5 real minutes.
 */
import type { GoalPair } from '../../season-import/tournament-json';
import type { FootballDataMatch, FootballDataScore, FootballDataScorePair, FootballDataStatus, FootballDataTeam } from '../football-data/football-data.schema';

const MINUTE_MS = 60_000;

// ---------------------------------------------------------------------------------------
// What a replay plays
// ---------------------------------------------------------------------------------------

export interface ReplayTeam {
  /** Stable: the same team has the same id in every run (replay-file.ts). */
  id: number;
  name: string;
  shortName: string;
  tla: string;
}

/** A goal at the file's minute ("45+2" → minute 45, added 2), for the side credited. */
export interface ReplayGoal {
  side: 'home' | 'away';
  minute: number;
  added: number;
}

export interface ReplayResult {
  /** After 90 minutes. */
  ft: GoalPair;
  /** After extra time, the whole match; null when none was played. */
  et: GoalPair | null;
  /** The shoot-out; null when none. */
  p: GoalPair | null;
  /** Every goal, regular and extra time, adding up to ft (minutes ≤ 90) and et. */
  goals: ReplayGoal[];
  /** Decided at a desk: replayed like a match, then AWARDED. */
  awarded: boolean;
}

export interface ReplayFixture {
  /** Stable provider id of the match. */
  id: number;
  /** The file's kick-off plus the replay's shift: virtual time. */
  kickoffMs: number;
  /** False when the file gives no time of day: SCHEDULED rather than TIMED. */
  kickoffConfirmed: boolean;
  stage: string;
  /** "GROUP_A" in a group stage. */
  group: string | null;
  matchday: number | null;
  /** Knockout stages in playing order (1, 2, …); null outside the knockouts. Sides of rank r are told once every match of a lower rank (group stage = 0) is over. */
  knockoutRank: number | null;
  /** Null: a placeholder in the file ("W73"), never told. */
  home: ReplayTeam | null;
  away: ReplayTeam | null;
  /** Null: no score in the file, the match stays scheduled (or postponed). */
  result: ReplayResult | null;
  postponed: boolean;
}

export interface ReplayClock {
  anchorMs: number;
  speed: number;
}

/** The match day's own time at a wall instant. */
export function virtualTime(clock: ReplayClock, wallMs: number): number {
  return clock.anchorMs + (wallMs - clock.anchorMs) * clock.speed;
}

/** The wall instant of a match day's own time. */
export function wallTime(clock: ReplayClock, virtualMs: number): number {
  return clock.anchorMs + (virtualMs - clock.anchorMs) / clock.speed;
}

// ---------------------------------------------------------------------------------------
// The shoot-out
// ---------------------------------------------------------------------------------------

export interface PenaltyKick {
  side: 'home' | 'away';
  scored: boolean;
}

/** Best of five, then sudden death: decided once one side cannot catch up, or after an even round. */
function shootoutDecided(kicksHome: number, kicksAway: number, home: number, away: number): boolean {
  if (kicksHome <= 5 && kicksAway <= 5) return home + (5 - kicksHome) < away || away + (5 - kicksAway) < home;
  return kicksHome === kicksAway && home !== away;
}

/**
 * A kick-by-kick shoot-out ending exactly on `home`–`away` (home kicks first): scoring while a
 * side still has goals to come, so misses fall late. Null when no shoot-out ends so (a level one).
 */
export function shootoutKicks(home: number, away: number): PenaltyKick[] | null {
  if (home === away || home < 0 || away < 0) return null;
  const cap = Math.max(5, home, away) + 3;
  const dead = new Set<string>();
  const search = (kh: number, ka: number, gh: number, ga: number): PenaltyKick[] | null => {
    const key = `${kh}|${ka}|${gh}|${ga}`;
    if (dead.has(key) || kh > cap || ka > cap) return null;
    const side = kh === ka ? 'home' : 'away';
    for (const scored of [true, false]) {
      const [nkh, nka] = side === 'home' ? [kh + 1, ka] : [kh, ka + 1];
      const [ngh, nga] = scored ? (side === 'home' ? [gh + 1, ga] : [gh, ga + 1]) : [gh, ga];
      if (ngh > home || nga > away) continue;
      if (shootoutDecided(nkh, nka, ngh, nga)) {
        if (ngh === home && nga === away) return [{ side, scored }];
        continue;
      }
      const rest = search(nkh, nka, ngh, nga);
      if (rest) return [{ side, scored }, ...rest];
    }
    dead.add(key);
    return null;
  };
  return search(0, 0, 0, 0);
}

// ---------------------------------------------------------------------------------------
// A match's timeline, in match minutes after kick-off
// ---------------------------------------------------------------------------------------

/** Play: minutes base+1 … base+regulation, then added time. */
interface PlaySegment {
  kind: 'play';
  start: number;
  end: number;
  base: 0 | 45 | 90 | 105;
  regulation: number;
  extraTime: boolean;
}
interface BreakSegment {
  kind: 'break';
  start: number;
  end: number;
  /** The minute shown during the break. */
  minute: number;
}
interface ShootoutSegment {
  kind: 'shoot-out';
  start: number;
  end: number;
}
type Segment = PlaySegment | BreakSegment | ShootoutSegment;

export interface MatchTimeline {
  segments: Segment[];
  /** Goals with the match minute (elapsed, fractional) at which they fall; extraTime marks goals after 90. */
  goals: (ReplayGoal & { at: number; extraTime: boolean })[];
  kicks: (PenaltyKick & { at: number })[];
  /** The final whistle (or the last kick). */
  end: number;
}

/** Breaks, in minutes. */
export const HALF_TIME_BREAK = 15;
export const BREAK_BEFORE_EXTRA_TIME = 5;
export const BREAK_BEFORE_PENALTIES = 3;
/** Added time when no goal tells more. */
const DEFAULT_ADDED = [2, 4, 1, 2];
const PERIODS: { base: 0 | 45 | 90 | 105; regulation: number }[] = [
  { base: 0, regulation: 45 },
  { base: 45, regulation: 45 },
  { base: 90, regulation: 15 },
  { base: 105, regulation: 15 },
];

/** The period (0–3) of a goal's minute. */
function periodOf(goal: Pick<ReplayGoal, 'minute'>): number {
  if (goal.minute <= 45) return 0;
  if (goal.minute <= 90) return 1;
  if (goal.minute <= 105) return 2;
  return 3;
}

/**
 * The timeline of a played match: two halves around a 15-minute break; for a match with extra
 * time a 5-minute break and two halves of 15 (no break between them); for a shoot-out a 3-minute
 * break and one kick a minute. Each half's added time outlasts its latest goal by a minute. A goal
 * falls in the middle of its minute ("9" at 8.5 minutes played).
 */
export function matchTimeline(result: ReplayResult): MatchTimeline {
  const periods = result.et ? 4 : 2;
  const segments: Segment[] = [];
  const goals: MatchTimeline['goals'] = [];
  let clock = 0;
  for (let i = 0; i < periods; i++) {
    const { base, regulation } = PERIODS[i];
    const inPeriod = result.goals.filter((g) => periodOf(g) === i);
    // A goal in added time is not the half's last kick: a minute more.
    const added = Math.max(DEFAULT_ADDED[i], ...inPeriod.map((g) => (g.added > 0 ? g.added + 1 : 0)));
    const play: PlaySegment = { kind: 'play', start: clock, end: clock + regulation + added, base, regulation, extraTime: i >= 2 };
    segments.push(play);
    for (const g of inPeriod) {
      const at = play.start + (g.added > 0 ? regulation + g.added : g.minute - base) - 0.5;
      goals.push({ ...g, at, extraTime: i >= 2 });
    }
    clock = play.end;
    const breakLength = i === 0 ? HALF_TIME_BREAK : i === 1 && result.et ? BREAK_BEFORE_EXTRA_TIME : 0;
    if (breakLength > 0) {
      segments.push({ kind: 'break', start: clock, end: clock + breakLength, minute: base + regulation });
      clock += breakLength;
    }
  }
  const kicks: MatchTimeline['kicks'] = [];
  if (result.et && result.p) {
    segments.push({ kind: 'break', start: clock, end: clock + BREAK_BEFORE_PENALTIES, minute: 120 });
    clock += BREAK_BEFORE_PENALTIES;
    // A shoot-out that cannot be told kick by kick is told whole at its last minute.
    const sequence = shootoutKicks(result.p[0], result.p[1]) ?? [];
    sequence.forEach((kick, i) => kicks.push({ ...kick, at: clock + i + 0.5 }));
    const length = Math.max(1, sequence.length);
    segments.push({ kind: 'shoot-out', start: clock, end: clock + length });
    clock += length;
  }
  goals.sort((a, b) => a.at - b.at);
  return { segments, goals, kicks, end: clock };
}

// ---------------------------------------------------------------------------------------
// The state at an instant
// ---------------------------------------------------------------------------------------

/** A planned replay: the fixtures with their timelines, and when each knockout's sides are told. */
export interface ReplayPlan {
  fixtures: PlannedFixture[];
  /** Before anything in the plan happened: a not-started match's lastUpdated. */
  publishedMs: number;
}

export interface PlannedFixture extends ReplayFixture {
  timeline: MatchTimeline | null;
  /** Virtual time from which the sides are told (−Infinity: always; Infinity: never). */
  sidesKnownFromMs: number;
}

/** The end of a fixture in virtual time; Infinity when it is never played. */
function endOf(f: ReplayFixture, timeline: MatchTimeline | null): number {
  return timeline && !f.postponed ? f.kickoffMs + timeline.end * MINUTE_MS : Infinity;
}

/** Timelines, and the instants knockout sides become known: when every match of the earlier stages is over. */
export function planReplay(fixtures: readonly ReplayFixture[]): ReplayPlan {
  const timelines = fixtures.map((f) => (f.result ? matchTimeline(f.result) : null));
  const ends = fixtures.map((f, i) => endOf(f, timelines[i]));
  const planned = fixtures.map((f, i): PlannedFixture => {
    let sidesKnownFromMs = -Infinity;
    if (f.knockoutRank !== null) {
      fixtures.forEach((other, j) => {
        if ((other.knockoutRank ?? 0) < f.knockoutRank!) sidesKnownFromMs = Math.max(sidesKnownFromMs, ends[j]);
      });
    }
    return { ...f, timeline: timelines[i], sidesKnownFromMs };
  });
  const first = Math.min(...fixtures.map((f) => f.kickoffMs));
  return { fixtures: planned, publishedMs: Number.isFinite(first) ? first - 30 * 24 * 60 * MINUTE_MS : 0 };
}

type Phase =
  | { kind: 'before' }
  | { kind: 'play'; segment: PlaySegment; elapsed: number }
  | { kind: 'break'; segment: BreakSegment }
  | { kind: 'shoot-out' }
  | { kind: 'over' };

function phaseAt(timeline: MatchTimeline, elapsed: number): Phase {
  if (elapsed < 0) return { kind: 'before' };
  const segment = timeline.segments.find((s) => elapsed >= s.start && elapsed < s.end);
  if (!segment) return { kind: 'over' };
  if (segment.kind === 'play') return { kind: 'play', segment, elapsed };
  if (segment.kind === 'break') return { kind: 'break', segment };
  return { kind: 'shoot-out' };
}

const pair = (home: number | null, away: number | null): FootballDataScorePair => ({ home, away });
const NO_SCORE = pair(null, null);

function count<T extends { side: 'home' | 'away' }>(items: readonly T[], keep: (item: T) => boolean): FootballDataScorePair {
  const kept = items.filter(keep);
  return pair(kept.filter((i) => i.side === 'home').length, kept.filter((i) => i.side === 'away').length);
}

function winnerOf(result: ReplayResult): FootballDataScore['winner'] {
  const [h, a] = result.p ?? result.et ?? result.ft;
  return h > a ? 'HOME_TEAM' : h < a ? 'AWAY_TEAM' : 'DRAW';
}

const add = (...pairs: FootballDataScorePair[]): FootballDataScorePair =>
  pair(
    pairs.reduce((s, p) => s + (p.home ?? 0), 0),
    pairs.reduce((s, p) => s + (p.away ?? 0), 0),
  );

/** The score node at `elapsed` match minutes of a played match (see football-data.mapping.ts for how it is read). */
function scoreAt(result: ReplayResult, timeline: MatchTimeline, elapsed: number, phase: Phase): FootballDataScore {
  if (phase.kind === 'before') return { winner: null, duration: 'REGULAR', fullTime: NO_SCORE, halfTime: NO_SCORE };
  const upTo = phase.kind === 'over' ? Infinity : elapsed;
  const halfTimeStart = timeline.segments[0].end;
  const regular = count(timeline.goals, (g) => !g.extraTime && g.at <= upTo);
  const halfTime = elapsed >= halfTimeStart || phase.kind === 'over' ? count(timeline.goals, (g) => periodOf(g) === 0) : NO_SCORE;
  const extraTimeStarted = timeline.segments.some((s) => s.kind === 'play' && s.extraTime && elapsed >= s.start) || (phase.kind === 'over' && result.et !== null);
  const winner = phase.kind === 'over' ? winnerOf(result) : null;
  if (!extraTimeStarted) return { winner, duration: 'REGULAR', fullTime: regular, halfTime };

  const extraTime = count(timeline.goals, (g) => g.extraTime && g.at <= upTo);
  const shootout = timeline.segments.find((s) => s.kind === 'shoot-out');
  if (!shootout || elapsed < shootout.start) {
    return { winner, duration: 'EXTRA_TIME', fullTime: add(regular, extraTime), halfTime, regularTime: regular, extraTime };
  }
  // A shoot-out told whole (no kick sequence) shows its score at the end only.
  const penalties = phase.kind === 'over' && timeline.kicks.length === 0 && result.p ? pair(result.p[0], result.p[1]) : count(timeline.kicks, (k) => k.scored && k.at <= upTo);
  return { winner, duration: 'PENALTY_SHOOTOUT', fullTime: add(regular, extraTime, penalties), halfTime, regularTime: regular, extraTime, penalties };
}

/** The minute shown, football-data style: "45" with injuryTime 2 during the first half's added time. */
function minuteAt(phase: Phase): { minute: number | null; injuryTime: number | null } {
  if (phase.kind === 'play') {
    const played = phase.elapsed - phase.segment.start;
    const { base, regulation } = phase.segment;
    if (played < regulation) return { minute: base + Math.floor(played) + 1, injuryTime: null };
    return { minute: base + regulation, injuryTime: Math.floor(played - regulation) + 1 };
  }
  if (phase.kind === 'break') return { minute: phase.segment.minute, injuryTime: null };
  if (phase.kind === 'shoot-out') return { minute: 120, injuryTime: null };
  return { minute: null, injuryTime: null };
}

function statusAt(f: PlannedFixture, phase: Phase): FootballDataStatus {
  switch (phase.kind) {
    case 'before':
      return f.kickoffConfirmed ? 'TIMED' : 'SCHEDULED';
    case 'play':
    case 'shoot-out':
      return 'IN_PLAY';
    case 'break':
      return 'PAUSED';
    case 'over':
      return f.result?.awarded ? 'AWARDED' : 'FINISHED';
  }
}

/** The last change at or before `elapsed`, in match minutes (a phase starting, a goal, a kick). */
function lastChangeAt(timeline: MatchTimeline, elapsed: number, phase: Phase): number {
  const instants = [
    0,
    ...timeline.segments.map((s) => s.start),
    ...timeline.goals.map((g) => g.at),
    ...timeline.kicks.map((k) => k.at),
    ...(phase.kind === 'over' ? [timeline.end] : []),
  ];
  return Math.max(...instants.filter((t) => t <= elapsed));
}

const UNKNOWN_SIDE: FootballDataTeam = { id: null, name: null, shortName: null, tla: null, crest: null };

function sideOf(team: ReplayTeam | null, known: boolean): FootballDataTeam {
  if (!team || !known) return UNKNOWN_SIDE;
  return { id: team.id, name: team.name, shortName: team.shortName, tla: team.tla, crest: null };
}

/** "2026-06-11T19:00:00Z": whole seconds, as the provider writes its instants. */
export function providerInstant(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A planned fixture as football-data tells it at the wall instant `wallMs` (without the area, competition and season nodes). */
export function matchAt(f: PlannedFixture, clock: ReplayClock, wallMs: number, publishedMs: number): FootballDataMatch {
  const now = virtualTime(clock, wallMs);
  const sidesKnown = now >= f.sidesKnownFromMs;
  const base = {
    id: f.id,
    utcDate: providerInstant(wallTime(clock, f.kickoffMs)),
    matchday: f.matchday,
    stage: f.stage,
    group: f.group,
    homeTeam: sideOf(f.home, sidesKnown),
    awayTeam: sideOf(f.away, sidesKnown),
    odds: { msg: 'Activate Odds-Package in User-Panel to retrieve odds.' },
    referees: [],
  };
  const told = Math.max(publishedMs, sidesKnown && f.sidesKnownFromMs <= now ? f.sidesKnownFromMs : -Infinity);
  if (!f.result || !f.timeline || f.postponed) {
    const status: FootballDataStatus = f.postponed ? 'POSTPONED' : f.kickoffConfirmed ? 'TIMED' : 'SCHEDULED';
    const score: FootballDataScore = { winner: null, duration: 'REGULAR', fullTime: NO_SCORE, halfTime: NO_SCORE };
    return { ...base, status, minute: null, injuryTime: null, lastUpdated: providerInstant(wallTime(clock, told)), score };
  }
  const elapsed = (now - f.kickoffMs) / MINUTE_MS;
  const phase = phaseAt(f.timeline, elapsed);
  const changed = phase.kind === 'before' ? told : Math.max(told, f.kickoffMs + lastChangeAt(f.timeline, elapsed, phase) * MINUTE_MS);
  return {
    ...base,
    status: statusAt(f, phase),
    ...minuteAt(phase),
    lastUpdated: providerInstant(wallTime(clock, changed)),
    score: scoreAt(f.result, f.timeline, elapsed, phase),
  };
}

/** Every match of a plan at the wall instant `wallMs`, in kick-off order. */
export function matchesAt(plan: ReplayPlan, clock: ReplayClock, wallMs: number): FootballDataMatch[] {
  return [...plan.fixtures].sort((a, b) => a.kickoffMs - b.kickoffMs || a.id - b.id).map((f) => matchAt(f, clock, wallMs, plan.publishedMs));
}
