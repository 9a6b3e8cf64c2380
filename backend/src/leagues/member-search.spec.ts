import { searchesNamesFirst } from './member-search';

describe('searchesNamesFirst', () => {
  it('reads the names first in a league holding at least half of all accounts', () => {
    expect(searchesNamesFirst(1_000_000, 1_000_000)).toBe(true);
    expect(searchesNamesFirst(500_000, 1_000_000)).toBe(true);
  });

  it('plans per request in a smaller league, and in an empty one', () => {
    expect(searchesNamesFirst(499_999, 1_000_000)).toBe(false);
    expect(searchesNamesFirst(20, 1_000_000)).toBe(false);
    expect(searchesNamesFirst(0, 0)).toBe(false);
  });
});
