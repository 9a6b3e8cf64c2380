import { seasonForFan } from './season-for-fan';

const pl = { id: 1, league_code: 'en.1' };
const wc = { id: 2, league_code: 'fifa.wc' };
const cl = { id: 3, league_code: 'uefa.cl' };

describe('seasonForFan: the season a request naming no competition is about', () => {
  it('is the sole active season whatever the fan chose (the answer of before)', () => {
    expect(seasonForFan([pl], { currentCompetition: 'fifa.wc', playedCompetitions: ['fifa.wc'] })).toBe(pl);
    expect(seasonForFan([pl], { currentCompetition: null, playedCompetitions: [] })).toBe(pl);
  });

  it('is null while no season is active', () => {
    expect(seasonForFan([], { currentCompetition: 'en.1', playedCompetitions: ['en.1'] })).toBeNull();
  });

  it("is the fan's current competition while they play it and it is active", () => {
    expect(seasonForFan([pl, wc], { currentCompetition: 'fifa.wc', playedCompetitions: ['en.1', 'fifa.wc'] })).toBe(wc);
  });

  it('skips a current competition the fan stopped playing, or one no longer active, for the first they play that is', () => {
    expect(seasonForFan([pl, wc, cl], { currentCompetition: 'fifa.wc', playedCompetitions: ['uefa.cl'] })).toBe(cl);
    expect(seasonForFan([wc, cl], { currentCompetition: 'en.1', playedCompetitions: ['en.1', 'uefa.cl', 'fifa.wc'] })).toBe(cl);
  });

  it('falls back to the first active season when the fan plays none of the active ones', () => {
    expect(seasonForFan([pl, wc], { currentCompetition: null, playedCompetitions: ['uefa.cl'] })).toBe(pl);
  });
});
