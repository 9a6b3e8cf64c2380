import { predictionNow } from './prediction-now';

describe('predictionNow', () => {
  const pick = { home: 2, away: 1, banker: true };

  it('scores a pick at a live score, provisionally, banker doubled', () => {
    expect(predictionNow(pick, { status: 'live', home: 2, away: 1 })).toEqual({ points: 40, outcome: 'exact', isFinal: false });
    expect(predictionNow({ ...pick, banker: null }, { status: 'live', home: 1, away: 0 })).toEqual({ points: 10, outcome: 'correct', isFinal: false });
  });

  it('is final at full time, void (0, final) when postponed, unscored without a score', () => {
    expect(predictionNow(pick, { status: 'finished', home: 0, away: 1 })).toEqual({ points: 0, outcome: 'wrong', isFinal: true });
    expect(predictionNow(pick, { status: 'postponed', home: null, away: null })).toEqual({ points: 0, outcome: 'void', isFinal: true });
    expect(predictionNow(pick, { status: 'live', home: null, away: null })).toEqual({ points: null, outcome: null, isFinal: false });
  });

  it('gives nothing without a prediction', () => {
    expect(predictionNow({ home: null, away: null, banker: null }, { status: 'finished', home: 1, away: 1 })).toEqual({ points: null, outcome: null, isFinal: false });
  });
});
