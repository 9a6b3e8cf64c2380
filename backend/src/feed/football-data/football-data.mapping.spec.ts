import type { ProviderMatchStatus } from '../provider';
import { providerMatchOf, providerStatusOf, scoresOf } from './football-data.mapping';
import { FOOTBALL_DATA_STATUSES, type FootballDataStatus } from './football-data.schema';
import { sampleExtraTimeMatch, sampleMatch, samplePenaltiesMatch } from './football-data.spec-helpers';

describe('football-data → provider match', () => {
  it.each<[FootballDataStatus, ProviderMatchStatus]>([
    ['SCHEDULED', 'scheduled'],
    ['TIMED', 'scheduled'],
    ['IN_PLAY', 'live'],
    ['PAUSED', 'paused'],
    ['FINISHED', 'finished'],
    ['SUSPENDED', 'suspended'],
    ['POSTPONED', 'postponed'],
    ['CANCELLED', 'cancelled'],
    ['AWARDED', 'awarded'],
  ])('maps status %s to %s', (status, expected) => {
    expect(providerStatusOf(status)).toBe(expected);
  });

  it('maps every status the schema knows', () => {
    for (const status of FOOTBALL_DATA_STATUSES) expect(providerStatusOf(status)).toEqual(expect.any(String));
  });

  it('maps a finished group match: ids, kick-off, sides, stage, matchday, the 90-minute score', () => {
    expect(providerMatchOf(sampleMatch())).toEqual({
      id: 537327,
      kickoffAt: new Date('2026-06-11T19:00:00Z'),
      status: 'finished',
      minute: null,
      matchday: 1,
      stage: 'GROUP_STAGE',
      home: { id: 769, name: 'Mexico', shortName: 'Mexico', tla: 'MEX' },
      away: { id: 774, name: 'South Africa', shortName: 'South Africa', tla: 'RSA' },
      regularTime: { home: 2, away: 0 },
      extraTime: null,
      penalties: null,
      lastUpdated: new Date('2026-06-11T21:02:11Z'),
    });
  });

  it('reads a live match: the running score is the regular time, the minute is told', () => {
    const live = providerMatchOf(sampleMatch({ status: 'IN_PLAY', minute: 67, lastUpdated: null }, { winner: null, fullTime: { home: 1, away: 0 }, halfTime: { home: 1, away: 0 } }));
    expect(live).toMatchObject({ status: 'live', minute: 67, regularTime: { home: 1, away: 0 }, extraTime: null, penalties: null, lastUpdated: null });
  });

  it('gives no score before kick-off, nor for a postponed or cancelled match, and no minute outside play', () => {
    for (const status of ['TIMED', 'SCHEDULED', 'POSTPONED', 'CANCELLED'] as const) {
      const m = providerMatchOf(sampleMatch({ status, minute: 12 }, { fullTime: { home: 0, away: 0 } }));
      expect(m).toMatchObject({ regularTime: null, extraTime: null, penalties: null, minute: null });
    }
    expect(providerMatchOf(sampleMatch({ minute: 90 })).minute).toBeNull();
  });

  it('reads extra time from regularTime and extraTime, not from fullTime', () => {
    const m = providerMatchOf(sampleExtraTimeMatch());
    expect(m).toMatchObject({ status: 'finished', regularTime: { home: 1, away: 1 }, extraTime: { home: 1, away: 2 }, penalties: null });
  });

  it('reads a shoot-out: fullTime (the sum of every part, 4–5) is not taken for the 90 minutes', () => {
    const m = providerMatchOf(samplePenaltiesMatch());
    expect(m).toMatchObject({ regularTime: { home: 1, away: 1 }, extraTime: { home: 1, away: 1 }, penalties: { home: 3, away: 4 } });
  });

  it('reads extra time while it runs: the 90 minutes stay, extra-time goals add up', () => {
    const running = scoresOf(
      sampleMatch(
        { status: 'IN_PLAY', minute: 104 },
        { winner: null, duration: 'EXTRA_TIME', fullTime: { home: 2, away: 1 }, regularTime: { home: 1, away: 1 }, extraTime: { home: 1, away: 0 } },
      ),
    );
    expect(running).toEqual({ regularTime: { home: 1, away: 1 }, extraTime: { home: 2, away: 1 }, penalties: null });
  });

  it('ignores a penalties node until the shoot-out starts, and guesses nothing when regularTime is missing', () => {
    const withZeroPenalties = scoresOf(
      sampleMatch({ status: 'IN_PLAY' }, { duration: 'EXTRA_TIME', fullTime: { home: 0, away: 0 }, regularTime: { home: 0, away: 0 }, extraTime: { home: 0, away: 0 }, penalties: { home: 0, away: 0 } }),
    );
    expect(withZeroPenalties.penalties).toBeNull();
    const noRegular = scoresOf(sampleMatch({}, { duration: 'PENALTY_SHOOTOUT', fullTime: { home: 5, away: 4 }, extraTime: { home: 0, away: 0 }, penalties: { home: 4, away: 3 } }));
    expect(noRegular).toEqual({ regularTime: null, extraTime: null, penalties: { home: 4, away: 3 } });
  });

  it('keeps a knockout slot unknown: every side field null', () => {
    const unknown = { id: null, name: null, shortName: null, tla: null, crest: null };
    const m = providerMatchOf(sampleMatch({ status: 'TIMED', homeTeam: unknown, awayTeam: unknown }, { fullTime: { home: null, away: null }, halfTime: { home: null, away: null } }));
    expect(m.home).toEqual({ id: null, name: null, shortName: null, tla: null });
  });
});
