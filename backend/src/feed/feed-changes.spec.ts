import { decideChanges, providerStateKey, type StoredFixture } from './feed-changes';
import type { ProviderMatch } from './provider';

const KICKOFF = new Date('2026-07-01T19:00:00Z');
const minutes = (n: number) => new Date(KICKOFF.getTime() + n * 60_000);

function stored(overrides: Partial<StoredFixture> = {}): StoredFixture {
  return {
    id: 1,
    status: 'scheduled',
    homeScore: null,
    awayScore: null,
    minute: null,
    awarded: false,
    kickoffAt: KICKOFF,
    extraTime: null,
    penalties: null,
    homeClubId: 10,
    awayClubId: 20,
    knockout: false,
    tie_leg: null,
    first_leg: null,
    roundDeadline: KICKOFF,
    otherKickoffsFrom: null,
    ...overrides,
  };
}

function match(overrides: Partial<ProviderMatch> = {}): ProviderMatch {
  return {
    id: 500,
    kickoffAt: KICKOFF,
    status: 'scheduled',
    minute: null,
    matchday: 1,
    stage: 'REGULAR_SEASON',
    home: { id: 1, name: 'Home FC', shortName: 'Home', tla: 'HOM' },
    away: { id: 2, name: 'Away FC', shortName: 'Away', tla: 'AWY' },
    regularTime: null,
    extraTime: null,
    penalties: null,
    lastUpdated: null,
    ...overrides,
  };
}

const SIDES = { home: 10, away: 20 };
const BEFORE = minutes(-120);
const knockout = { knockout: true, tie_leg: null } as const;

