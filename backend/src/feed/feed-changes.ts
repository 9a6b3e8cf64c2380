import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import type { RecordResultInput } from '../fixtures/fixture-admin.service';
import { checkKnockoutResult, type ResultContext } from '../fixtures/result-rules';
import type { Goals, ProviderMatch } from './provider';

/**
 * What a provider's state of a match asks of our fixture (issue 35): the domain commands an
 * operator would give (set the teams of a knockout slot, a new kick-off, a live or final score,
 * a postponement), or a refusal naming why nothing may be written. Pure: the feed service reads
 * the fixture and hands the commands to FixtureAdminService, the operator's own path.
 *
 * - The same state as stored asks nothing (a payload seen twice changes nothing).
 * - A score that goes down during play (a goal disallowed on review) is applied; a changed score
 *   after full time is a correction and applies (it re-scores, as an operator's does).
 * - A status going backwards (live or finished again scheduled, finished again live or void) is
 *   refused, as is a score that cannot be.
 */

/** Our fixture as the rules need it, read under no lock (the domain path locks and re-checks). */
export interface StoredFixture extends Pick<ResultContext, 'knockout' | 'tie_leg' | 'first_leg'> {
  id: number;
  status: FixtureStatus;
  homeScore: number | null;
  awayScore: number | null;
  minute: number | null;
  /** Decided at the table (AWARDED). */
  awarded: boolean;
  kickoffAt: Date;
  extraTime: Goals | null;
  penalties: Goals | null;
  homeClubId: number | null;
  awayClubId: number | null;
  /** The round's deadline (its first kick-off); null while it has none. */
  roundDeadline: Date | null;
  /** The earliest kick-off of the round's other fixtures; null when it has none. */
  otherKickoffsFrom: Date | null;
}

export type FeedCommand =
  | { kind: 'setTeams'; homeClubId: number | null; awayClubId: number | null }
  | { kind: 'reschedule'; kickoffAt: Date }
  | { kind: 'recordResult'; input: RecordResultInput }
  | { kind: 'postpone' };

/** A problem the feed logs, counts and shows in the console. */
export interface FeedProblemNote {
  kind: string;
  message: string;
}

export type FeedDecision = { ok: true; commands: FeedCommand[]; notes: FeedProblemNote[] } | { ok: false; refusal: FeedProblemNote };

const MAX_GOALS = 99;
const MAX_MINUTE = 130;
const KNOCKOUT_REFUSAL_KIND = 'impossible-score';

const showGoals = (g: Goals) => `${g.home}–${g.away}`;
const sameGoals = (a: Goals | null, b: Goals | null) => a === b || (a !== null && b !== null && a.home === b.home && a.away === b.away);

function refuse(kind: string, message: string): FeedDecision {
  return { ok: false, refusal: { kind, message } };
}

/** Why the provider's goals cannot be, or null. */
function impossibleGoals(match: ProviderMatch): string | null {
  for (const [label, goals] of [['the score', match.regularTime], ['extra time', match.extraTime], ['the shoot-out', match.penalties]] as const) {
    if (goals === null) continue;
    for (const side of ['home', 'away'] as const) {
      const v = goals[side];
      if (!Number.isInteger(v) || v < 0 || v > MAX_GOALS) return `${label} has ${side} goals ${String(v)}, not a whole number from 0 to ${MAX_GOALS}`;
    }
  }
  const { regularTime: rt, extraTime: et, penalties: p } = match;
  if (et !== null && rt === null) return 'extra time without a score after 90 minutes';
  if (et !== null && rt !== null && (et.home < rt.home || et.away < rt.away)) {
    return `the score after extra time ${showGoals(et)} is below the score after 90 minutes ${showGoals(rt)}`;
  }
  if (p !== null && et === null) return 'a shoot-out without extra time';
  if ((match.status === 'finished' || match.status === 'awarded') && rt === null) return 'a finished match without a score';
  if ((match.status === 'finished' || match.status === 'awarded') && p !== null && p.home === p.away) return `a finished shoot-out cannot be drawn (${showGoals(p)})`;
  return null;
}

