import { timeZoneOffsetMs, wallTimeToUtcMs } from './zoned-time';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** A wall reading as UTC-clock ms: "2025-03-30T01:30" → Date.UTC(2025, 2, 30, 1, 30). */
const wall = (reading: string) => Date.parse(`${reading}Z`);
const instantIn = (reading: string, timeZone: string) => new Date(wallTimeToUtcMs(wall(reading), timeZone)).toISOString();

describe('timeZoneOffsetMs', () => {
  it.each([
    ['2025-01-18T15:00:00Z', 'UTC', 0],
    ['2025-01-18T15:00:00Z', 'Europe/London', 0],
    ['2025-07-18T15:00:00Z', 'Europe/London', HOUR_MS],
    ['2025-01-18T15:00:00Z', 'America/New_York', -5 * HOUR_MS],
    ['2025-07-18T15:00:00Z', 'America/New_York', -4 * HOUR_MS],
    ['2025-07-18T15:00:00Z', 'Asia/Kathmandu', 5 * HOUR_MS + 45 * MINUTE_MS],
    ['2025-07-18T15:00:00Z', 'Pacific/Kiritimati', 14 * HOUR_MS],
  ])('at %s in %s is %d ms', (iso, zone, offset) => {
    expect(timeZoneOffsetMs(Date.parse(iso), zone)).toBe(offset);
  });

  it('changes at the instant the clocks do', () => {
    // London: BST from 2025-03-30 01:00 UTC to 2025-10-26 01:00 UTC.
    expect(timeZoneOffsetMs(Date.parse('2025-03-30T00:59:59Z'), 'Europe/London')).toBe(0);
    expect(timeZoneOffsetMs(Date.parse('2025-03-30T01:00:00Z'), 'Europe/London')).toBe(HOUR_MS);
    expect(timeZoneOffsetMs(Date.parse('2025-10-26T00:59:59Z'), 'Europe/London')).toBe(HOUR_MS);
    expect(timeZoneOffsetMs(Date.parse('2025-10-26T01:00:00Z'), 'Europe/London')).toBe(0);
  });

  it('is whole seconds for an instant with milliseconds, and right at local midnight', () => {
    expect(timeZoneOffsetMs(Date.parse('2025-07-18T15:00:00.999Z'), 'Europe/London')).toBe(HOUR_MS);
    expect(timeZoneOffsetMs(Date.parse('1969-12-31T23:59:59.500Z'), 'UTC')).toBe(0);
    expect(timeZoneOffsetMs(Date.parse('2025-07-17T23:00:00Z'), 'Europe/London')).toBe(HOUR_MS); // 00:00 BST
  });

  it('throws RangeError for an unknown zone', () => {
    expect(() => timeZoneOffsetMs(0, 'Europe/Atlantis')).toThrow(RangeError);
  });
});

describe('wallTimeToUtcMs', () => {
  it.each([
    ['2025-01-18T15:00', 'UTC', '2025-01-18T15:00:00.000Z'],
    ['2025-01-18T15:00', 'Europe/London', '2025-01-18T15:00:00.000Z'],
    ['2025-07-18T16:00', 'Europe/London', '2025-07-18T15:00:00.000Z'],
    ['2025-06-01T20:00', 'America/New_York', '2025-06-02T00:00:00.000Z'],
    ['2025-01-18T15:00', 'America/New_York', '2025-01-18T20:00:00.000Z'],
    ['2025-06-01T12:00', 'Asia/Kathmandu', '2025-06-01T06:15:00.000Z'],
    ['2025-01-01T00:00', 'Pacific/Kiritimati', '2024-12-31T10:00:00.000Z'],
    ['2025-01-18T15:00:30.250', 'Europe/London', '2025-01-18T15:00:30.250Z'],
  ])('%s in %s is %s', (reading, zone, iso) => {
    expect(instantIn(reading, zone)).toBe(iso);
  });

  it('reads a time skipped by clocks going forward with the offset from before (Europe/London)', () => {
    // 2025-03-30: 01:00 GMT becomes 02:00 BST.
    expect(instantIn('2025-03-30T00:59', 'Europe/London')).toBe('2025-03-30T00:59:00.000Z');
    expect(instantIn('2025-03-30T01:30', 'Europe/London')).toBe('2025-03-30T01:30:00.000Z'); // = 02:30 BST
    expect(instantIn('2025-03-30T02:00', 'Europe/London')).toBe('2025-03-30T01:00:00.000Z');
  });

  it('reads a time that happens twice, clocks going back, as the earlier instant (Europe/London)', () => {
    // 2025-10-26: 02:00 BST becomes 01:00 GMT, so 01:00–01:59 happen twice.
    expect(instantIn('2025-10-26T00:59', 'Europe/London')).toBe('2025-10-25T23:59:00.000Z');
    expect(instantIn('2025-10-26T01:30', 'Europe/London')).toBe('2025-10-26T00:30:00.000Z'); // BST, not GMT
    expect(instantIn('2025-10-26T02:00', 'Europe/London')).toBe('2025-10-26T02:00:00.000Z');
  });

  it('follows the same rules west of UTC (America/New_York)', () => {
    // 2025-03-09: 02:00 EST becomes 03:00 EDT; 02:30 is read as EST, i.e. 03:30 EDT.
    expect(instantIn('2025-03-09T02:30', 'America/New_York')).toBe('2025-03-09T07:30:00.000Z');
    // 2025-11-02: 02:00 EDT becomes 01:00 EST; 01:30 is the earlier one, EDT.
    expect(instantIn('2025-11-02T01:30', 'America/New_York')).toBe('2025-11-02T05:30:00.000Z');
  });

  it('reads a day the zone skipped whole with the offset from before it (Pacific/Kiritimati, 1994-12-31)', () => {
    expect(instantIn('1994-12-30T12:00', 'Pacific/Kiritimati')).toBe('1994-12-30T22:00:00.000Z');
    expect(instantIn('1994-12-31T12:00', 'Pacific/Kiritimati')).toBe('1994-12-31T22:00:00.000Z'); // = 1995-01-01 12:00 +14
    expect(instantIn('1995-01-01T12:00', 'Pacific/Kiritimati')).toBe('1994-12-31T22:00:00.000Z');
  });

  it('gives back every instant from its wall time, but the second of a repeated hour', () => {
    // The UTC days of the spring changes (2025-03-09 07:00 UTC New York, 2025-03-30 01:00 UTC London).
    for (const zone of ['Europe/London', 'America/New_York', 'Asia/Kathmandu', 'UTC']) {
      for (const from of ['2025-03-09T00:00:00Z', '2025-03-30T00:00:00Z']) {
        for (let instant = Date.parse(from); instant < Date.parse(from) + 24 * HOUR_MS; instant += 30 * MINUTE_MS) {
          expect(wallTimeToUtcMs(instant + timeZoneOffsetMs(instant, zone), zone)).toBe(instant);
        }
      }
    }
    const secondOneThirty = Date.parse('2025-10-26T01:30:00Z'); // 01:30 GMT, after 01:30 BST
    expect(wallTimeToUtcMs(secondOneThirty + timeZoneOffsetMs(secondOneThirty, 'Europe/London'), 'Europe/London')).toBe(secondOneThirty - HOUR_MS);
  });

  it('throws RangeError for an unknown zone', () => {
    expect(() => wallTimeToUtcMs(wall('2025-01-18T15:00'), 'Europe/Atlantis')).toThrow(RangeError);
  });
});
