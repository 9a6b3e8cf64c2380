import { randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the feed's URL is its only key, so it must not be guessable. */
export function newCalendarToken(): string {
  return randomBytes(32).toString('base64url');
}

const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** The token in a feed file name (`{token}.ics`), or null when it cannot be one. */
export function tokenOfFeedFile(file: string): string | null {
  return FEED_FILE.exec(file)?.[1] ?? null;
}

/** The https:// feed address and its webcal:// twin, which opens the device's calendar app to subscribe. */
export function feedUrls(appUrl: string, token: string): { url: string; webcal_url: string } {
  const url = new URL(`/api/calendar/${token}.ics`, appUrl).toString();
  return { url, webcal_url: url.replace(/^https?:\/\//, 'webcal://') };
}

/** The token in a feed URL the client shows (for `replaces`), or null. */
export function tokenOfFeedUrl(url: string): string | null {
  const file = url.split('/').pop() ?? '';
  return tokenOfFeedFile(file);
}
