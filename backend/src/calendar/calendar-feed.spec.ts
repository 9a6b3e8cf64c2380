import { buildCalendarFeed, MATCH_MINUTES, renderCalendar, type CalendarEvent, type DeadlineEntry, type KickoffEntry } from './calendar-feed';

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

/** Undoes folding as a client does (RFC 5545 §3.1): a CRLF followed by one space or tab disappears. */
const unfold = (s: string) => s.replace(/\r\n[ \t]/g, '');
/** The VEVENT with this UID, as its unfolded lines. */
function eventLines(text: string, uid: string): string[] {
  const lines = unfold(text).split('\r\n');
  const at = lines.indexOf(`UID:${uid}`);
  return lines.slice(lines.lastIndexOf('BEGIN:VEVENT', at), lines.indexOf('END:VEVENT', at) + 1);
}

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: 'gameweek-7-deadline@scoreline.example',
  start: new Date('2026-03-14T12:30:00.000Z'),
  summary: 'Gameweek 7: predictions close',
  sequence: 2,
  lastModified: new Date('2026-03-01T08:00:05.123Z'),
  ...overrides,
});

describe('calendar feed as iCalendar text', () => {
  it('ends every line with CRLF and frames the calendar with its name, product and refresh hints', () => {
    const text = renderCalendar({ name: 'My, calendar', description: 'Deadlines; kick-offs', refreshMinutes: 60, events: [event()] });
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(text).split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'PRODID:-//Scoreline//Fixtures calendar//EN',
        'CALSCALE:GREGORIAN',
        'X-WR-CALNAME:My\\, calendar',
        'X-WR-CALDESC:Deadlines\\; kick-offs',
        'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
        'X-PUBLISHED-TTL:PT1H',
      ]),
    );
    // Calendar properties come before the first event.
    expect(lines.indexOf('X-PUBLISHED-TTL:PT1H')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
  });

  it('writes a deadline as a moment in UTC, stamped with its last change, with a display alarm', () => {
    const text = renderCalendar({
      name: 'n',
      events: [event({ description: 'Save yours.\nhttps://scoreline.example/fixtures', alarm: { minutesBefore: 60, description: 'Predictions close in 1 hour; save yours' } })],
    });
    const lines = eventLines(text, 'gameweek-7-deadline@scoreline.example');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        'UID:gameweek-7-deadline@scoreline.example',
        'DTSTAMP:20260301T080005Z',
        'LAST-MODIFIED:20260301T080005Z',
        'SEQUENCE:2',
        'DTSTART:20260314T123000Z',
        'SUMMARY:Gameweek 7: predictions close',
        'DESCRIPTION:Save yours.\\nhttps://scoreline.example/fixtures',
        'END:VEVENT',
      ]),
    );
    // A deadline is a moment: no DTEND.
    expect(lines.some((l) => l.startsWith('DTEND'))).toBe(false);
    const alarm = lines.slice(lines.indexOf('BEGIN:VALARM'), lines.indexOf('END:VALARM') + 1);
    expect(alarm).toHaveLength(5);
    expect(alarm).toEqual(
      expect.arrayContaining(['BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:Predictions close in 1 hour\\; save yours', 'TRIGGER:-PT1H', 'END:VALARM']),
    );
  });

  it('writes the end, status and url of a match, and no alarm', () => {
    const lines = eventLines(
      renderCalendar({ name: 'n', events: [event({ uid: 'fixture-9@x', end: new Date('2026-03-14T14:15:00Z'), status: 'CANCELLED', url: 'https://scoreline.example/fixtures' })] }),
      'fixture-9@x',
    );
    expect(lines).toEqual(expect.arrayContaining(['DTEND:20260314T141500Z', 'STATUS:CANCELLED', 'URL;VALUE=URI:https://scoreline.example/fixtures']));
    expect(lines).not.toContain('BEGIN:VALARM');
  });

  it('renders the built feed: every event once, in order, with escaped text', () => {
    const text = renderCalendar(buildCalendarFeed('http://localhost:3000', [deadline], [{ ...kickoff, home: 'Brighton, Hove; Albion' }]));
    const uids = unfold(text)
      .split('\r\n')
      .filter((l) => l.startsWith('UID:'));
    expect(uids).toEqual(['UID:gameweek-41-deadline@localhost', 'UID:fixture-900@localhost']);
    expect(eventLines(text, 'fixture-900@localhost')).toEqual(
      expect.arrayContaining(['SUMMARY:Brighton\\, Hove\\; Albion v Chelsea', 'DTSTART:20260314T173000Z', 'DTEND:20260314T192500Z', 'STATUS:CONFIRMED', 'SEQUENCE:1']),
    );
    expect(eventLines(text, 'gameweek-41-deadline@localhost')).toEqual(expect.arrayContaining(['TRIGGER:-PT1H', 'SEQUENCE:3', 'LAST-MODIFIED:20260310T090000Z']));
  });
});
