import ical, { escape, ICalAlarmType, ICalEventStatus } from 'ical-generator';
import { CALENDAR_DEADLINE_ALARM_MINUTES } from '@scoreline/contracts/api/calendar';

export interface CalendarAlarm {
  /** The alarm rings this many minutes before the event starts. */
  minutesBefore: number;
  description: string;
}

/** One event of the feed, as plain data; `renderCalendar` turns it into iCalendar text. */
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
  name: string;
  description?: string;
  /** How often clients should fetch again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
  refreshMinutes?: number;
  events: CalendarEvent[];
}

/** The competition an entry belongs to. */
export interface FeedCompetition {
  code: string;
  name: string;
}

/** A gameweek's prediction deadline (its first kick-off), with how often and when it last moved. */
export interface DeadlineEntry {
  competition: FeedCompetition;
  gameweekId: number;
  number: number;
  deadline: Date;
  version: number;
  changedAt: Date;
}

/** A kick-off of one of the fan's clubs. */
export interface KickoffEntry {
  competition: FeedCompetition;
  fixtureId: number;
  gameweekNumber: number;
  home: string;
  away: string;
  kickoffAt: Date;
  confirmed: boolean;
  postponed: boolean;
  version: number;
  changedAt: Date;
}

/** A match's slot in the calendar: 90 minutes, half-time and stoppages. */
export const MATCH_MINUTES = 115;

/**
 * The fan's feed: one event per gameweek deadline (alarm an hour before) and, when they asked for
 * them, their club's matches. UIDs are built from row ids and the site's host, so they never
 * change between downloads; SEQUENCE and LAST-MODIFIED follow the row's schedule changes. With
 * entries of several competitions each event names its own ("Premier League · Gameweek 7…"); with
 * one, the events read as they always did.
 */
export function buildCalendarFeed(appUrl: string, deadlines: DeadlineEntry[], kickoffs: KickoffEntry[]): Calendar {
  const host = new URL(appUrl).hostname;
  const fixturesUrl = new URL('/fixtures', appUrl).toString();
  const several = new Set([...deadlines, ...kickoffs].map((e) => e.competition.code)).size > 1;
  // "Premier League · " before a summary, "Premier League gameweek 7" in a sentence.
  const titled = (c: FeedCompetition, text: string) => (several ? `${c.name} · ${text}` : text);
  const gameweek = (c: FeedCompetition, n: number) => (several ? `${c.name} gameweek ${n}` : `gameweek ${n}`);
  const events: CalendarEvent[] = deadlines.map((d) => ({
    uid: `gameweek-${d.gameweekId}-deadline@${host}`,
    start: d.deadline,
    summary: titled(d.competition, `Gameweek ${d.number}: predictions close`),
    description: `Save your predictions and banker for ${gameweek(d.competition, d.number)} before the first kick-off.\n${fixturesUrl}`,
    url: fixturesUrl,
    sequence: d.version,
    lastModified: d.changedAt,
    status: 'CONFIRMED',
    alarm: { minutesBefore: CALENDAR_DEADLINE_ALARM_MINUTES, description: titled(d.competition, `Gameweek ${d.number} predictions close in one hour`) },
  }));
  for (const k of kickoffs) {
    const round = several ? `${k.competition.name}, gameweek ${k.gameweekNumber}.` : `Gameweek ${k.gameweekNumber}.`;
    events.push({
      uid: `fixture-${k.fixtureId}@${host}`,
      start: k.kickoffAt,
      end: new Date(k.kickoffAt.getTime() + MATCH_MINUTES * 60_000),
      summary: titled(k.competition, `${k.home} v ${k.away}`),
      description: k.postponed ? `${round} Postponed.` : `${round}${k.confirmed ? '' : ' Kick-off time to be confirmed.'}\n${fixturesUrl}`,
      url: fixturesUrl,
      sequence: k.version,
      lastModified: k.changedAt,
      status: k.postponed ? 'CANCELLED' : k.confirmed ? 'CONFIRMED' : 'TENTATIVE',
    });
  }
  events.sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid));
  return {
    name: 'Scoreline',
    description: 'Prediction deadlines and your club’s kick-offs',
    refreshMinutes: 60,
    events,
  };
}

/**
 * The feed as RFC 5545 text, written by ical-generator (escaping, 75-octet folding that keeps
 * UTF-8 characters whole, CRLF). Every time is UTC (`…Z`): the calendar has no time zone.
 */
export function renderCalendar(calendar: Calendar): string {
  const text = ical({
    prodId: { company: 'Scoreline', product: 'Fixtures calendar', language: 'EN' },
    scale: 'GREGORIAN',
    // The library writes NAME, X-WR-CALNAME and X-WR-CALDESC as given: escape them as TEXT here.
    name: escape(calendar.name, false),
    description: calendar.description ? escape(calendar.description, false) : null,
    ttl: calendar.refreshMinutes ? calendar.refreshMinutes * 60 : null,
    events: calendar.events.map((event) => ({
      id: event.uid,
      start: event.start,
      end: event.end ?? null,
      stamp: event.lastModified,
      lastModified: event.lastModified,
      sequence: event.sequence,
      summary: event.summary,
      description: event.description ?? null,
      url: event.url ?? null,
      status: event.status ? ICalEventStatus[event.status] : null,
      alarms: event.alarm ? [{ type: ICalAlarmType.display, triggerBefore: event.alarm.minutesBefore * 60, description: event.alarm.description }] : [],
    })),
  }).toString();
  // RFC 5545 §3.1 ends every content line with CRLF, the last one too; the library leaves it off.
  return `${text}\r\n`;
}
