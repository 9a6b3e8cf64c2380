import { escapeText, foldLine, formatUtc, serializeCalendar, type CalendarEvent } from './icalendar';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');
/** Undoes folding as a client does (§3.1): a CRLF followed by one space or tab disappears. */
const unfold = (s: string) => s.replace(/\r\n[ \t]/g, '');

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: 'gameweek-7-deadline@scoreline.example',
  start: new Date('2026-03-14T12:30:00.000Z'),
  summary: 'Gameweek 7: predictions close',
  sequence: 2,
  lastModified: new Date('2026-03-01T08:00:05.123Z'),
  ...overrides,
});

describe('iCalendar writer', () => {
  it('escapes backslashes, semicolons, commas and newlines in text', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeText('Brighton & Hove: 2–1')).toBe('Brighton & Hove: 2–1');
  });

  it('writes UTC times as basic-format DATE-TIME with Z and no milliseconds', () => {
    expect(formatUtc(new Date('2026-03-14T12:30:00.999Z'))).toBe('20260314T123000Z');
  });

  it('folds lines at 75 octets with a leading space, never splitting a UTF-8 character', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    const long = `DESCRIPTION:${'München Ü '.repeat(30)}`;
    const folded = foldLine(long);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(4);
    for (const [i, line] of physical.entries()) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      if (i > 0) expect(line.startsWith(' ')).toBe(true);
      // Each physical line is valid UTF-8 on its own: no replacement characters after a round trip.
      expect(Buffer.from(line, 'utf8').toString('utf8')).not.toContain('\uFFFD');
    }
    expect(unfold(folded)).toBe(long);
    // A line of exactly 75 octets stays whole; 76 folds.
    expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75));
    expect(foldLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`);
  });

  it('ends every line with CRLF and frames the calendar and its events', () => {
    const text = serializeCalendar({ prodId: '-//Scoreline//Test//EN', name: 'My, calendar', refreshMinutes: 60, events: [event()] });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(text).split('\r\n');
    expect(lines.slice(0, 5)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Scoreline//Test//EN', 'CALSCALE:GREGORIAN', 'X-WR-CALNAME:My\\, calendar']);
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT60M');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        'UID:gameweek-7-deadline@scoreline.example',
        'DTSTAMP:20260301T080005Z',
        'LAST-MODIFIED:20260301T080005Z',
        'SEQUENCE:2',
        'DTSTART:20260314T123000Z',
        'SUMMARY:Gameweek 7: predictions close',
        'END:VEVENT',
      ]),
    );
    // A deadline is a moment: no DTEND.
    expect(lines.some((l) => l.startsWith('DTEND'))).toBe(false);
  });

  it('writes a display alarm that rings the given minutes before the start', () => {
    const text = unfold(serializeCalendar({ prodId: 'p', name: 'n', events: [event({ alarm: { minutesBefore: 60, description: 'Predictions close in 1 hour; save yours' } })] }));
    const lines = text.split('\r\n');
    const start = lines.indexOf('BEGIN:VALARM');
    expect(lines.slice(start, start + 5)).toEqual([
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Predictions close in 1 hour\\; save yours',
      'TRIGGER:-PT60M',
      'END:VALARM',
    ]);
    expect(lines.indexOf('END:VALARM')).toBeLessThan(lines.indexOf('END:VEVENT'));
  });

  it('writes the end, status and url of a match', () => {
    const lines = unfold(
      serializeCalendar({
        prodId: 'p',
        name: 'n',
        events: [event({ end: new Date('2026-03-14T14:15:00Z'), status: 'CANCELLED', url: 'https://scoreline.example/fixtures' })],
      }),
    ).split('\r\n');
    expect(lines).toEqual(expect.arrayContaining(['DTEND:20260314T141500Z', 'STATUS:CANCELLED', 'URL:https://scoreline.example/fixtures']));
  });
});
