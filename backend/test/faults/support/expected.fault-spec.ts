import { addToTotals, advancedSides, competitionRanks, expectedPrediction, FixtureRow, KnockoutFixtureRow, Totals } from './expected';

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

  it('adds a right "who goes through" pick (10, never doubled) once the match is decided; nothing when void', () => {
    const p = { home_score: 1, away_score: 1, is_banker: true, advance: 'home' as const };
    expect(expectedPrediction(fixture('finished', 1, 1), p, 'home')).toEqual({ points: 70, outcome: 'exact', is_final: true });
    expect(expectedPrediction(fixture('finished', 1, 1), p, 'away')).toEqual({ points: 60, outcome: 'exact', is_final: true });
    expect(expectedPrediction(fixture('finished', 1, 1), p, null)).toEqual({ points: 60, outcome: 'exact', is_final: true });
    expect(expectedPrediction(fixture('postponed'), p, null)).toEqual({ points: 0, outcome: 'void', is_final: true });
  });

  it('finds who went through a single match (extra time, penalties) and a tie on its second leg (aggregate)', () => {
    const ko = (over: Partial<KnockoutFixtureRow>): KnockoutFixtureRow => ({
      id: 1, status: 'finished', home_score: 1, away_score: 1, kind: 'knockout', tie_key: null, tie_leg: null,
      home_club_id: 10, away_club_id: 20, et_home: null, et_away: null, pen_home: null, pen_away: null, ...over,
    });
    const sides = advancedSides([
      ko({ id: 1, et_home: 1, et_away: 1, pen_home: 4, pen_away: 3 }),
      ko({ id: 2, et_home: 1, et_away: 2 }),
      ko({ id: 3 }), // level, extra time not recorded yet
      ko({ id: 4, status: 'live', home_score: 2, away_score: 0 }),
      ko({ id: 5, kind: 'group', home_score: 2, away_score: 0 }),
      // A tie: 2–0 at the first leg's home side (10), 1–0 to 20 in the second leg: 10 goes through, the away side of leg 2.
      ko({ id: 6, tie_key: 't', tie_leg: 1, home_score: 2, away_score: 0 }),
      ko({ id: 7, tie_key: 't', tie_leg: 2, home_club_id: 20, away_club_id: 10, home_score: 1, away_score: 0 }),
    ]);
    expect([...sides].sort()).toEqual([[1, 'home'], [2, 'away'], [7, 'away']]);
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
