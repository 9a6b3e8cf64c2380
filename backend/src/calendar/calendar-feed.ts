import { CALENDAR_DEADLINE_ALARM_MINUTES } from '@scoreline/contracts/api/calendar';
import type { Calendar, CalendarEvent } from './icalendar';

/** A gameweek's prediction deadline (its first kick-off), with how often and when it last moved. */
export interface DeadlineEntry {
  gameweekId: number;
  number: number;
  deadline: Date;
  version: number;
  changedAt: Date;
}

/** A kick-off of one of the fan's clubs. */
export interface KickoffEntry {
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
 * change between downloads; SEQUENCE and LAST-MODIFIED follow the row's schedule changes.
 */
export function buildCalendarFeed(appUrl: string, deadlines: DeadlineEntry[], kickoffs: KickoffEntry[]): Calendar {
  const host = new URL(appUrl).hostname;
  const fixturesUrl = new URL('/fixtures', appUrl).toString();
  const events: CalendarEvent[] = deadlines.map((d) => ({
    uid: `gameweek-${d.gameweekId}-deadline@${host}`,
    start: d.deadline,
    summary: `Gameweek ${d.number}: predictions close`,
    description: `Save your predictions and banker for gameweek ${d.number} before the first kick-off.\n${fixturesUrl}`,
    url: fixturesUrl,
    sequence: d.version,
    lastModified: d.changedAt,
    status: 'CONFIRMED',
    alarm: { minutesBefore: CALENDAR_DEADLINE_ALARM_MINUTES, description: `Gameweek ${d.number} predictions close in one hour` },
  }));
  for (const k of kickoffs) {
    events.push({
      uid: `fixture-${k.fixtureId}@${host}`,
      start: k.kickoffAt,
      end: new Date(k.kickoffAt.getTime() + MATCH_MINUTES * 60_000),
      summary: `${k.home} v ${k.away}`,
      description: k.postponed
        ? `Gameweek ${k.gameweekNumber}. Postponed.`
        : `Gameweek ${k.gameweekNumber}.${k.confirmed ? '' : ' Kick-off time to be confirmed.'}\n${fixturesUrl}`,
      url: fixturesUrl,
      sequence: k.version,
      lastModified: k.changedAt,
      status: k.postponed ? 'CANCELLED' : k.confirmed ? 'CONFIRMED' : 'TENTATIVE',
    });
  }
  events.sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid));
  return {
    prodId: '-//Scoreline//Fixtures calendar//EN',
    name: 'Scoreline',
    description: 'Prediction deadlines and your club’s kick-offs',
    refreshMinutes: 60,
    events,
  };
}