/** The minute to show while live: the provider's (1–130), else what we had; at a break, the break's minute. */
function liveMinute(match: ProviderMatch, stored: StoredFixture, now: Date): number | null {
  if (match.minute !== null && Number.isFinite(match.minute)) return Math.min(MAX_MINUTE, Math.max(1, Math.round(match.minute)));
  if (stored.status === 'live' && stored.minute !== null) return stored.minute;
  if (match.status !== 'paused') return null;
  // A break with no minute told: half time early on, else the break before extra time or penalties.
  const played = (now.getTime() - match.kickoffAt.getTime()) / 60_000;
  if (played < 80) return 45;
  return match.extraTime === null ? 90 : 120;
}

/** The new kick-off of a scheduled match, unless it would move the deadline of a round already started. */
function kickoffCommand(match: ProviderMatch, stored: StoredFixture, now: Date): { command: FeedCommand | null; note: FeedProblemNote | null } {
  if (match.kickoffAt.getTime() === stored.kickoffAt.getTime()) return { command: null, note: null };
  const deadline = stored.roundDeadline;
  if (deadline !== null && deadline.getTime() <= now.getTime()) {
    const others = stored.otherKickoffsFrom?.getTime() ?? Infinity;
    const newDeadline = Math.min(others, match.kickoffAt.getTime());
    if (newDeadline !== deadline.getTime()) {
      return {
        command: null,
        note: {
          kind: 'kickoff-in-started-round',
          message: `the provider moves the kick-off to ${match.kickoffAt.toISOString()}, which would move the deadline of a round already started: left for an operator`,
        },
      };
    }
  }
  return { command: { kind: 'reschedule', kickoffAt: match.kickoffAt }, note: null };
}

/**
 * The commands that bring `stored` to the provider's `match`, given the clubs its sides are
 * linked to (`sides`: null while the provider does not know the side, or it is not linked).
 */
