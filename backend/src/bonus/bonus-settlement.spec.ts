import { rightAnswersFromResults, type SettlingMatch } from './bonus-settlement';

const match = (home_id: number, away_id: number, ft: [number, number] | null, extra: Partial<SettlingMatch> = {}): SettlingMatch => ({
  home_id,
  away_id,
  ft,
  et: null,
  pen: null,
  status: ft === null ? 'scheduled' : 'finished',
  is_final: false,
  ...extra,
});

describe('bonus questions the results settle', () => {
  describe('a tournament', () => {
    const semi = match(1, 2, [2, 0]);
    it('names the final winner as champion, by penalties when it went that far', () => {
      const final = match(3, 4, [1, 1], { et: [2, 2], pen: [3, 4], is_final: true });
      expect(rightAnswersFromResults('champion', { tournament: true, matches: [semi, final] })).toEqual([4]);
      const inNinety = match(3, 4, [2, 1], { is_final: true });
      expect(rightAnswersFromResults('champion', { tournament: true, matches: [semi, inNinety] })).toEqual([3]);
    });

    it('tells nothing before the final is finished, while it is live, or without a final', () => {
      expect(rightAnswersFromResults('champion', { tournament: true, matches: [semi, match(3, 4, null, { is_final: true })] })).toBeNull();
      const live = match(3, 4, [1, 0], { is_final: true, status: 'live' });
      expect(rightAnswersFromResults('champion', { tournament: true, matches: [semi, live] })).toBeNull();
      expect(rightAnswersFromResults('champion', { tournament: true, matches: [semi] })).toBeNull();
    });

    it('never settles the top scorer or a bottom team', () => {
      const final = match(3, 4, [2, 1], { is_final: true });
      expect(rightAnswersFromResults('top_scorer', { tournament: true, matches: [final] })).toBeNull();
      expect(rightAnswersFromResults('bottom', { tournament: true, matches: [final] })).toBeNull();
    });
  });

  describe('a league', () => {
    // 1 beats everyone; 2 and 3 draw each other; 4 loses everything.
    const season = [match(1, 2, [1, 0]), match(1, 3, [2, 0]), match(1, 4, [3, 0]), match(2, 3, [1, 1]), match(2, 4, [2, 0]), match(3, 4, [1, 0])];

    it('names the top and the bottom of the finished table', () => {
      expect(rightAnswersFromResults('champion', { tournament: false, matches: season })).toEqual([1]);
      expect(rightAnswersFromResults('bottom', { tournament: false, matches: season })).toEqual([4]);
    });

    it('decides level points by goal difference, then goals scored', () => {
      // 2, 3 and 4 all on 5 points; goal difference 0, +1 and −1.
      const matches = [match(2, 3, [0, 0]), match(2, 4, [2, 1]), match(3, 4, [1, 1]), match(3, 4, [1, 0]), match(2, 4, [0, 1]), match(4, 2, [0, 0])];
      expect(rightAnswersFromResults('champion', { tournament: false, matches })).toEqual([3]);
      // 1 and 2 on 4 points and +1; 2 scored 5, 1 scored 4.
      const byGoals = [match(1, 2, [3, 3]), match(1, 3, [1, 0]), match(2, 3, [2, 1])];
      expect(rightAnswersFromResults('champion', { tournament: false, matches: byGoals })).toEqual([2]);
    });

    it('lets teams level on points, goal difference and goals share the answer', () => {
      const matches = [match(1, 2, [1, 1]), match(1, 3, [2, 0]), match(2, 3, [2, 0])];
      expect(rightAnswersFromResults('champion', { tournament: false, matches })).toEqual([1, 2]);
    });

    it('tells nothing while a match is unplayed, live or postponed, or before any', () => {
      expect(rightAnswersFromResults('champion', { tournament: false, matches: [...season.slice(1), match(1, 2, null)] })).toBeNull();
      expect(rightAnswersFromResults('bottom', { tournament: false, matches: [...season.slice(1), match(1, 2, [0, 0], { status: 'live' })] })).toBeNull();
      expect(rightAnswersFromResults('bottom', { tournament: false, matches: [...season.slice(1), match(1, 2, null, { status: 'postponed' })] })).toBeNull();
      expect(rightAnswersFromResults('champion', { tournament: false, matches: [] })).toBeNull();
    });

    it('leaves the top scorer to an operator', () => {
      expect(rightAnswersFromResults('top_scorer', { tournament: false, matches: season })).toBeNull();
    });
  });
});