describe('decideChanges', () => {
  it('asks nothing when the provider says what we have (the same payload twice changes nothing)', () => {
    expect(decideChanges(stored(), match(), SIDES, BEFORE)).toEqual({ ok: true, commands: [], notes: [] });
    const live = stored({ status: 'live', homeScore: 1, awayScore: 0, minute: 30 });
    expect(decideChanges(live, match({ status: 'live', minute: 30, regularTime: { home: 1, away: 0 } }), SIDES, minutes(30))).toEqual({ ok: true, commands: [], notes: [] });
    const finished = stored({ status: 'finished', homeScore: 2, awayScore: 2, extraTime: { home: 3, away: 2 }, ...knockout });
    const final = match({ status: 'finished', regularTime: { home: 2, away: 2 }, extraTime: { home: 3, away: 2 } });
    expect(decideChanges(finished, final, SIDES, minutes(200))).toEqual({ ok: true, commands: [], notes: [] });
    expect(decideChanges(stored({ status: 'postponed' }), match({ status: 'cancelled' }), SIDES, BEFORE)).toEqual({ ok: true, commands: [], notes: [] });
  });

  it('moves a scheduled kick-off, and the deadline of a round not started', () => {
    const later = new Date(KICKOFF.getTime() + 3600_000);
    expect(decideChanges(stored(), match({ kickoffAt: later }), SIDES, BEFORE)).toEqual({
      ok: true,
      commands: [{ kind: 'reschedule', kickoffAt: later }],
      notes: [],
    });
    // A postponed match given a new date keeps its status (the domain's reschedule does), and is moved.
    expect(decideChanges(stored({ status: 'postponed' }), match({ kickoffAt: later }), SIDES, BEFORE).ok).toBe(true);
  });

  it('in a round already started, moves a kick-off only when the round keeps its deadline', () => {
    const started = stored({ kickoffAt: minutes(60 * 24), roundDeadline: KICKOFF, otherKickoffsFrom: KICKOFF });
    const later = minutes(60 * 48);
    expect(decideChanges(started, match({ kickoffAt: later }), SIDES, minutes(10))).toEqual({
      ok: true,
      commands: [{ kind: 'reschedule', kickoffAt: later }],
      notes: [],
    });
    // The round's first match itself, delayed after the deadline passed: the deadline would move, so it is left to an operator.
    const first = stored({ roundDeadline: KICKOFF, otherKickoffsFrom: minutes(60 * 24) });
    const decision = decideChanges(first, match({ kickoffAt: minutes(30) }), SIDES, minutes(5));
    expect(decision).toMatchObject({ ok: true, commands: [], notes: [{ kind: 'kickoff-in-started-round' }] });
    // Not started yet: the deadline follows.
    expect(decideChanges(first, match({ kickoffAt: minutes(30) }), SIDES, minutes(-5))).toMatchObject({ ok: true, commands: [{ kind: 'reschedule' }] });
  });

  it('records a live score with the minute, and applies a score that goes down during play', () => {
    expect(decideChanges(stored(), match({ status: 'live', minute: 1, regularTime: { home: 0, away: 0 } }), SIDES, minutes(1))).toEqual({
      ok: true,
      commands: [{ kind: 'recordResult', input: { status: 'live', homeScore: 0, awayScore: 0, minute: 1, extraTime: null, penalties: null } }],
      notes: [],
    });
    // Kick-off with no score yet told: 0–0.
    expect(decideChanges(stored(), match({ status: 'live' }), SIDES, minutes(1))).toMatchObject({
      commands: [{ kind: 'recordResult', input: { homeScore: 0, awayScore: 0, minute: null } }],
    });
    // Past 90 minutes without the 90 minutes' score told: the score we had stays.
    const inPlay = stored({ ...knockout, status: 'live', homeScore: 1, awayScore: 1, minute: 90 });
    expect(decideChanges(inPlay, match({ status: 'live', minute: 95 }), SIDES, minutes(100))).toMatchObject({
      commands: [{ input: { homeScore: 1, awayScore: 1, minute: 95 } }],
    });
    const twoNil = stored({ status: 'live', homeScore: 2, awayScore: 0, minute: 60 });
    expect(decideChanges(twoNil, match({ status: 'live', minute: 62, regularTime: { home: 1, away: 0 } }), SIDES, minutes(62))).toMatchObject({
      ok: true,
      commands: [{ kind: 'recordResult', input: { status: 'live', homeScore: 1, awayScore: 0, minute: 62 } }],
    });
    // Minutes beyond what the domain takes are held to it.
    expect(decideChanges(stored(), match({ status: 'live', minute: 0, regularTime: { home: 0, away: 0 } }), SIDES, minutes(0))).toMatchObject({
      commands: [{ input: { minute: 1 } }],
    });
    expect(decideChanges(stored({ ...knockout }), match({ status: 'live', minute: 135, regularTime: { home: 0, away: 0 } }), SIDES, minutes(150))).toMatchObject({
      commands: [{ input: { minute: 130 } }],
    });
  });

  it('keeps the minute at a break: the last one, else 45 at half time or 90 before extra time', () => {
    const at44 = stored({ status: 'live', homeScore: 1, awayScore: 0, minute: 44 });
    expect(decideChanges(at44, match({ status: 'paused', regularTime: { home: 1, away: 0 } }), SIDES, minutes(50))).toEqual({ ok: true, commands: [], notes: [] });
    const noMinute = stored({ status: 'live', homeScore: 1, awayScore: 0, minute: null });
    expect(decideChanges(noMinute, match({ status: 'paused', regularTime: { home: 1, away: 0 } }), SIDES, minutes(50))).toMatchObject({
      commands: [{ input: { status: 'live', minute: 45 } }],
    });
    expect(decideChanges(stored({ ...knockout }), match({ status: 'paused', regularTime: { home: 1, away: 1 } }), SIDES, minutes(110))).toMatchObject({
      commands: [{ input: { status: 'live', minute: 90 } }],
    });
  });

  it('keeps the 90-minute score in extra time, showing extra time while in play where the rules take it', () => {
    const ko = stored({ ...knockout, status: 'live', homeScore: 1, awayScore: 1, minute: 90 });
    const inExtraTime = match({ status: 'live', minute: 100, regularTime: { home: 1, away: 1 }, extraTime: { home: 2, away: 1 } });
    expect(decideChanges(ko, inExtraTime, SIDES, minutes(110))).toEqual({
      ok: true,
      commands: [{ kind: 'recordResult', input: { status: 'live', homeScore: 1, awayScore: 1, minute: 100, extraTime: { home: 2, away: 1 }, penalties: null } }],
      notes: [],
    });
    // A first leg takes no extra time: it is left out while in play.
    const firstLeg = stored({ knockout: true, tie_leg: 1, status: 'live', homeScore: 1, awayScore: 1, minute: 90 });
    expect(decideChanges(firstLeg, inExtraTime, SIDES, minutes(110))).toMatchObject({ commands: [{ input: { extraTime: null } }] });
  });

  it('records full time with extra time and penalties, scored on the 90-minute score', () => {
    const ko = stored({ ...knockout, status: 'live', homeScore: 1, awayScore: 1, minute: 120, extraTime: { home: 2, away: 2 } });
    const final = match({ status: 'finished', regularTime: { home: 1, away: 1 }, extraTime: { home: 2, away: 2 }, penalties: { home: 5, away: 4 } });
    expect(decideChanges(ko, final, SIDES, minutes(150))).toEqual({
      ok: true,
      commands: [
        { kind: 'recordResult', input: { status: 'finished', homeScore: 1, awayScore: 1, extraTime: { home: 2, away: 2 }, penalties: { home: 5, away: 4 }, awarded: false } },
      ],
      notes: [],
    });
    // Awarded: a final score like any other.
    expect(decideChanges(stored(), match({ status: 'awarded', regularTime: { home: 3, away: 0 } }), SIDES, minutes(150))).toMatchObject({
      commands: [{ input: { status: 'finished', homeScore: 3, awayScore: 0, awarded: true } }],
    });
    // A finished result the table then awards (the same score): marked awarded; said again, nothing.
    const finished = stored({ status: 'finished', homeScore: 3, awayScore: 0 });
    expect(decideChanges(finished, match({ status: 'awarded', regularTime: { home: 3, away: 0 } }), SIDES, minutes(150))).toMatchObject({
      commands: [{ input: { awarded: true } }],
    });
    expect(decideChanges({ ...finished, awarded: true }, match({ status: 'awarded', regularTime: { home: 3, away: 0 } }), SIDES, minutes(150))).toMatchObject({ commands: [] });
  });

  it('applies a correction after full time (it re-scores)', () => {
    const finished = stored({ status: 'finished', homeScore: 2, awayScore: 1 });
    expect(decideChanges(finished, match({ status: 'finished', regularTime: { home: 2, away: 2 } }), SIDES, minutes(300))).toMatchObject({
      ok: true,
      commands: [{ kind: 'recordResult', input: { status: 'finished', homeScore: 2, awayScore: 2 } }],
    });
  });

  it('voids a postponed or cancelled match', () => {
    expect(decideChanges(stored(), match({ status: 'postponed' }), SIDES, BEFORE)).toEqual({ ok: true, commands: [{ kind: 'postpone' }], notes: [] });
    expect(decideChanges(stored({ status: 'live', homeScore: 0, awayScore: 0, minute: 10 }), match({ status: 'cancelled' }), SIDES, minutes(20))).toEqual({
      ok: true,
      commands: [{ kind: 'postpone' }],
      notes: [],
    });
  });

  it('writes nothing for a suspended match, noting it', () => {
    const live = stored({ status: 'live', homeScore: 1, awayScore: 0, minute: 50 });
    expect(decideChanges(live, match({ status: 'suspended', regularTime: { home: 1, away: 0 } }), SIDES, minutes(60))).toMatchObject({
      ok: true,
      commands: [],
      notes: [{ kind: 'suspended' }],
    });
  });

  it('refuses a status going backwards', () => {
    const finished = stored({ status: 'finished', homeScore: 1, awayScore: 0 });
    for (const status of ['scheduled', 'live', 'paused', 'postponed', 'cancelled', 'suspended'] as const) {
      expect(decideChanges(finished, match({ status, regularTime: { home: 1, away: 0 } }), SIDES, minutes(200))).toMatchObject({
        ok: false,
        refusal: { kind: 'status-backwards' },
      });
    }
    const live = stored({ status: 'live', homeScore: 1, awayScore: 0, minute: 30 });
    expect(decideChanges(live, match({ status: 'scheduled' }), SIDES, minutes(30))).toEqual({
      ok: false,
      refusal: { kind: 'status-backwards', message: 'the provider says the match is scheduled, but ours is live' },
    });
  });

  it('refuses a score that cannot be', () => {
    const cases: [Partial<ProviderMatch>, string][] = [
      [{ status: 'live', regularTime: { home: -1, away: 0 } }, 'the score has home goals -1, not a whole number from 0 to 99'],
      [{ status: 'live', regularTime: { home: 1.5, away: 0 } }, 'the score has home goals 1.5, not a whole number from 0 to 99'],
      [{ status: 'live', regularTime: { home: 100, away: 0 } }, 'the score has home goals 100, not a whole number from 0 to 99'],
      [{ status: 'live', regularTime: { home: 2, away: 0 }, extraTime: { home: 1, away: 0 } }, 'the score after extra time 1–0 is below the score after 90 minutes 2–0'],
      [{ status: 'finished', regularTime: { home: 1, away: 1 }, penalties: { home: 4, away: 2 } }, 'a shoot-out without extra time'],
      [{ status: 'finished', regularTime: null }, 'a finished match without a score'],
      [{ status: 'finished', regularTime: { home: 1, away: 1 }, extraTime: { home: 1, away: 1 }, penalties: { home: 3, away: 3 } }, 'a finished shoot-out cannot be drawn (3–3)'],
    ];
    for (const [m, message] of cases) {
      expect(decideChanges(stored({ ...knockout }), match(m), SIDES, minutes(100))).toEqual({ ok: false, refusal: { kind: 'impossible-score', message } });
    }
    // Extra time in a league match, or after a decided 90 minutes: the knockout rules refuse it at full time.
    expect(decideChanges(stored(), match({ status: 'finished', regularTime: { home: 1, away: 1 }, extraTime: { home: 2, away: 1 } }), SIDES, minutes(150))).toMatchObject({
      ok: false,
      refusal: { kind: 'impossible-score', message: 'extra_time is only for a knockout match; this fixture is not one.' },
    });
    expect(
      decideChanges(stored({ ...knockout }), match({ status: 'finished', regularTime: { home: 2, away: 1 }, extraTime: { home: 3, away: 1 } }), SIDES, minutes(150)),
    ).toMatchObject({ ok: false, refusal: { kind: 'impossible-score' } });
  });

  it('sets the teams of a knockout slot from the provider, then takes its state; a decided side stays', () => {
    const slot = stored({ ...knockout, homeClubId: null, awayClubId: null });
    expect(decideChanges(slot, match(), SIDES, BEFORE)).toEqual({ ok: true, commands: [{ kind: 'setTeams', homeClubId: 10, awayClubId: 20 }], notes: [] });
    expect(decideChanges(stored({ ...knockout, awayClubId: null }), match(), SIDES, BEFORE)).toEqual({
      ok: true,
      commands: [{ kind: 'setTeams', homeClubId: null, awayClubId: 20 }],
      notes: [],
    });
    expect(decideChanges(slot, match({ status: 'live', minute: 5, regularTime: { home: 0, away: 0 } }), SIDES, minutes(5))).toMatchObject({
      ok: true,
      commands: [{ kind: 'setTeams' }, { kind: 'recordResult', input: { status: 'live', minute: 5 } }],
    });
    // The provider does not know the teams yet: nothing to set, nothing refused while scheduled.
    expect(decideChanges(slot, match(), { home: null, away: null }, BEFORE)).toEqual({ ok: true, commands: [], notes: [] });
    expect(decideChanges(slot, match({ status: 'live', regularTime: { home: 0, away: 0 } }), { home: null, away: null }, minutes(5))).toMatchObject({
      ok: false,
      refusal: { kind: 'teams-unknown' },
    });
    expect(decideChanges(stored(), match(), { home: 10, away: 30 }, BEFORE)).toMatchObject({ ok: false, refusal: { kind: 'teams-differ' } });
    expect(decideChanges(stored({ awayClubId: null }), match(), { home: 10, away: 10 }, BEFORE)).toMatchObject({ ok: false, refusal: { kind: 'teams-differ' } });
  });
});

