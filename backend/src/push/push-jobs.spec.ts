import { UnrecoverableError } from 'bullmq';
import type { DomainEvent } from '@scoreline/contracts/events';
import { parsePushJob, PUSH_JOB, pushJobForEvent } from './push-jobs';

const event = (e: Omit<DomainEvent, 'id' | 'occurredAt'>): DomainEvent => ({ id: 1, occurredAt: '2030-01-01T00:00:00Z', ...e }) as DomainEvent;
const fixture = { fixtureId: 5, seasonId: 1, gameweekId: 3 };

describe('which events become a push', () => {
  it('a join request to its owner, either decision to its requester', () => {
    const request = { requestId: 9, leagueId: 2, userId: 3, ownerId: 4 };
    expect(pushJobForEvent(event({ name: 'request.created', payload: request }))).toEqual({ name: PUSH_JOB.joinRequested, data: { requestId: 9 } });
    expect(pushJobForEvent(event({ name: 'request.approved', payload: request }))).toEqual({ name: PUSH_JOB.requestDecided, data: { requestId: 9 } });
    expect(pushJobForEvent(event({ name: 'request.rejected', payload: request }))).toEqual({ name: PUSH_JOB.requestDecided, data: { requestId: 9 } });
  });

  it('a live scoring is a goal; a final one, or a final result, may end the gameweek', () => {
    expect(pushJobForEvent(event({ name: 'scores.updated', payload: { ...fixture, status: 'live', final: false } }))).toEqual({ name: PUSH_JOB.goal, data: { fixtureId: 5 } });
    expect(pushJobForEvent(event({ name: 'scores.updated', payload: { ...fixture, status: 'finished', final: true } }))).toEqual({
      name: PUSH_JOB.gameweekFinal,
      data: { gameweekId: 3 },
    });
    expect(pushJobForEvent(event({ name: 'scores.updated', payload: { ...fixture, status: 'scheduled', final: false } }))).toBeNull();
    const result = { ...fixture, homeScore: 1, awayScore: 0, minute: null, scoreMoved: true };
    expect(pushJobForEvent(event({ name: 'result.recorded', payload: { ...result, status: 'finished' } }))).toEqual({ name: PUSH_JOB.gameweekFinal, data: { gameweekId: 3 } });
    expect(pushJobForEvent(event({ name: 'result.recorded', payload: { ...result, status: 'live', minute: 12 } }))).toBeNull();
  });
});

describe('push job data', () => {
  it('is checked, and bad data is never retried', () => {
    expect(parsePushJob('goal', { fixtureId: 4 })).toEqual({ name: 'goal', fixtureId: 4 });
    expect(parsePushJob('deadline-reminders', { now: '2030-01-01T10:00:00Z' })).toEqual({ name: 'deadline-reminders', now: new Date('2030-01-01T10:00:00Z') });
    const clock = new Date('2031-02-02T00:00:00Z');
    expect(parsePushJob('deadline-reminders', {}, clock)).toEqual({ name: 'deadline-reminders', now: clock });
    for (const [name, data] of [
      ['goal', { fixtureId: -1 }],
      ['gameweek-final', { gameweekId: '3' }],
      ['join-requested', []],
      ['deadline-reminders', { now: 'tomorrow' }],
      ['something-else', {}],
    ] as const) {
      expect(() => parsePushJob(name, data)).toThrow(UnrecoverableError);
    }
  });
});
