import { livePayloadProblems } from './live';

describe('live payload shapes', () => {
  it('accept a payload that matches its event exactly', () => {
    expect(
      livePayloadProblems('fixture.updated', { fixtureId: 1, gameweekId: 2, seasonId: 3, competition: 'en.1', status: 'live', homeScore: 1, awayScore: 0, minute: 63 }),
    ).toEqual([]);
    expect(livePayloadProblems('leaderboard.updated', { leagueId: 3, changed: [{ userId: 1, rank: 1, previousRank: null, totalPoints: 40, recentPoints: 10 }], truncated: false })).toEqual([]);
  });

  it('name missing, mistyped and extra fields, and unknown events', () => {
    expect(livePayloadProblems('fixture.updated', { fixtureId: '1', gameweekId: 2, seasonId: 3, status: 'live', homeScore: 1, awayScore: 0 })).toEqual([
      'fixture.updated.fixtureId is invalid',
      'fixture.updated.competition is invalid',
      'fixture.updated.minute is invalid',
    ]);
    expect(livePayloadProblems('member.joined', { leagueId: 1, userId: 2, username: 'x', secret: 1 })).toEqual(['member.joined.secret is not part of the event']);
    expect(livePayloadProblems('nope', {})).toEqual(['unknown live event "nope"']);
    expect(livePayloadProblems('request.decided', null)).toEqual(['request.decided: payload is not an object']);
  });
});
