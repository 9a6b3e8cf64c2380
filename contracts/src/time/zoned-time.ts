/**
 * Wall-clock time in an IANA time zone ↔ UTC instant, DST-aware, with nothing but Intl.
 * Shared by the fixture importers (local kick-off times in a file) and the console's
 * datetime-local inputs (the wall time the user reads times in).
 *
 * A wall time is handled as "UTC-clock ms": the milliseconds of a UTC clock showing that
 * reading, e.g. 15:00 on 18 January 2025 is Date.UTC(2025, 0, 18, 15, 0).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

// One formatter per zone: building one costs far more than formatting with it.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws RangeError for an unknown zone, which is what callers want.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's UTC offset (local − UTC) in ms at the instant utcMs. Throws RangeError for an unknown zone. */
export function timeZoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const hour = parts.hour === 24 ? 0 : parts.hour; // some ICU versions print midnight as 24 even with h23
  const localAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, hour, parts.minute, parts.second);
  // The parts have whole seconds: compare with the instant floored to its second.
  return localAsUtc - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

/**
 * The instant (UTC ms) at which clocks in timeZone show the wall time wallMs (UTC-clock ms).
 * A wall time that occurs twice (clocks go back) is the earlier instant; one that does not
 * exist (clocks go forward) is read with the offset from before the change, so it lands as far
 * after the gap as it was into it (Temporal's "compatible"). Assumes at most one offset change
 * per day. Throws RangeError for an unknown zone.
 */
export function wallTimeToUtcMs(wallMs: number, timeZone: string): number {
  // The offsets in force a day before and a day after cover any change on this day.
  const before = timeZoneOffsetMs(wallMs - DAY_MS, timeZone);
  const after = timeZoneOffsetMs(wallMs + DAY_MS, timeZone);
  const valid = [...new Set([before, after])]
    .map((offset) => wallMs - offset)
    .filter((instant) => instant + timeZoneOffsetMs(instant, timeZone) === wallMs);
  if (valid.length > 0) return Math.min(...valid);
  return wallMs - before; // in the gap: the same clock reading with the old offset
}
