import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-diff';

describe('auditChanges', () => {
  it('lists only the keys that changed, as compact JSON', () => {
    expect(
      auditChanges(
        { status: 'live', home_score: 1, away_score: 0, minute: 80, extra_time: null },
        { status: 'finished', home_score: 2, away_score: 0, minute: null, extra_time: { home: 3, away: 0 } },
      ),
    ).toEqual([
      { key: 'status', before: '"live"', after: '"finished"' },
      { key: 'home_score', before: '1', after: '2' },
      { key: 'minute', before: '80', after: 'null' },
      { key: 'extra_time', before: 'null', after: '{"home":3,"away":0}' },
    ]);
  });

  it('shows a key that appears or goes as missing on the other side', () => {
    expect(auditChanges({ a: 1 }, { b: 2 })).toEqual([
      { key: 'a', before: '1', after: null },
      { key: 'b', before: null, after: '2' },
    ]);
  });

  it('compares whole values when either side is no object, and nothing when they are the same', () => {
    expect(auditChanges(null, { club_id: 7 })).toEqual([{ key: '', before: null, after: '{"club_id":7}' }]);
    expect(auditChanges([1], [1])).toEqual([]);
    expect(auditChanges({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
  });

  it('cuts a long value', () => {
    const [change] = auditChanges({ text: 'x'.repeat(500) }, { text: 'y' });
    expect(change.before?.length).toBe(160);
    expect(change.before?.endsWith('…')).toBe(true);
  });
});
