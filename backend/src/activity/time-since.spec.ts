import { timeSince } from './time-since';

const now = new Date('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

describe('activity time since', () => {
  it("says 'Just now' under one hour (and for clock skew)", () => {
    expect(timeSince(ago(0), now)).toBe('Just now');
    expect(timeSince(ago(59 * MIN), now)).toBe('Just now');
    expect(timeSince(ago(-5 * MIN), now)).toBe('Just now');
  });
  it('counts hours under 24', () => {
    expect(timeSince(ago(60 * MIN), now)).toBe('1 hour ago');
    expect(timeSince(ago(23 * 60 * MIN + 59 * MIN), now)).toBe('23 hours ago');
  });
  it('counts days from 24 hours', () => {
    expect(timeSince(ago(24 * 60 * MIN), now)).toBe('1 day ago');
    expect(timeSince(ago(10 * 24 * 60 * MIN), now)).toBe('10 days ago');
  });
});
