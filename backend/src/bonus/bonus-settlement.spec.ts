import { readFileSync } from 'fs';
import { join } from 'path';
import { goalRowsOf } from '../season-import/tournament-goals';
import { readTournament } from '../season-import/tournament-json';
import { rightAnswersFromResults, topScorerFromGoals, type SettlingMatch } from './bonus-settlement';

const WORLD_CUP = join(__dirname, '../../../../shared/data/openfootball/2026/worldcup.json');

interface RawGoal {
  name: string;
  owngoal?: boolean;
}

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

    it('never settles a bottom team', () => {
      const final = match(3, 4, [2, 1], { is_final: true });
      expect(rightAnswersFromResults('bottom', { tournament: true, matches: [final] })).toBeNull();
    });

    it('names the top scorer once the final is finished, players level sharing it, names alike but for accents as one', () => {
      const final = match(3, 4, [2, 1], { is_final: true });
      const scorers = [
        { name: 'Kylian Mbappé', goals: 4 },
        { name: 'Harry Kane', goals: 5 },
        { name: 'Kylian Mbappe', goals: 1 },
        { name: 'Lionel Messi', goals: 3 },
      ];
      expect(rightAnswersFromResults('top_scorer', { tournament: true, matches: [semi, final], scorers })).toEqual(['Kylian Mbappé', 'Harry Kane']);
      expect(rightAnswersFromResults('top_scorer', { tournament: true, matches: [semi, final], scorers: scorers.slice(1, 2) })).toEqual(['Harry Kane']);
      expect(topScorerFromGoals([])).toBeNull();
    });

    it('tells no top scorer before the final is finished, or without a goal', () => {
      const scorers = [{ name: 'Harry Kane', goals: 5 }];
      expect(rightAnswersFromResults('top_scorer', { tournament: true, matches: [semi, match(3, 4, null, { is_final: true })], scorers })).toBeNull();
      expect(rightAnswersFromResults('top_scorer', { tournament: true, matches: [semi, match(3, 4, [1, 0], { is_final: true, status: 'live' })], scorers })).toBeNull();
      expect(rightAnswersFromResults('top_scorer', { tournament: true, matches: [semi, match(3, 4, [0, 0], { is_final: true, et: [0, 0], pen: [4, 3] })], scorers: [] })).toBeNull();
    });

    it('settles the World Cup 2026 from its final file: exactly the players with the most goals, own goals not counted', () => {
      const raw = JSON.parse(readFileSync(WORLD_CUP, 'utf8')) as { matches: { goals1?: RawGoal[]; goals2?: RawGoal[] }[] };
      // Counted here from the file itself, goal by goal.
      const tally = new Map<string, number>();
      for (const m of raw.matches) for (const g of [...(m.goals1 ?? []), ...(m.goals2 ?? [])]) if (!g.owngoal) tally.set(g.name, (tally.get(g.name) ?? 0) + 1);
      const most = Math.max(...tally.values());
      const expected = [...tally].filter(([, n]) => n === most).map(([name]) => name);
      // Kylian Mbappé, 10 goals: known, and said so that the count above cannot quietly be empty.
      expect(expected).toEqual(['Kylian Mbappé']);

      // The settlement's way: the file read and its goals as the import writes them, summed per scorer as the query does.
      const read = readTournament(raw);
      if (!read.ok) throw new Error(read.errors.join('\n'));
      const teams = new Map([...new Set(read.tournament.matches.flatMap((m) => [m.home.name, m.away.name]))].map((n, i) => [n, i + 1]));
      const matches = read.tournament.matches.map((m) =>
        match(teams.get(m.home.name)!, teams.get(m.away.name)!, m.score?.ft ?? null, { et: m.score?.et ?? null, pen: m.score?.p ?? null, is_final: m.round === 'Final' }),
      );
      const goals = new Map<string, number>();
      for (const g of read.tournament.matches.flatMap((m) => goalRowsOf(m))) if (!g.own_goal) goals.set(g.scorer, (goals.get(g.scorer) ?? 0) + 1);
      const scorers = [...goals].map(([name, n]) => ({ name, goals: n }));
      expect(rightAnswersFromResults('top_scorer', { tournament: true, matches, scorers })?.sort()).toEqual(expected.sort());
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
