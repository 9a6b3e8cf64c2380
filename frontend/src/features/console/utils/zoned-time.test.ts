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

  it('refuses what is no date and time', () => {
    expect(fromLocalInput('', 'UTC')).toBeNull();
    expect(fromLocalInput('2025-02-30T10:00', 'UTC')).toBeNull();
    expect(fromLocalInput('2025-01-18T24:00', 'UTC')).toBeNull();
    expect(fromLocalInput('18/01/2025 15:00', 'UTC')).toBeNull();
  });
});
