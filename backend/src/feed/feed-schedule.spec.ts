import { backoffMs, nextRequestAt, pickDue, pollWindow, turnAfterPoll, type CompetitionTurn, type PollResult, type ScheduleSettings } from './feed-schedule';

const settings: ScheduleSettings = { requestsPerMinute: 10, idlePollMs: 600_000, backoffBaseMs: 5_000, backoffCapMs: 120_000 };
const ok: PollResult = { outcome: 'ok', requestsLeft: 9, resetSeconds: 50, retryAfterSeconds: null };
const turn = (competition: string, dueAt: number, lastPolledAt: number, failures = 0): CompetitionTurn => ({ competition, dueAt, lastPolledAt, failures });
const NOW = 1_000_000_000;

describe('the feed schedule', () => {
  it('asks for ten days: three behind (corrections), seven ahead (moved fixtures)', () => {
    const now = new Date('2026-06-20T12:00:00Z');
    expect(pollWindow(now)).toEqual({ from: new Date('2026-06-17T12:00:00Z'), to: new Date('2026-06-27T12:00:00Z') });
  });

  it('spaces requests evenly within the budget, waits out a spent budget and a 429', () => {
    expect(nextRequestAt(NOW, ok, settings)).toBe(NOW + 6_000);
    expect(nextRequestAt(NOW, ok, { requestsPerMinute: 30 })).toBe(NOW + 2_000);
    expect(nextRequestAt(NOW, { ...ok, requestsLeft: 0, resetSeconds: 42 }, settings)).toBe(NOW + 42_000);
    expect(nextRequestAt(NOW, { ...ok, requestsLeft: 0, resetSeconds: null }, settings)).toBe(NOW + 60_000);
    expect(nextRequestAt(NOW, { outcome: 'rate-limited', requestsLeft: null, resetSeconds: null, retryAfterSeconds: 37 }, settings)).toBe(NOW + 37_000);
    // A 429 asking less than the spacing still keeps the spacing.
    expect(nextRequestAt(NOW, { outcome: 'rate-limited', requestsLeft: null, resetSeconds: null, retryAfterSeconds: 1 }, settings)).toBe(NOW + 6_000);
  });

  it('backs off exponentially after failures, up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 100].map((n) => backoffMs(n, settings))).toEqual([0, 5_000, 10_000, 20_000, 40_000, 80_000, 120_000, 120_000, 120_000]);
  });

  it('polls a competition in play again at its next turn, an idle one rarely, a failing one after its back-off', () => {
    const t = turn('en.1', NOW, 0);
    expect(turnAfterPoll(t, NOW, ok, true, settings)).toEqual({ competition: 'en.1', dueAt: NOW, lastPolledAt: NOW, failures: 0 });
    expect(turnAfterPoll(t, NOW, ok, false, settings)).toEqual({ competition: 'en.1', dueAt: NOW + 600_000, lastPolledAt: NOW, failures: 0 });
    const failed = turnAfterPoll(t, NOW, { ...ok, outcome: 'unavailable' }, true, settings);
    expect(failed).toEqual({ competition: 'en.1', dueAt: NOW + 5_000, lastPolledAt: NOW, failures: 1 });
    expect(turnAfterPoll(failed, NOW + 5_000, { ...ok, outcome: 'timeout' }, true, settings)).toMatchObject({ dueAt: NOW + 15_000, failures: 2 });
    // The next good answer resets the back-off.
    expect(turnAfterPoll({ ...failed, failures: 6 }, NOW, ok, true, settings)).toMatchObject({ dueAt: NOW, failures: 0 });
    const limited = turnAfterPoll(failed, NOW, { outcome: 'rate-limited', requestsLeft: null, resetSeconds: null, retryAfterSeconds: 30 }, true, settings);
    expect(limited).toEqual({ competition: 'en.1', dueAt: NOW + 30_000, lastPolledAt: NOW, failures: 1 });
  });

  it('takes turns: of the competitions due, the one polled longest ago; one going into play is due at once', () => {
    const turns = [turn('en.1', NOW - 1, NOW - 6_000), turn('fifa.wc', NOW, NOW - 12_000), turn('de.1', NOW + 500_000, NOW - 100_000)];
    expect(pickDue(turns, NOW, new Set())?.competition).toBe('fifa.wc');
    expect(pickDue(turns, NOW, new Set(['de.1']))?.competition).toBe('de.1');
    expect(pickDue([turn('de.1', NOW + 500_000, NOW - 100_000)], NOW, new Set())).toBeNull();
    // A failing competition waits its back-off even in play.
    expect(pickDue([turn('de.1', NOW + 5_000, NOW - 1_000, 1)], NOW, new Set(['de.1']))).toBeNull();
  });
});
