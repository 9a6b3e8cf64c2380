import { rankBadge } from './rank-badge';

describe('rankBadge', () => {
  it('gives a crown to 1, a medal to 2–3, a star to 4–5 and nothing after', () => {
    expect([1, 2, 3, 4, 5, 6, 10, 50].map(rankBadge)).toEqual(['crown', 'medal', 'medal', 'star', 'star', null, null, null]);
  });
  it('gives nothing to the unranked', () => {
    expect([0, -1, null, undefined, Number.NaN].map(rankBadge)).toEqual([null, null, null, null, null]);
  });
});
