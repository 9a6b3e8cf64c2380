import { pickAtScore } from './pick-at-score';

const pick = (home: number, away: number, banker = false) => ({ home_score: home, away_score: away, is_banker: banker });
const live = (home: number | null, away: number | null) => ({ status: 'live' as const, home_score: home, away_score: away });

describe('pickAtScore', () => {
  it('scores a pick at the fixture as it stands, banker doubled', () => {
    expect(pickAtScore(pick(2, 1), live(2, 1))).toEqual({ points: 20, outcome: 'exact' });
    expect(pickAtScore(pick(2, 1, true), live(1, 0))).toEqual({ points: 20, outcome: 'correct' });
    expect(pickAtScore(pick(1, 1), { status: 'finished', home_score: 0, away_score: 0 })).toEqual({ points: 15, outcome: 'correct' });
    expect(pickAtScore(pick(0, 2), live(1, 0))).toEqual({ points: 0, outcome: 'wrong' });
  });

  it('voids a postponed fixture and scores nothing before there is a score', () => {
    expect(pickAtScore(pick(1, 0, true), { status: 'postponed', home_score: null, away_score: null })).toEqual({ points: 0, outcome: 'void' });
    expect(pickAtScore(pick(1, 0), { status: 'scheduled', home_score: null, away_score: null })).toEqual({ points: null, outcome: null });
    expect(pickAtScore(pick(1, 0), live(null, null))).toEqual({ points: null, outcome: null });
  });
});
