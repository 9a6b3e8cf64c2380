import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './zoned-time';

describe('toLocalInput', () => {
  it('shows an instant as the wall time of the zone', () => {
    expect(toLocalInput('2025-01-18T15:00:00Z', 'UTC')).toBe('2025-01-18T15:00');
    expect(toLocalInput('2025-07-18T15:00:00Z', 'Europe/London')).toBe('2025-07-18T16:00');
    expect(toLocalInput('2025-01-18T23:30:00Z', 'Asia/Tokyo')).toBe('2025-01-19T08:30');
  });

  it('is empty for no date', () => {
    expect(toLocalInput('soon', 'UTC')).toBe('');
  });
});

describe('fromLocalInput', () => {
  it('reads the wall time in the zone and answers the instant in UTC', () => {
    expect(fromLocalInput('2025-01-18T15:00', 'UTC')).toBe('2025-01-18T15:00:00.000Z');
    expect(fromLocalInput('2025-07-18T16:00', 'Europe/London')).toBe('2025-07-18T15:00:00.000Z');
    expect(fromLocalInput('2025-01-18T15:00', 'Europe/London')).toBe('2025-01-18T15:00:00.000Z');
    expect(fromLocalInput('2025-01-19T08:30', 'Asia/Tokyo')).toBe('2025-01-18T23:30:00.000Z');
    expect(fromLocalInput('2025-06-01T20:00', 'America/New_York')).toBe('2025-06-02T00:00:00.000Z');
  });

  it('round-trips across a clock change', () => {
    for (const iso of ['2025-03-30T00:30:00.000Z', '2025-03-30T01:30:00.000Z', '2025-10-26T02:30:00.000Z']) {
      expect(fromLocalInput(toLocalInput(iso, 'Europe/Berlin'), 'Europe/Berlin')).toBe(iso);
    }
  });

  it('reads a wall time that happens twice (clocks go back) as the earlier instant', () => {
    // 01:30 happens in BST (00:30 UTC) and again in GMT (01:30 UTC).
    expect(fromLocalInput('2025-10-26T01:30', 'Europe/London')).toBe('2025-10-26T00:30:00.000Z');
    // 01:30 happens in EDT (05:30 UTC) and again in EST (06:30 UTC).
    expect(fromLocalInput('2025-11-02T01:30', 'America/New_York')).toBe('2025-11-02T05:30:00.000Z');
  });

  it('reads a wall time the clocks skip with the offset from before the change', () => {
    // 01:30 GMT, which clocks show as 02:30 BST.
    expect(fromLocalInput('2025-03-30T01:30', 'Europe/London')).toBe('2025-03-30T01:30:00.000Z');
    // 02:30 EST, which clocks show as 03:30 EDT.
    expect(fromLocalInput('2025-03-09T02:30', 'America/New_York')).toBe('2025-03-09T07:30:00.000Z');
  });

  it("uses the device's zone when none is given", () => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(fromLocalInput('2025-07-18T16:00')).toBe(fromLocalInput('2025-07-18T16:00', device));
    expect(toLocalInput('2025-07-18T15:00:00Z')).toBe(toLocalInput('2025-07-18T15:00:00Z', device));
  });

  it('refuses what is no date and time', () => {
    expect(fromLocalInput('', 'UTC')).toBeNull();
    expect(fromLocalInput('2025-02-30T10:00', 'UTC')).toBeNull();
    expect(fromLocalInput('2025-01-18T24:00', 'UTC')).toBeNull();
    expect(fromLocalInput('18/01/2025 15:00', 'UTC')).toBeNull();
  });
});
