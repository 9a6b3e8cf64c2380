import { buildCalendarFeed, MATCH_MINUTES, type DeadlineEntry, type KickoffEntry } from './calendar-feed';

const deadline: DeadlineEntry = {
  gameweekId: 41,
  number: 7,
  deadline: new Date('2026-03-14T12:30:00Z'),
  version: 3,
  changedAt: new Date('2026-03-10T09:00:00Z'),
};
const kickoff: KickoffEntry = {
  fixtureId: 900,
  gameweekNumber: 7,
  home: 'Arsenal',
  away: 'Chelsea',
  kickoffAt: new Date('2026-03-14T17:30:00Z'),
  confirmed: true,
  postponed: false,
  version: 1,
  changedAt: new Date('2026-03-11T10:00:00Z'),
};

describe('calendar feed', () => {
  it('makes each gameweek deadline an event with stable UID, its schedule version and a one-hour alarm', () => {
    const [event] = buildCalendarFeed('https://scoreline.example/', [deadline], []).events;
    expect(event).toMatchObject({
      uid: 'gameweek-41-deadline@scoreline.example',
      start: deadline.deadline,
      summary: 'Gameweek 7: predictions close',
      sequence: 3,
      lastModified: deadline.changedAt,
      url: 'https://scoreline.example/fixtures',
      alarm: { minutesBefore: 60 },
    });
    expect(event.end).toBeUndefined();
  });

  it("adds the club's matches with their length, and marks unconfirmed and postponed ones", () => {
    const feed = buildCalendarFeed('http://localhost:3000', [deadline], [
      kickoff,
      { ...kickoff, fixtureId: 901, confirmed: false, kickoffAt: new Date('2026-03-21T15:00:00Z') },
      { ...kickoff, fixtureId: 902, postponed: true, kickoffAt: new Date('2026-03-28T15:00:00Z') },
    ]);
    expect(feed.events.map((e) => [e.uid, e.status])).toEqual([
      ['gameweek-41-deadline@localhost', 'CONFIRMED'],
      ['fixture-900@localhost', 'CONFIRMED'],
      ['fixture-901@localhost', 'TENTATIVE'],
      ['fixture-902@localhost', 'CANCELLED'],
    ]);
    const match = feed.events[1];
    expect(match.summary).toBe('Arsenal v Chelsea');
    expect(match.end!.getTime() - match.start.getTime()).toBe(MATCH_MINUTES * 60_000);
    expect(match.alarm).toBeUndefined();
    expect(feed.events[2].description).toContain('to be confirmed');
  });
});
