import type { MatchWindow } from './provider';

/**
 * When the feed's one poller asks the provider what (issue 35). Pure: FeedPoller keeps the state
 * and the clock. Within the provider's budget (its free tier: 10 requests a minute), requests are
 * spaced evenly; competitions with a match in play or about to start are polled in turn at that
 * pace, the others rarely (fixture changes). A 429 waits what it asks; failures back off
 * exponentially up to a cap, and the next good answer catches up whole (each poll reads the window).
 */

const DAY_MS = 24 * 3600 * 1000;

/** The days each poll asks for: results to correct behind, fixtures to move ahead (ten days, within what the provider allows). */
export function pollWindow(now: Date): MatchWindow {
  return { from: new Date(now.getTime() - 3 * DAY_MS), to: new Date(now.getTime() + 7 * DAY_MS) };
}

export interface ScheduleSettings {
  /** The budget when the provider does not tell it. */
  requestsPerMinute: number;
  /** A competition with nothing in play or about to start. */
  idlePollMs: number;
  /** The first wait after a failure; doubled at each failure in a row. */
  backoffBaseMs: number;
  backoffCapMs: number;
}

/** One competition's turn. */
export interface CompetitionTurn {
  competition: string;
  /** Not polled before this (epoch ms). */
  dueAt: number;
  /** Last polled at (epoch ms; 0: never), to take turns. */
  lastPolledAt: number;
  /** Failed polls in a row. */
  failures: number;
}

/** How a poll went, as the schedule needs it. */
export interface PollResult {
  outcome: 'ok' | 'rate-limited' | 'unavailable' | 'timeout' | 'unauthorized' | 'bad-payload' | 'error' | 'not-active';
  requestsLeft: number | null;
  resetSeconds: number | null;
  retryAfterSeconds: number | null;
}

/** The wait after `failures` failed polls in a row: base, 2×base, 4×base … up to the cap. */
export function backoffMs(failures: number, settings: Pick<ScheduleSettings, 'backoffBaseMs' | 'backoffCapMs'>): number {
  if (failures <= 0) return 0;
  return Math.min(settings.backoffCapMs, settings.backoffBaseMs * 2 ** Math.min(failures - 1, 30));
}

/** The earliest the next request of any competition may go: the budget's even spacing, a spent budget's reset, a 429's wait. */
export function nextRequestAt(now: number, result: PollResult, settings: Pick<ScheduleSettings, 'requestsPerMinute'>): number {
  let at = now + Math.ceil(60_000 / settings.requestsPerMinute);
  if (result.outcome === 'rate-limited') at = Math.max(at, now + (result.retryAfterSeconds ?? 60) * 1000);
  if (result.requestsLeft === 0) at = Math.max(at, now + (result.resetSeconds ?? 60) * 1000);
  return at;
}

/** The competition's next turn after a poll: at once (in play), later (idle), after a back-off (failed), or when the 429 says. */
export function turnAfterPoll(turn: CompetitionTurn, now: number, result: PollResult, inPlay: boolean, settings: ScheduleSettings): CompetitionTurn {
  const polled = { ...turn, lastPolledAt: now };
  switch (result.outcome) {
    case 'ok':
    case 'not-active':
      return { ...polled, failures: 0, dueAt: inPlay ? now : now + settings.idlePollMs };
    case 'rate-limited':
      // Not the competition's fault: it keeps its failures and goes again once the wait is over.
      return { ...polled, dueAt: now + (result.retryAfterSeconds ?? 60) * 1000 };
    default: {
      const failures = turn.failures + 1;
      return { ...polled, failures, dueAt: now + backoffMs(failures, settings) };
    }
  }
}

/** A competition whose next turn came (a competition going into play is due at once). */
export function dueAt(turn: CompetitionTurn, inPlay: boolean): number {
  return inPlay && turn.failures === 0 ? Math.min(turn.dueAt, turn.lastPolledAt) : turn.dueAt;
}

/** The competition to poll now: of those due, the one polled longest ago; null when none is due. */
export function pickDue(turns: readonly CompetitionTurn[], now: number, inPlay: ReadonlySet<string>): CompetitionTurn | null {
  let best: CompetitionTurn | null = null;
  for (const t of turns) {
    if (dueAt(t, inPlay.has(t.competition)) > now) continue;
    if (best === null || t.lastPolledAt < best.lastPolledAt) best = t;
  }
  return best;
}
