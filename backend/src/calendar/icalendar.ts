/**
 * A small iCalendar (RFC 5545) writer: just what a published feed of events with alarms needs.
 * Pure, so its rules (escaping, folding, CRLF, UTC times) are tested without a server.
 */

export interface CalendarAlarm {
  /** The alarm rings this many minutes before the event starts. */
  minutesBefore: number;
  description: string;
}

export interface CalendarEvent {
  /** Globally unique and stable across feed downloads, so calendar apps update instead of duplicating. */
  uid: string;
  start: Date;
  /** Omitted: a moment (a deadline), which RFC 5545 §3.6.1 makes an event of no duration. */
  end?: Date;
  summary: string;
  description?: string;
  url?: string;
  /** Raised whenever the event's time changes, so clients replace their copy (RFC 5545 §3.8.7.4). */
  sequence: number;
  /** When the event last changed; also its DTSTAMP (a feed without METHOD, §3.8.7.2). */
  lastModified: Date;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  alarm?: CalendarAlarm;
}

export interface Calendar {
  /** PRODID: who made the file, e.g. -//Scoreline//Fixtures//EN. */
  prodId: string;
  name: string;
  description?: string;
  /** How often clients should fetch again. */
  refreshMinutes?: number;
  events: CalendarEvent[];
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** TEXT values (§3.3.11): backslash, semicolon, comma and newlines escaped; bare CRs dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\n|\r/g, '\\n');
}

/** A UTC DATE-TIME (§3.3.5 form 2): 20260314T150000Z. */
export function formatUtc(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/**
 * Folds a content line (§3.1): no line longer than 75 octets, continuation lines start with one
 * space (counted in their 75). Never splits a UTF-8 character, so a name like "Bayern München"
 * survives clients that decode each physical line.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let currentOctets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const octets = Buffer.byteLength(char, 'utf8');
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = '';
      currentOctets = 0;
      limit = MAX_LINE_OCTETS - 1; // the leading space of a continuation line
    }
    current += char;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function eventLines(event: CalendarEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${formatUtc(event.lastModified)}`,
    `LAST-MODIFIED:${formatUtc(event.lastModified)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTART:${formatUtc(event.start)}`,
  ];
  if (event.end) lines.push(`DTEND:${formatUtc(event.end)}`);
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.status) lines.push(`STATUS:${event.status}`);
  if (event.alarm) {
    lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(event.alarm.description)}`, `TRIGGER:-PT${event.alarm.minutesBefore}M`, 'END:VALARM');
  }
  lines.push('END:VEVENT');
  return lines;
}

/** The whole file: CRLF line ends (the last line too), every line folded. */
export function serializeCalendar(calendar: Calendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${calendar.prodId}`, 'CALSCALE:GREGORIAN', `X-WR-CALNAME:${escapeText(calendar.name)}`];
  if (calendar.description) lines.push(`X-WR-CALDESC:${escapeText(calendar.description)}`);
  if (calendar.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`);
  }
  for (const event of calendar.events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
