import { UnrecoverableError } from 'bullmq';
import type { DomainEventMap, DomainEventName, DomainEventOf } from '@scoreline/contracts/events';
import type { QueueJob } from '../platform/outbox/queue-jobs';
import { hasChannel } from './channel';
import { CHANNEL_KINDS, commandForJob, isRoutedEvent, JOB, jobForEvent, parseNotificationJob, waitsForScoring } from './notification-jobs';

const clock = new Date('2026-11-23T09:00:00Z');

describe('notification jobs', () => {
  it('gives the scheduled sweeps the real clock, or the ISO "now" a job carries', () => {
    expect(parseNotificationJob(JOB.weeklyDigest, {}, clock)).toEqual({ name: JOB.weeklyDigest, now: clock });
    expect(parseNotificationJob(JOB.deadlineReminders, undefined, clock)).toEqual({ name: JOB.deadlineReminders, now: clock });
    expect(parseNotificationJob(JOB.deadlineReminders, { now: '2091-08-10T12:00:00.000Z' }, clock)).toEqual({
      name: JOB.deadlineReminders,
      now: new Date('2091-08-10T12:00:00.000Z'),
    });
    expect(parseNotificationJob(JOB.gameweekFinal, { gameweekId: 5 })).toEqual({ name: JOB.gameweekFinal, gameweekId: 5 });
    expect(parseNotificationJob(JOB.joinRequested, { requestId: 7 })).toEqual({ name: JOB.joinRequested, requestId: 7 });
    expect(parseNotificationJob(JOB.requestDecided, { requestId: 7 })).toEqual({ name: JOB.requestDecided, requestId: 7 });
    // The former name of the approval job, as one queued before an upgrade carries it.
    expect(parseNotificationJob(JOB.requestApproved, { requestId: 7 })).toEqual({ name: JOB.requestDecided, requestId: 7 });
    expect(parseNotificationJob(JOB.goal, { fixtureId: 4 })).toEqual({ name: JOB.goal, fixtureId: 4 });
  });

  it.each([
    [JOB.weeklyDigest, { now: 'yesterday' }],
    [JOB.weeklyDigest, { now: 1700000000000 }],
    [JOB.weeklyDigest, { now: '1999-12-31T23:00:00Z' }],
    [JOB.weeklyDigest, 'now'],
    [JOB.gameweekFinal, { gameweekId: '5' }],
    [JOB.gameweekFinal, { gameweekId: 0 }],
    [JOB.gameweekFinal, { gameweekId: 1.5 }],
    [JOB.requestApproved, {}],
    [JOB.joinRequested, { requestId: 2 ** 31 }],
    [JOB.joinRequested, []],
    [JOB.goal, { fixtureId: -1 }],
    [JOB.requestDecided, { requestId: '3' }],
    ['send-everyone-spam', {}],
  ])('refuses %s with %j for good (no retries)', (name, data) => {
    expect(() => parseNotificationJob(name, data, clock)).toThrow(UnrecoverableError);
  });

  const event = <N extends DomainEventName>(name: N, payload: DomainEventMap[N]): DomainEventOf<N> => ({ id: 31, name, payload, occurredAt: clock.toISOString() });

  it('turns the events that may mean a notification into a job, and knows which events are routed to the queue', () => {
    expect(['request.created', 'request.approved', 'request.rejected', 'scores.updated', 'result.recorded'].every(isRoutedEvent)).toBe(true);
    expect(isRoutedEvent('member.joined') || isRoutedEvent(JOB.weeklyDigest) || isRoutedEvent('constructor')).toBe(false);
    const request = { requestId: 4, leagueId: 2, userId: 3, ownerId: 1 };
    expect(jobForEvent(event('request.created', request))).toEqual({ name: JOB.joinRequested, data: { requestId: 4 } });
    // Either decision is one job: the push tells both, the email an approval only.
    expect(jobForEvent(event('request.approved', request))).toEqual({ name: JOB.requestDecided, data: { requestId: 4 } });
    expect(jobForEvent(event('request.rejected', request))).toEqual({ name: JOB.requestDecided, data: { requestId: 4 } });
    expect(jobForEvent(event('scores.updated', { fixtureId: 1, seasonId: 1, gameweekId: 9, status: 'finished', final: true }))).toEqual({ name: JOB.gameweekFinal, data: { gameweekId: 9 } });
    // A live scoring is a goal (the job finds none at a kick-off); any other, nothing.
    expect(jobForEvent(event('scores.updated', { fixtureId: 1, seasonId: 1, gameweekId: 9, status: 'live', final: false }))).toEqual({ name: JOB.goal, data: { fixtureId: 1 } });
    expect(jobForEvent(event('scores.updated', { fixtureId: 1, seasonId: 1, gameweekId: 9, status: 'scheduled', final: false }))).toBeNull();
    const result = { fixtureId: 1, seasonId: 1, gameweekId: 9, homeScore: 1, awayScore: 0, minute: null, scoreMoved: true };
    expect(jobForEvent(event('result.recorded', { ...result, status: 'finished' }))?.name).toBe(JOB.gameweekFinal);
    expect(jobForEvent(event('result.recorded', { ...result, homeScore: null, awayScore: null, status: 'postponed' }))?.name).toBe(JOB.gameweekFinal);
    expect(jobForEvent(event('result.recorded', { ...result, status: 'live', minute: 30 }))).toBeNull();
    expect(jobForEvent(event('member.joined', { leagueId: 2, userId: 3, leagueType: 'private', via: 'approval' }))).toBeNull();
  });

  it('gives each notification the channels it has, with a delivery kind of each', () => {
    expect(CHANNEL_KINDS).toEqual({
      deadline: { email: 'gameweek_deadline', push: 'deadline' },
      results: { email: 'match_results', push: 'gameweek_final' },
      joinRequest: { email: 'league_join_request', push: 'join_request' },
      decided: { email: 'league_request_approved', push: 'request_decided' },
      digest: { email: 'weekly_digest' },
      goal: { push: 'goal' },
    });
    expect([hasChannel('goal', 'email'), hasChannel('goal', 'push'), hasChannel('digest', 'push'), hasChannel('deadline', 'email')]).toEqual([false, true, false, true]);
  });

  // Only name and data of a BullMQ job are read.
  const queueJob = (name: string, data: unknown) => ({ name, data }) as unknown as QueueJob<'notifications'>;

  it('turns a job of the queue into the command the service runs: routed events through jobForEvent, the rest checked', () => {
    expect(commandForJob(queueJob('request.created', event('request.created', { requestId: 4, leagueId: 2, userId: 3, ownerId: 1 })))).toEqual({
      name: JOB.joinRequested,
      requestId: 4,
    });
    const live = { fixtureId: 1, seasonId: 1, gameweekId: 9, homeScore: 1, awayScore: 0, minute: 30, status: 'live' as const, scoreMoved: false };
    expect(commandForJob(queueJob('result.recorded', event('result.recorded', live)))).toBeNull();
    expect(commandForJob(queueJob(JOB.gameweekFinal, { gameweekId: 9 }))).toEqual({ name: JOB.gameweekFinal, gameweekId: 9 });
    expect(() => commandForJob(queueJob(JOB.gameweekFinal, { gameweekId: -1 }))).toThrow(UnrecoverableError);
  });

  it("lets only a gameweek's final mails and pushes wait for the scorer", () => {
    const final = { fixtureId: 1, seasonId: 1, gameweekId: 9, status: 'finished' as const, final: true };
    expect(waitsForScoring(queueJob('scores.updated', event('scores.updated', final)))).toBe(true);
    expect(waitsForScoring(queueJob(JOB.gameweekFinal, { gameweekId: 9 }))).toBe(true);
    expect(waitsForScoring(queueJob('scores.updated', event('scores.updated', { ...final, status: 'live' as const, final: false })))).toBe(false);
    expect(waitsForScoring(queueJob(JOB.goal, { fixtureId: 4 }))).toBe(false);
    expect(waitsForScoring(queueJob(JOB.joinRequested, { requestId: 7 }))).toBe(false);
    expect(waitsForScoring(queueJob(JOB.weeklyDigest, {}))).toBe(false);
    expect(waitsForScoring(queueJob(JOB.gameweekFinal, { gameweekId: -1 }))).toBe(false);
  });
});
