import { describe, expect, it } from 'vitest';
import { makeOverview } from '../testing/fixtures';
import { filterOverview } from './filter-overview';

describe('filterOverview', () => {
  it('keeps everything without a search', () => {
    const result = filterOverview(makeOverview(), '  ');
    expect(result.privateLeagues).toHaveLength(2);
    expect(result.country).not.toBeNull();
    expect(result.anyMatch).toBe(true);
  });

  it('matches league names case-insensitively, cards included', () => {
    const result = filterOverview(makeOverview(), 'FAMILY');
    expect(result.privateLeagues.map((e) => e.league.name)).toEqual(['Family Cup']);
    expect(result.publicLeagues).toEqual([]);
    expect(result.country).toBeNull();
    expect(result.global).toBeNull();

    expect(filterOverview(makeOverview(), 'arsenal').club?.league?.name).toBe('Arsenal Fans');
  });

  it('says when nothing matches', () => {
    expect(filterOverview(makeOverview(), 'zzz').anyMatch).toBe(false);
  });
});
