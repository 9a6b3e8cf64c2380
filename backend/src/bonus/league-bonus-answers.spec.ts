import { bonusQuestionsOf } from '@scoreline/contracts/game/bonus-questions';
import type { RightAnswers } from './bonus-points';
import { settledPoints, shownAnswers, shownQuestions } from './league-bonus-answers';

const questions = bonusQuestionsOf({ format: 'league', hasSquads: false });
const teams = new Map([
  [1, 'Arsenal'],
  [2, 'Chelsea'],
]);
const none: RightAnswers = new Map();
const championAndScorer: RightAnswers = new Map([
  ['champion', { answers: ['1'], by: 'results' }],
  ['top_scorer', { answers: ['Kylian Mbappé', 'Harry Kane'], by: 'operator' }],
]);

describe("a league's view of the competition's answers", () => {
  it('shows teams by name and players as typed, in the questions order, unanswered ones left out', () => {
    const rows = [
      { question: 'top_scorer' as const, team_id: null, player_name: 'kylian mbappe' },
      { question: 'champion' as const, team_id: 2, player_name: null },
    ];
    expect(shownAnswers(questions, none, teams, rows)).toEqual([
      { question: 'champion', answer: 2, label: 'Chelsea', points: null },
      { question: 'top_scorer', answer: 'kylian mbappe', label: 'kylian mbappe', points: null },
    ]);
    // A team the season no longer has keeps its id.
    expect(shownAnswers(questions, none, teams, [{ question: 'bottom', team_id: 9, player_name: null }])[0].label).toBe('9');
  });

  it('gives points once a question is settled: right (names ignoring case and accents), wrong, still open', () => {
    const rows = [
      { question: 'champion' as const, team_id: 2, player_name: null },
      { question: 'top_scorer' as const, team_id: null, player_name: 'kylian mbappe' },
      { question: 'bottom' as const, team_id: 1, player_name: null },
    ];
    const shown = shownAnswers(questions, championAndScorer, teams, rows);
    expect(shown.map((a) => [a.question, a.points])).toEqual([
      ['champion', 0],
      ['top_scorer', 20],
      ['bottom', null],
    ]);
    expect(settledPoints(shown)).toBe(20);
    expect(settledPoints([])).toBe(0);
  });

  it('labels the right answers of the settled questions, null for the others', () => {
    expect(shownQuestions(questions, championAndScorer, teams)).toEqual([
      { key: 'champion', answer: 'team', points: 20, right_answers: [{ value: 1, label: 'Arsenal' }], settled_by: 'results' },
      {
        key: 'top_scorer',
        answer: 'player_name',
        points: 20,
        right_answers: [
          { value: 'Kylian Mbappé', label: 'Kylian Mbappé' },
          { value: 'Harry Kane', label: 'Harry Kane' },
        ],
        settled_by: 'operator',
      },
      { key: 'bottom', answer: 'team', points: 20, right_answers: null, settled_by: null },
    ]);
  });
});
