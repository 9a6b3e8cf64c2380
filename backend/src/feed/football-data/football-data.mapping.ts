/**
 * football-data.org v4 → the feed's plain shapes (../provider.ts). Pure: the adapter checks an
 * answer against the schema, then maps it here.
 *
 * Scores. `fullTime` is the running score, 0–0 from kick-off; once `duration` is EXTRA_TIME or
 * PENALTY_SHOOTOUT it is the sum of every part (shoot-out included), so it is not read then: the
 * 90 minutes come from `regularTime`, the whole match after extra time is regularTime + extraTime
 * (extraTime counts only the goals of extra time), the shoot-out is `penalties`. A match past 90
 * minutes without `regularTime` is left without scores rather than given a guessed one.
 */
import type { Goals, ProviderMatch, ProviderMatchStatus, ProviderTeam } from '../provider';
import type { FootballDataMatch, FootballDataScorePair, FootballDataStatus, FootballDataTeam } from './football-data.schema';

const STATUS: Readonly<Record<FootballDataStatus, ProviderMatchStatus>> = {
  SCHEDULED: 'scheduled',
  TIMED: 'scheduled',
  IN_PLAY: 'live',
  PAUSED: 'paused',
  FINISHED: 'finished',
  SUSPENDED: 'suspended',
  POSTPONED: 'postponed',
  CANCELLED: 'cancelled',
  AWARDED: 'awarded',
};

export function providerStatusOf(status: FootballDataStatus): ProviderMatchStatus {
  return STATUS[status];
}

/** Statuses of a match not (yet) played: no score, whatever the answer holds. */
const NOT_PLAYED: ReadonlySet<ProviderMatchStatus> = new Set(['scheduled', 'postponed', 'cancelled']);

function goalsOf(pair: FootballDataScorePair | undefined): Goals | null {
  if (!pair || pair.home === null || pair.away === null) return null;
  return { home: pair.home, away: pair.away };
}

function plus(a: Goals, b: Goals): Goals {
  return { home: a.home + b.home, away: a.away + b.away };
}

/** The three scores provider.ts defines, from a match's `score` node (see the top of this file). */
export function scoresOf(match: Pick<FootballDataMatch, 'status' | 'score'>): Pick<ProviderMatch, 'regularTime' | 'extraTime' | 'penalties'> {
  if (NOT_PLAYED.has(providerStatusOf(match.status))) return { regularTime: null, extraTime: null, penalties: null };
  const { score } = match;
  const duration = score.duration ?? 'REGULAR';
  if (duration === 'REGULAR') return { regularTime: goalsOf(score.fullTime), extraTime: null, penalties: null };
  const regularTime = goalsOf(score.regularTime);
  // Extra time's node appears (at 0–0) when extra time starts; without it the whole match's score is not known.
  const extraPart = goalsOf(score.extraTime);
  return {
    regularTime,
    extraTime: regularTime && extraPart ? plus(regularTime, extraPart) : null,
    penalties: duration === 'PENALTY_SHOOTOUT' ? goalsOf(score.penalties) : null,
  };
}

function teamOf(team: FootballDataTeam): ProviderTeam {
  return { id: team.id, name: team.name, shortName: team.shortName ?? null, tla: team.tla ?? null };
}

/** One checked match in the feed's shape. */
export function providerMatchOf(match: FootballDataMatch): ProviderMatch {
  const status = providerStatusOf(match.status);
  return {
    id: match.id,
    kickoffAt: new Date(match.utcDate),
    status,
    // The minute is told while the ball rolls (and at a break); any other time it is stale.
    minute: status === 'live' || status === 'paused' ? (match.minute ?? null) : null,
    matchday: match.matchday ?? null,
    stage: match.stage ?? null,
    home: teamOf(match.homeTeam),
    away: teamOf(match.awayTeam),
    ...scoresOf(match),
    lastUpdated: match.lastUpdated ? new Date(match.lastUpdated) : null,
  };
}
