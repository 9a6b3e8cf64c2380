/**
 * A kick-off as a `datetime-local` input shows it and back. The input has no zone: it holds the
 * wall time in the zone the user reads times in (Settings → Preferences, or the device's), and
 * the server wants an instant with its zone, so both directions go through that zone
 * (contracts' zoned-time, which the fixture importer reads local kick-off times with too).
 */
import { timeZoneOffsetMs, wallTimeToUtcMs } from '@scoreline/contracts/time/zoned-time';

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The given zone, or the device's when none is given (UTC if the device names none, as displayTimeZone does). */
const zoneOrDevice = (timeZone: string | undefined) => timeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

/** "2025-01-18T15:00": `iso` in `timeZone`, for a datetime-local input; '' when `iso` is no date. */
export function toLocalInput(iso: string, timeZone?: string): string {
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return '';
  const wall = new Date(instant + timeZoneOffsetMs(instant, zoneOrDevice(timeZone)));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * The instant a datetime-local value means in `timeZone`, as ISO 8601 in UTC ("…Z"); null for a
 * value that is no date and time (empty, "2025-02-30T10:00"). Near a clock change it reads as the
 * fixture importer does: a wall time that happens twice (clocks go back) is the earlier instant,
 * one the change skips (clocks go forward) is read with the offset from before the change.
 */
export function fromLocalInput(value: string, timeZone?: string): string | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return new Date(wallTimeToUtcMs(wall, zoneOrDevice(timeZone))).toISOString();
}