describe('providerStateKey', () => {
  it('is the same for the same answer, so a match the provider says nothing new of is left as stored', () => {
    const live = match({ status: 'live', minute: 60, regularTime: { home: 1, away: 0 } });
    expect(providerStateKey(live, SIDES)).toBe(providerStateKey({ ...live, lastUpdated: new Date() }, { ...SIDES }));
  });

  it('changes with the status, the kick-off, the minute, every part of the score and the sides', () => {
    const base = match({ status: 'live', minute: 60, regularTime: { home: 1, away: 0 } });
    const key = providerStateKey(base, SIDES);
    const changed = [
      providerStateKey({ ...base, status: 'paused' }, SIDES),
      providerStateKey({ ...base, kickoffAt: minutes(5) }, SIDES),
      providerStateKey({ ...base, minute: 61 }, SIDES),
      providerStateKey({ ...base, regularTime: { home: 1, away: 1 } }, SIDES),
      providerStateKey({ ...base, extraTime: { home: 1, away: 0 } }, SIDES),
      providerStateKey({ ...base, penalties: { home: 0, away: 0 } }, SIDES),
      providerStateKey(base, { home: 10, away: 21 }),
    ];
    for (const other of changed) expect(other).not.toBe(key);
    expect(new Set(changed).size).toBe(changed.length);
  });
});
