import {
  basisOf,
  playOf,
  questionsOf,
  sameBasis,
  scorersDecide,
  scoringCompetitionAnswers,
  scoringLeagueAnswers,
  settledRightAnswers,
  type RightAnswers,
} from './bonus-points';
import type { SeasonMatchRow } from '../fixtures/season-results.service';

const finished = (home_id: number | null, away_id: number | null, ft: [number, number], is_final = false): SeasonMatchRow => ({
  home_id,
  away_id,
  status: 'finished',
  ft,
  et: null,
  pen: null,
  is_final,
});

describe('the right answers bonus points are written from', () => {
  const league = questionsOf({ tournament: false });
  const cup = questionsOf({ tournament: true });
  // 1 beats 2 and 3; 2 beats 3.
  const table = [finished(1, 2, [1, 0]), finished(1, 3, [2, 0]), finished(2, 3, [1, 0])];

  it("takes an operator's settlement over the results, and the results where no operator settled", () => {
    const rights = settledRightAnswers(league, [{ question: 'champion', right_answers: ['2'] }], playOf({ tournament: false }, table));
    expect([...rights.entries()]).toEqual([
      ['champion', { answers: ['2'], by: 'operator' }],
      ['bottom', { answers: ['3'], by: 'results' }],
    ]);
  });

  it("lets a cup's final decide, and a match with a placeholder side decide nothing", () => {
    const final = finished(5, 6, [0, 1], true);
    expect(settledRightAnswers(cup, [], playOf({ tournament: true }, [final])).get('champion')).toEqual({ answers: ['6'], by: 'results' });
    const unknown = { ...final, home_id: null };
    expect(settledRightAnswers(cup, [], playOf({ tournament: true }, [unknown])).size).toBe(0);
  });

  it("asks a tournament with squads for a player of them, a league and a tournament without for a typed name", () => {
    expect(questionsOf({ tournament: true, has_squads: true }).map((q) => [q.key, q.answer])).toEqual([['champion', 'team'], ['top_scorer', 'squad_player']]);
    expect(questionsOf({ tournament: true, has_squads: false })[1].answer).toBe('player_name');
    expect(questionsOf({ tournament: false, has_squads: true })[1].answer).toBe('player_name');
  });

  it("lets a tournament's scorers settle its top scorer once its final is finished, not before, never a league's", () => {
    const scorers = [{ name: 'Harry Kane', goals: 6 }, { name: 'Kylian Mbappé', goals: 10 }];
    const final = finished(5, 6, [0, 1], true);
    expect(scorersDecide({ tournament: true }, [final])).toBe(true);
    expect(settledRightAnswers(cup, [], playOf({ tournament: true }, [final], scorers)).get('top_scorer')).toEqual({ answers: ['Kylian Mbappé'], by: 'results' });
    // The operator wins.
    expect(settledRightAnswers(cup, [{ question: 'top_scorer', right_answers: ['Harry Kane'] }], playOf({ tournament: true }, [final], scorers)).get('top_scorer')).toEqual({
      answers: ['Harry Kane'],
      by: 'operator',
    });
    const unplayed = { ...final, status: 'scheduled' as const, ft: null };
    expect(scorersDecide({ tournament: true }, [unplayed])).toBe(false);
    expect(settledRightAnswers(cup, [], playOf({ tournament: true }, [unplayed], scorers)).has('top_scorer')).toBe(false);
    expect(scorersDecide({ tournament: false }, table)).toBe(false);
  });

  it('compares bases by their answers whoever settled them, in any order', () => {
    const byResults: RightAnswers = new Map([['champion', { answers: ['4', '2'], by: 'results' }]]);
    const byOperator: RightAnswers = new Map([['champion', { answers: ['2', '4'], by: 'operator' }]]);
    expect(basisOf(byResults)).toEqual({ champion: ['2', '4'] });
    expect(sameBasis(basisOf(byResults), basisOf(byOperator))).toBe(true);
    expect(sameBasis({ champion: ['2'], top_scorer: ['Kane'] }, { top_scorer: ['Kane'], champion: ['2'] })).toBe(true);
    expect(sameBasis({ champion: ['2'] }, { champion: ['3'] })).toBe(false);
    expect(sameBasis({ champion: ['2'] }, {})).toBe(false);
    expect(sameBasis({}, basisOf(new Map()))).toBe(true);
  });
});

describe('the answers that score', () => {
  const league = questionsOf({ tournament: false });

  it("scores each distinct answer once: a team by its id, a name ignoring case and accents, only settled questions", () => {
    const rights: RightAnswers = new Map([
      ['champion', { answers: ['7'], by: 'results' }],
      ['top_scorer', { answers: ['Kylian Mbappé', 'Harry Kane'], by: 'operator' }],
    ]);
    const answers = [
      { question: 'champion' as const, answer: '7' },
      { question: 'champion' as const, answer: '8' },
      { question: 'top_scorer' as const, answer: 'kylian  MBAPPE' },
      { question: 'top_scorer' as const, answer: 'Harry Kane' },
      { question: 'top_scorer' as const, answer: 'Erling Haaland' },
      { question: 'bottom' as const, answer: '9' },
    ];
    expect(scoringCompetitionAnswers(league, rights, answers)).toEqual([
      { question: 'champion', answer: '7', points: 20 },
      { question: 'top_scorer', answer: 'kylian  MBAPPE', points: 20 },
      { question: 'top_scorer', answer: 'Harry Kane', points: 20 },
    ]);
  });

  it('scores nothing of a question the season does not ask', () => {
    const cup = questionsOf({ tournament: true });
    const rights: RightAnswers = new Map([['bottom', { answers: ['9'], by: 'operator' }]]);
    expect(scoringCompetitionAnswers(cup, rights, [{ question: 'bottom', answer: '9' }])).toEqual([]);
  });

  it("scores a league's questions by their kind: text and options ignoring case and accents, a number exactly", () => {
    const questions = [
      { id: 1, kind: 'text' as const, points: 10, settled_answer: 'Bukayo Saka' },
      { id: 2, kind: 'options' as const, points: 5, settled_answer: 'Yes' },
      { id: 3, kind: 'number' as const, points: 50, settled_answer: '3' },
    ];
    const answers = [
      { question_id: 1, answer: 'bukayo SAKA' },
      { question_id: 1, answer: 'Cole Palmer' },
      { question_id: 2, answer: 'Yes' },
      { question_id: 3, answer: '3' },
      { question_id: 3, answer: '2.5' },
      { question_id: 4, answer: 'Unsettled' },
    ];
    expect(scoringLeagueAnswers(questions, answers)).toEqual([
      { question_id: 1, answer: 'bukayo SAKA', points: 10 },
      { question_id: 2, answer: 'Yes', points: 5 },
      { question_id: 3, answer: '3', points: 50 },
    ]);
  });
});
