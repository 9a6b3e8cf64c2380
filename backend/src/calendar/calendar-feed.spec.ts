import { buildCalendarFeed, MATCH_MINUTES, type DeadlineEntry, type KickoffEntry } from './calendar-feed';

const premierLeague = { code: 'en.1', name: 'Premier League' };
const deadline: DeadlineEntry = {
  competition: premierLeague,
  gameweekId: 41,
  number: 7,
  deadline: new Date('2026-03-14T12:30:00Z'),
  version: 3,
  changedAt: new Date('2026-03-10T09:00:00Z'),
};
const kickoff: KickoffEntry = {
  competition: premierLeague,
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

  it('names the competition in every event when the feed holds more than one, and in none with one', () => {
    const worldCup = { code: 'fifa.wc', name: 'World Cup 2026' };
    const one = buildCalendarFeed('http://localhost:3000', [deadline], [kickoff]);
    expect(one.events.map((e) => [e.summary, e.description, e.alarm?.description])).toEqual([
      ['Gameweek 7: predictions close', 'Save your predictions and banker for gameweek 7 before the first kick-off.\nhttp://localhost:3000/fixtures', 'Gameweek 7 predictions close in one hour'],
      ['Arsenal v Chelsea', 'Gameweek 7.\nhttp://localhost:3000/fixtures', undefined],
    ]);

    const two = buildCalendarFeed(
      'http://localhost:3000',
      [deadline, { ...deadline, competition: worldCup, gameweekId: 70, number: 1, deadline: new Date('2026-06-11T19:00:00Z') }],
      [kickoff, { ...kickoff, competition: worldCup, fixtureId: 950, gameweekNumber: 1, home: 'Mexico', away: 'South Africa', postponed: true, kickoffAt: new Date('2026-06-11T19:00:00Z') }],
    );
    expect(two.events.map((e) => [e.uid, e.summary, e.description?.split('\n')[0], e.alarm?.description])).toEqual([
      ['gameweek-41-deadline@localhost', 'Premier League · Gameweek 7: predictions close', 'Save your predictions and banker for Premier League gameweek 7 before the first kick-off.', 'Premier League · Gameweek 7 predictions close in one hour'],
      ['fixture-900@localhost', 'Premier League · Arsenal v Chelsea', 'Premier League, gameweek 7.', undefined],
      ['fixture-950@localhost', 'World Cup 2026 · Mexico v South Africa', 'World Cup 2026, gameweek 1. Postponed.', undefined],
      ['gameweek-70-deadline@localhost', 'World Cup 2026 · Gameweek 1: predictions close', 'Save your predictions and banker for World Cup 2026 gameweek 1 before the first kick-off.', 'World Cup 2026 · Gameweek 1 predictions close in one hour'],
    ]);
  });
});
