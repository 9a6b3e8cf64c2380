/**
 * The personal calendar feed (issue 13 §4): an iCalendar (RFC 5545) file at a secret per-user
 * URL, `/api/calendar/{token}.ics` (no bearer token: calendar apps cannot send one; the token is
 * the key). Every gameweek's prediction deadline with an alarm an hour before, and, when asked,
 * the kick-offs of the fan's club.
 *
 * Calls (under /api, bearer token):
 *   GET  /calendar/feed/                                   → CalendarFeedSettings (creates the feed on first use)
 *   PUT  /calendar/feed/   UpdateCalendarFeedRequest       → CalendarFeedSettings
 *   POST /calendar/feed/rotate/  RotateCalendarFeedRequest → CalendarFeedSettings (the old URL answers 404 from then on)
 * And without a token:
 *   GET  /calendar/{token}.ics                             → text/calendar
 */

export interface CalendarFeedSettings {
  /** https://… address of the feed (for copying). */
  url: string;
  /** The same as webcal://… (opens the device's calendar app to subscribe). */
  webcal_url: string;
  include_club_kickoffs: boolean;
}

export interface UpdateCalendarFeedRequest {
  include_club_kickoffs: boolean;
}

/** `replaces`: the URL the screen shows; when it was already replaced the current one is answered. */
export interface RotateCalendarFeedRequest {
  replaces?: string;
}

/** Minutes before a deadline the feed's alarm rings. */
export const CALENDAR_DEADLINE_ALARM_MINUTES = 60;
