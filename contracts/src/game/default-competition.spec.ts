import { defaultCompetition } from './default-competition';

describe('defaultCompetition: the competition a request naming none is about', () => {
  it('is the sole active competition whatever the fan chose (the answer of before)', () => {
    expect(defaultCompetition(['en.1'], { current: 'fifa.wc', played: ['fifa.wc'] })).toBe('en.1');
    expect(defaultCompetition(['en.1'], { current: null, played: [] })).toBe('en.1');
  });

  it('is null while no competition is active', () => {
    expect(defaultCompetition([], { current: 'en.1', played: ['en.1'] })).toBeNull();
  });

  it("is the fan's current competition while they play it and it is active", () => {
    expect(defaultCompetition(['en.1', 'fifa.wc'], { current: 'fifa.wc', played: ['en.1', 'fifa.wc'] })).toBe('fifa.wc');
  });

  it('skips a current competition the fan stopped playing, or one no longer active, for the first they play that is', () => {
    expect(defaultCompetition(['en.1', 'fifa.wc', 'uefa.cl'], { current: 'fifa.wc', played: ['uefa.cl'] })).toBe('uefa.cl');
    expect(defaultCompetition(['fifa.wc', 'uefa.cl'], { current: 'en.1', played: ['en.1', 'uefa.cl', 'fifa.wc'] })).toBe('uefa.cl');
  });

  it('falls back to the first active competition when the fan plays none of the active ones', () => {
    expect(defaultCompetition(['en.1', 'fifa.wc'], { current: null, played: ['uefa.cl'] })).toBe('en.1');
  });
});
