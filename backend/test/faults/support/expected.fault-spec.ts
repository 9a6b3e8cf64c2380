import { addToTotals, competitionRanks, expectedPrediction, FixtureRow, Totals } from './expected';

// The checker's own rules: a checker that agreed with anything would prove nothing.
describe('the fault checker', () => {
  const fixture = (status: FixtureRow['status'], home: number | null = null, away: number | null = null): FixtureRow => ({
    id: 1,
    status,
    home_score: home,
    away_score: away,
  });

  it('expects final points on a finished match, provisional on a live one, none before kick-off, void when postponed', () => {
    const p = { home_score: 2, away_score: 1, is_banker: true };
    expect(expectedPrediction(fixture('finished', 2, 1), p)).toEqual({ points: 40, outcome: 'exact', is_final: true });
    expect(expectedPrediction(fixture('live', 1, 0), p)).toEqual({ points: 20, outcome: 'correct', is_final: false });
    expect(expectedPrediction(fixture('scheduled'), p)).toEqual({ points: null, outcome: null, is_final: false });
    expect(expectedPrediction(fixture('postponed'), p)).toEqual({ points: 0, outcome: 'void', is_final: true });
  });

  it('ranks like rank(): ties share a rank and the next one skips', () => {
    expect(competitionRanks([50, 70, 50, 10])).toEqual([2, 1, 2, 4]);
    expect(competitionRanks([30, 30, 10])).toEqual([1, 1, 3]);
  });

  it('counts live points as provisional and void as not scored', () => {
    const t: Totals = { points: 0, predictions: 0, scored: 0, correct: 0, exact: 0, live_scored: 0 };
    addToTotals(t, { points: 20, outcome: 'exact', is_final: true });
    addToTotals(t, { points: 10, outcome: 'correct', is_final: false });
    addToTotals(t, { points: 0, outcome: 'void', is_final: true });
    addToTotals(t, { points: null, outcome: null, is_final: false });
    expect(t).toEqual({ points: 30, predictions: 4, scored: 2, correct: 2, exact: 1, live_scored: 1 });
  });
});
