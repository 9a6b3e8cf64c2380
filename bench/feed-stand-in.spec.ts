import { checkFootballDataMatch } from '@scoreline/backend/feed/football-data/football-data.schema';
import { feedBenchSettings, inPlayMatch, lastAnswerBefore, medianPollGap, pollIntervalMs, PROVIDER_MATCH_ID_BASE } from './feed-stand-in';

describe('feedBenchSettings', () => {
  it('defaults to ten minutes, a goal every 20 s, the free tier of 10 requests a minute', () => {
    expect(feedBenchSettings({})).toEqual({ ok: true, settings: { minutes: 10, goalSeconds: 20, requestsPerMinute: 10 } });
    expect(feedBenchSettings({ BENCH_FEED_MINUTES: '3', BENCH_FEED_GOAL_SECONDS: ' ', BENCH_FEED_REQUESTS_PER_MINUTE: '30' })).toEqual({
      ok: true,
      settings: { minutes: 3, goalSeconds: 20, requestsPerMinute: 30 },
    });
  });

  it('refuses a setting that is no whole number in its range, naming it', () => {
    expect(feedBenchSettings({ BENCH_FEED_MINUTES: '0' })).toEqual({ ok: false, problem: 'BENCH_FEED_MINUTES must be a whole number 1..120, got 0' });
    expect(feedBenchSettings({ BENCH_FEED_GOAL_SECONDS: '2.5' })).toMatchObject({ ok: false, problem: expect.stringContaining('BENCH_FEED_GOAL_SECONDS') });
    expect(feedBenchSettings({ BENCH_FEED_REQUESTS_PER_MINUTE: 'ten' })).toMatchObject({ ok: false, problem: expect.stringContaining('BENCH_FEED_REQUESTS_PER_MINUTE') });
  });
});

describe('pollIntervalMs', () => {
  it('spaces requests as the poller does', () => {
    expect(pollIntervalMs(10)).toBe(6000);
    expect(pollIntervalMs(7)).toBe(8572);
  });
});

describe('inPlayMatch', () => {
  it('is a match the provider schema accepts, in play 0–0, its teams named as stored', () => {
    const m = inPlayMatch(3, new Date('2026-08-15T14:00:00Z'), { id: 163, name: 'Arsenal FC', short_name: 'Arsenal' }, { id: 158, name: 'Chelsea FC', short_name: null });
    expect(checkFootballDataMatch(m).ok).toBe(true);
    expect(m).toMatchObject({
      id: PROVIDER_MATCH_ID_BASE + 3,
      utcDate: '2026-08-15T14:00:00.000Z',
      status: 'IN_PLAY',
      homeTeam: { name: 'Arsenal FC', shortName: 'Arsenal' },
      awayTeam: { name: 'Chelsea FC', shortName: null },
      score: { fullTime: { home: 0, away: 0 } },
    });
    expect(m.homeTeam.id).not.toBe(m.awayTeam.id);
  });
});

describe('lastAnswerBefore and medianPollGap', () => {
  const answers = [
    { at: 1000, status: 200 },
    { at: 7000, status: 200 },
    { at: 9000, status: 429 },
    { at: 13000, status: 200 },
    { at: 19500, status: 200 },
  ];

  it('finds the good answer that carried what was stored after it', () => {
    expect(lastAnswerBefore(answers, 12000)).toEqual({ at: 7000, status: 200 });
    expect(lastAnswerBefore(answers, 13000)).toEqual({ at: 13000, status: 200 });
    expect(lastAnswerBefore(answers, 500)).toBeNull();
  });

  it('answers the median gap between good answers from a moment on', () => {
    expect(medianPollGap(answers, 0)).toBe(6000);
    expect(medianPollGap(answers, 13000)).toBe(6500);
    expect(medianPollGap(answers, 19000)).toBeNull();
  });
});
