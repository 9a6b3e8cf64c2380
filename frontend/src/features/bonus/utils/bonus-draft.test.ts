import { describe, expect, it } from 'vitest';
import type { SeasonBonusQuestion } from '@scoreline/contracts/api/bonus';
import { answersOf, draftChanged, draftOf, teamName } from './bonus-draft';

const question = (key: SeasonBonusQuestion['key'], my_answer: SeasonBonusQuestion['my_answer']): SeasonBonusQuestion => ({
  key,
  answer: key === 'top_scorer' ? 'player_name' : 'team',
  points: 20,
  my_answer,
  right_answers: null,
  settled_by: null,
  my_points: null,
});

const QUESTIONS = [question('champion', 7), question('top_scorer', 'Kylian Mbappé'), question('bottom', null)];

describe('bonus draft', () => {
  it('fills the form with the saved answers, empty where none', () => {
    expect(draftOf(QUESTIONS)).toEqual({ champion: '7', top_scorer: 'Kylian Mbappé', bottom: '' });
  });

  it('saves every question shown: team ids as numbers, names trimmed, an empty field as no answer', () => {
    expect(answersOf(QUESTIONS, { champion: '12', top_scorer: '  Erling Haaland ', bottom: '' })).toEqual({
      answers: { champion: 12, top_scorer: 'Erling Haaland', bottom: null },
    });
    expect(answersOf(QUESTIONS.slice(0, 2), { champion: '', top_scorer: '   ' })).toEqual({ answers: { champion: null, top_scorer: null } });
  });

  it('tells a changed form from the saved answers, ignoring surrounding spaces', () => {
    expect(draftChanged(QUESTIONS, draftOf(QUESTIONS))).toBe(false);
    expect(draftChanged(QUESTIONS, { ...draftOf(QUESTIONS), top_scorer: ' Kylian Mbappé ' })).toBe(false);
    expect(draftChanged(QUESTIONS, { ...draftOf(QUESTIONS), bottom: '3' })).toBe(true);
  });

  it('names a team by id', () => {
    expect(teamName([{ id: 3, name: 'Everton' }], 3)).toBe('Everton');
    expect(teamName([{ id: 3, name: 'Everton' }], 4)).toBeNull();
  });
});
