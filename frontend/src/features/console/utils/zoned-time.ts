/**
 * A kick-off as a `datetime-local` input shows it and back. The input has no zone: it holds the
 * wall time in the zone the user reads times in (Settings → Preferences, or the device's), and
 * the server wants an instant with its zone, so both directions go through that zone.
 */

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall time of `instant` in `timeZone` (undefined: the device's), as milliseconds of a UTC clock showing it. */
function wallClock(instant: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** "2025-01-18T15:00": `iso` in `timeZone`, for a datetime-local input; '' when `iso` is no date. */
export function toLocalInput(iso: string, timeZone?: string): string {
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return '';
  const wall = new Date(wallClock(instant, timeZone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * The instant a datetime-local value means in `timeZone`, as ISO 8601 in UTC ("…Z"); null for a
 * value that is no date and time (empty, "2025-02-30T10:00"). A wall time a clock change skips is
 * read with the offset from before the change.
 */
export function fromLocalInput(value: string, timeZone?: string): string | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  // The zone's offset at a first guess, then again at the instant it gives (they differ near a clock change).
  const first = wall - (wallClock(wall, timeZone) - wall);
  const instant = wall - (wallClock(first, timeZone) - first);
  return new Date(instant).toISOString();
}