export function decideChanges(stored: StoredFixture, match: ProviderMatch, sides: { home: number | null; away: number | null }, now: Date): FeedDecision {
  const impossible = impossibleGoals(match);
  if (impossible) return refuse('impossible-score', impossible);

  // The teams: a placeholder side takes the provider's linked team; a side once decided stays.
  const teams = { home: stored.homeClubId, away: stored.awayClubId };
  const setTeams = { home: null as number | null, away: null as number | null };
  for (const side of ['home', 'away'] as const) {
    const theirs = sides[side];
    if (theirs === null) continue;
    if (teams[side] === null) {
      setTeams[side] = theirs;
      teams[side] = theirs;
    } else if (teams[side] !== theirs) {
      return refuse('teams-differ', `the provider has another ${side} team (club ${theirs}) than ours (club ${teams[side]}); a side once decided stays`);
    }
  }
  if (teams.home !== null && teams.home === teams.away) return refuse('teams-differ', 'the provider gives both sides the same team');
  const commands: FeedCommand[] = [];
  const notes: FeedProblemNote[] = [];
  if (setTeams.home !== null || setTeams.away !== null) commands.push({ kind: 'setTeams', homeClubId: setTeams.home, awayClubId: setTeams.away });
  const teamsKnown = teams.home !== null && teams.away !== null;
  const backwards = (to: string) => refuse('status-backwards', `the provider says the match is ${to}, but ours is ${stored.status}`);

  switch (match.status) {
    case 'scheduled': {
      if (stored.status === 'live' || stored.status === 'finished') return backwards('scheduled');
      const kickoff = kickoffCommand(match, stored, now);
      if (kickoff.command) commands.push(kickoff.command);
      if (kickoff.note) notes.push(kickoff.note);
      return { ok: true, commands, notes };
    }
    case 'live':
    case 'paused': {
      if (stored.status === 'finished') return backwards(match.status === 'paused' ? 'at a break' : 'in play');
      if (!teamsKnown) return refuse('teams-unknown', 'the match is in play but its teams are not known to us yet');
      // No score told: 0–0 at kick-off; later (past 90 minutes without the 90 minutes' score) what we had stays.
      const kept = stored.homeScore !== null && stored.awayScore !== null ? { home: stored.homeScore, away: stored.awayScore } : null;
      const score = match.regularTime ?? kept ?? { home: 0, away: 0 };
      const context = { ...stored, home_club_id: teams.home, away_club_id: teams.away };
      // Extra time shows while in play when the knockout rules already take it; else it comes with full time.
      const extraTime =
        match.extraTime !== null && checkKnockoutResult(context, { homeScore: score.home, awayScore: score.away, extraTime: match.extraTime, penalties: null }) === null
          ? match.extraTime
          : null;
      const minute = liveMinute(match, stored, now);
      const same =
        stored.status === 'live' &&
        stored.homeScore === score.home &&
        stored.awayScore === score.away &&
        stored.minute === minute &&
        sameGoals(stored.extraTime, extraTime) &&
        stored.penalties === null;
      if (!same) {
        commands.push({ kind: 'recordResult', input: { status: 'live', homeScore: score.home, awayScore: score.away, minute, extraTime, penalties: null } });
      }
      return { ok: true, commands, notes };
    }
    case 'finished':
    case 'awarded': {
      if (!teamsKnown) return refuse('teams-unknown', 'the match is finished but its teams are not known to us yet');
      const score = match.regularTime as Goals;
      const input: RecordResultInput = {
        status: 'finished',
        homeScore: score.home,
        awayScore: score.away,
        extraTime: match.extraTime,
        penalties: match.penalties,
        awarded: match.status === 'awarded',
      };
      const context = { ...stored, home_club_id: teams.home, away_club_id: teams.away };
      const refusal = checkKnockoutResult(context, { homeScore: score.home, awayScore: score.away, extraTime: match.extraTime, penalties: match.penalties });
      if (refusal) return refuse(KNOCKOUT_REFUSAL_KIND, refusal.message);
      const same =
        stored.status === 'finished' &&
        stored.awarded === (match.status === 'awarded') &&
        stored.homeScore === score.home &&
        stored.awayScore === score.away &&
        sameGoals(stored.extraTime, match.extraTime) &&
        sameGoals(stored.penalties, match.penalties);
      if (!same) commands.push({ kind: 'recordResult', input });
      return { ok: true, commands, notes };
    }
    case 'postponed':
    case 'cancelled': {
      if (stored.status === 'finished') return backwards(match.status);
      if (stored.status !== 'postponed') commands.push({ kind: 'postpone' });
      return { ok: true, commands, notes };
    }
    case 'suspended': {
      // Stopped during play: the last state stays until it resumes, is replayed or is void.
      if (stored.status === 'finished') return backwards('suspended');
      notes.push({ kind: 'suspended', message: 'the provider says play is suspended: the last score stays until it resumes or is decided' });
      return { ok: true, commands, notes };
    }
    default:
      return refuse('bad-payload', `the provider gives an unknown status "${String((match as { status: unknown }).status)}"`);
  }
}

/**
 * What the provider says of a match, as one string: the feed acts when it changes, not whenever our
 * fixture differs from it, so an operator's correction of a fed match stands until the provider says
 * something new (then the provider's word applies, as an operator's would). The minute is in it: in
 * play, the provider's next minute is news. The sides are ours (the linked clubs).
 */
export function providerStateKey(match: ProviderMatch, sides: { home: number | null; away: number | null }): string {
  const goals = (g: Goals | null) => (g === null ? null : [g.home, g.away]);
  return JSON.stringify([
    match.status,
    match.kickoffAt.toISOString(),
    match.minute,
    goals(match.regularTime),
    goals(match.extraTime),
    goals(match.penalties),
    sides.home,
    sides.away,
  ]);
}
