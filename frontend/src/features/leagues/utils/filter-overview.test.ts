import { describe, expect, it } from 'vitest';
import { makeEntry, makeLeague, makeOverview } from '../testing/fixtures';
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

  it("matches an automatic league's name as the hub shows it: under its competition's heading, without the competition", () => {
    const WC = { code: 'fifa.wc', name: 'World Cup', kind: 'tournament' as const };
    const overview = makeOverview({
      global_league: { league: makeLeague({ id: 51, name: 'Global League · World Cup', type: 'global', code: null, max_members: null, competition: WC }), rank: 3, message: '' },
      private_leagues: { count: 1, leagues: [makeEntry({ id: 31, name: 'Office World Cup', competition: WC }, 'owner', 2)], message: '' },
    });
    const grouped = filterOverview(overview, 'world', { underCompetition: true });
    expect(grouped.global).toBeNull();
    // A league of the fan's own shows its whole name, which the search matches.
    expect(grouped.privateLeagues.map((e) => e.league.name)).toEqual(['Office World Cup']);
    expect(filterOverview(overview, 'global league', { underCompetition: true }).global?.league?.id).toBe(51);
    // Alone (one competition, no heading), the card shows the whole name, and the search matches it.
    expect(filterOverview(overview, 'world').global?.league?.id).toBe(51);
  });
});
