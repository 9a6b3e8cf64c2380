import fc from 'fast-check';
import {
  BONUS_POINTS,
  CUSTOM_QUESTION_RULES,
  CustomQuestionDraft,
  bonusAnswerPoints,
  bonusAnswersOpen,
  bonusAnswersRevealed,
  bonusQuestionsOf,
  customAnswerErrors,
  customAnswerPoints,
  customQuestionErrors,
  normaliseAnswer,
  sameAnswer,
  topScorers,
} from './bonus-questions';
import { picksRevealed } from './reveal';

describe('bonusQuestionsOf', () => {
  it('asks a tournament for the champion and the top scorer (a squad player when it has squads), 20 points each', () => {
    expect(BONUS_POINTS).toBe(20);
    expect(bonusQuestionsOf({ format: 'tournament', hasSquads: true })).toEqual([
      { key: 'champion', answer: 'team', points: 20 },
      { key: 'top_scorer', answer: 'squad_player', points: 20 },
    ]);
    expect(bonusQuestionsOf({ format: 'tournament', hasSquads: false }).map((q) => q.answer)).toEqual(['team', 'player_name']);
  });

  it('asks a league also for the team that finishes bottom, the top scorer as a typed name', () => {
    expect(bonusQuestionsOf({ format: 'league', hasSquads: false })).toEqual([
      { key: 'champion', answer: 'team', points: 20 },
      { key: 'top_scorer', answer: 'player_name', points: 20 },
      { key: 'bottom', answer: 'team', points: 20 },
    ]);
  });
});

describe('sameAnswer', () => {
  it.each([
    ['Kylian Mbappé', 'kylian mbappe'],
    ['  Kylian   MBAPPÉ ', 'kylian mbappe'],
    ['Julián Quiñones', 'JULIAN QUINONES'],
    ['Kylian\u00a0Mbappe\u0301', 'Kylian Mbappé'], // a no-break space; é written as e + combining acute
    ['Martin Ødegaard', 'martin odegaard'],
    ['Barış Alper Yılmaz', 'Baris Alper Yilmaz'],
    ['İrfan Can Kahveci', 'irfan can kahveci'],
    ['Pascal Groß', 'pascal gross'],
    ['Robert Lewandowski', 'robert lewandowski'],
    ['Matěj Kovář', 'matej kovar'],
    ['Łukasz Łęgowski', 'lukasz legowski'],
  ])('%s = %s', (a, b) => {
    expect(sameAnswer(a, b)).toBe(true);
    expect(sameAnswer(b, a)).toBe(true);
  });

  it.each([
    ['Kylian Mbappé', 'Kylian Mbappe Lottin'],
    ['Harry Kane', 'Harry Cane'],
    ['Jude Bellingham', 'Jobe Bellingham'],
    ['Emiliano Martínez', 'Lautaro Martínez'],
    ['KylianMbappé', 'Kylian Mbappé'],
  ])('%s ≠ %s', (a, b) => {
    expect(sameAnswer(a, b)).toBe(false);
  });

  it('normalises to lower case, no marks, single spaces, trimmed', () => {
    expect(normaliseAnswer('  Kylian \t\n MBAPPÉ ')).toBe('kylian mbappe');
    expect(normaliseAnswer('')).toBe('');
  });

  it('is idempotent, case-blind and blind to surrounding and repeated whitespace, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        const once = normaliseAnswer(text);
        expect(normaliseAnswer(once)).toBe(once);
        expect(sameAnswer(text.toUpperCase(), text.toLowerCase())).toBe(true);
        expect(sameAnswer(` ${text.replace(/ /g, '   ')}\t`, text)).toBe(true);
        expect(once).not.toMatch(/^\s|\s$|\s\s|\p{M}/u);
      }),
    );
  });
});

describe('bonusAnswerPoints', () => {
  it('gives 20 for a right answer, 0 for a wrong one or none, null while unsettled', () => {
    expect(bonusAnswerPoints('kylian mbappe', ['Kylian Mbappé'])).toBe(20);
    expect(bonusAnswerPoints('Harry Kane', ['Kylian Mbappé'])).toBe(0);
    expect(bonusAnswerPoints(null, ['Kylian Mbappé'])).toBe(0);
    expect(bonusAnswerPoints('Kylian Mbappé', null)).toBeNull();
    // Ids (a team's, a squad player's) compare as themselves.
    expect(bonusAnswerPoints('17', ['17'])).toBe(20);
    expect(bonusAnswerPoints('17', ['170'])).toBe(0);
  });

  it('counts every player level as top scorer right', () => {
    expect(bonusAnswerPoints('Harry Kane', ['Harry Kane', 'Jude Bellingham'])).toBe(20);
    expect(bonusAnswerPoints('Jude Bellingham', ['Harry Kane', 'Jude Bellingham'])).toBe(20);
  });
});

describe('topScorers', () => {
  it('finds the player with the most goals, own goals not counted, spellings grouped', () => {
    expect(
      topScorers([
        { name: 'Kylian Mbappé' },
        { name: 'Harry Kane' },
        { name: 'Kylian Mbappe' },
        { name: 'Harry Kane', owngoal: true },
        { name: 'Harry Kane', owngoal: true },
      ]),
    ).toEqual({ names: ['Kylian Mbappé'], goals: 2 });
  });

  it('gives every player level on the most goals, and nobody before a goal', () => {
    expect(topScorers([{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'B' }, { name: 'A' }])).toEqual({ names: ['A', 'B'], goals: 2 });
    expect(topScorers([])).toEqual({ names: [], goals: 0 });
    expect(topScorers([{ name: 'A', owngoal: true }])).toEqual({ names: [], goals: 0 });
  });
});

describe('custom questions of a private league', () => {
  const NOW = Date.parse('2026-06-01T12:00:00Z');
  const valid: CustomQuestionDraft = { text: 'How many goals will Haaland score?', kind: 'number', points: 10, locks_at: '2026-06-11T19:00:00Z' };
  const errorsOf = (draft: Partial<CustomQuestionDraft>, existingCount = 0) => customQuestionErrors({ ...valid, ...draft }, { existingCount, nowMs: NOW });

  it('accepts a text, an options or a number question, 5 to 50 points', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ kind: 'text', text: 'Who will be the surprise of the tournament?', points: 5 })).toEqual({});
    expect(errorsOf({ kind: 'options', options: ['Yes', 'No'], points: 50, locks_at: '2026-06-11T13:00:00.000-06:00' })).toEqual({});
  });

  it('refuses points outside 5–50 or not whole', () => {
    for (const points of [4, 51, 0, -5, 7.5, '10', null, Number.NaN]) {
      expect(errorsOf({ points })).toEqual({ points: ['A question is worth 5 to 50 points, in whole points.'] });
    }
  });

  it('refuses a sixth question in a league', () => {
    expect(CUSTOM_QUESTION_RULES.maxPerLeague).toBe(5);
    expect(errorsOf({}, 4)).toEqual({});
    expect(errorsOf({}, 5)).toEqual({ questions: ['A league has at most 5 questions of its own.'] });
  });

  it('needs the question written, at most 200 characters', () => {
    expect(errorsOf({ text: '   ' })).toEqual({ text: ['Write the question.'] });
    expect(errorsOf({ text: 42 })).toEqual({ text: ['Write the question.'] });
    expect(errorsOf({ text: 'x'.repeat(200) })).toEqual({});
    expect(errorsOf({ text: 'x'.repeat(201) })).toEqual({ text: ['A question is at most 200 characters.'] });
  });

  it('knows three kinds of answer', () => {
    expect(errorsOf({ kind: 'date' })).toEqual({ kind: ['The answer is text, options, number.'] });
  });

  it('needs 2 to 10 distinct written options for an options question, and none for the others', () => {
    const options = (o: unknown) => errorsOf({ kind: 'options', options: o });
    expect(options(['Yes'])).toEqual({ options: ['Give 2 to 10 options.'] });
    expect(options(Array.from({ length: 11 }, (_, i) => `Option ${i}`))).toEqual({ options: ['Give 2 to 10 options.'] });
    expect(options(undefined)).toEqual({ options: ['Give 2 to 10 options.'] });
    expect(options(['Yes', ' '])).toEqual({ options: ['Write every option.'] });
    expect(options(['Yes', 3])).toEqual({ options: ['Write every option.'] });
    expect(options(['Mbappé', 'MBAPPE'])).toEqual({ options: ['Two options are the same.'] });
    expect(options(['Yes', 'x'.repeat(81)])).toEqual({ options: ['An option is at most 80 characters.'] });
    expect(errorsOf({ kind: 'number', options: ['1', '2'] })).toEqual({ options: ['Only a question with options has options.'] });
    expect(errorsOf({ kind: 'text', options: null })).toEqual({});
  });

  it('needs a lock moment to come, with its offset, on a real day', () => {
    const lock = (locks_at: unknown) => errorsOf({ locks_at }).locks_at;
    expect(lock('2026-06-01T12:00:01Z')).toBeUndefined();
    expect(lock('2026-06-01T12:00:00Z')).toEqual(['The moment answers lock must be in the future.']);
    expect(lock('2026-05-01T12:00:00Z')).toEqual(['The moment answers lock must be in the future.']);
    for (const bad of ['2026-06-11', '2026-06-11T19:00:00', '2026-06-31T19:00:00Z', '2026-13-01T19:00Z', 'soon', 1781204400000, null]) {
      expect(lock(bad)).toEqual(['Give the moment answers lock as a date and time with its offset.']);
    }
  });

  it('reports every field at once', () => {
    expect(Object.keys(customQuestionErrors({ text: '', kind: 'x', options: [1], points: 99, locks_at: 'x' }, { existingCount: 5, nowMs: NOW })).sort()).toEqual(
      ['kind', 'locks_at', 'options', 'points', 'questions', 'text'],
    );
  });

  it('checks a fan’s answer against the question’s kind', () => {
    expect(customAnswerErrors({ kind: 'number', options: null }, 3)).toEqual({});
    expect(customAnswerErrors({ kind: 'number', options: null }, -2.5)).toEqual({});
    expect(customAnswerErrors({ kind: 'number', options: null }, '3')).toEqual({ answer: ['Give a number between −1000000000 and 1000000000.'] });
    expect(customAnswerErrors({ kind: 'number', options: null }, Number.POSITIVE_INFINITY)).toHaveProperty('answer');
    expect(customAnswerErrors({ kind: 'number', options: null }, 2e9)).toHaveProperty('answer');
    expect(customAnswerErrors({ kind: 'options', options: ['Yes', 'No'] }, 'yes')).toEqual({});
    expect(customAnswerErrors({ kind: 'options', options: ['Yes', 'No'] }, 'Maybe')).toEqual({ answer: ['Choose one of the options.'] });
    expect(customAnswerErrors({ kind: 'options', options: ['Yes', 'No'] }, 1)).toEqual({ answer: ['Choose one of the options.'] });
    expect(customAnswerErrors({ kind: 'text', options: null }, 'Morocco')).toEqual({});
    expect(customAnswerErrors({ kind: 'text', options: null }, '  ')).toEqual({ answer: ['Write an answer.'] });
    expect(customAnswerErrors({ kind: 'text', options: null }, 'x'.repeat(101))).toEqual({ answer: ['An answer is at most 100 characters.'] });
  });

  it('scores a settled answer: its points when right (text and options accent-blind, a number exactly)', () => {
    expect(customAnswerPoints({ kind: 'text', points: 15 }, 'curacao', 'Curaçao')).toBe(15);
    expect(customAnswerPoints({ kind: 'options', points: 5 }, 'no', 'Yes')).toBe(0);
    expect(customAnswerPoints({ kind: 'number', points: 50 }, 7, 7)).toBe(50);
    expect(customAnswerPoints({ kind: 'number', points: 50 }, 6, 7)).toBe(0);
    expect(customAnswerPoints({ kind: 'number', points: 50 }, null, 7)).toBe(0);
    expect(customAnswerPoints({ kind: 'number', points: 50 }, 7, null)).toBeNull();
  });
});

describe('bonus answers reveal', () => {
  const NOW = Date.parse('2026-06-11T19:00:00Z');

  it('hides answers until the lock (a competition’s first kick-off), reveals them at that instant and after', () => {
    expect(bonusAnswersRevealed({ locks_at: '2026-06-11T19:00:01Z' }, NOW)).toBe(false);
    expect(bonusAnswersRevealed({ locks_at: '2026-06-11T19:00:00Z' }, NOW)).toBe(true);
    expect(bonusAnswersRevealed({ locks_at: '2026-06-11T13:00:00-06:00' }, NOW)).toBe(true);
    expect(bonusAnswersRevealed({ locks_at: null }, NOW)).toBe(false);
  });

  it('reveals at the same instant as a gameweek whose deadline is that kick-off', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3_600_000, max: 3_600_000 }), (offsetMs) => {
        const kickOff = new Date(NOW + offsetMs).toISOString();
        expect(bonusAnswersRevealed({ locks_at: kickOff }, NOW)).toBe(picksRevealed({ status: 'upcoming', deadline: kickOff, is_open: false }, NOW));
      }),
    );
  });

  it('takes answers until the save margin before the lock, never once revealed', () => {
    expect(bonusAnswersOpen({ locks_at: '2026-06-11T19:00:02Z' }, NOW, 1000)).toBe(true);
    expect(bonusAnswersOpen({ locks_at: '2026-06-11T19:00:01Z' }, NOW, 1000)).toBe(false);
    expect(bonusAnswersOpen({ locks_at: '2026-06-11T19:00:01Z' }, NOW)).toBe(true);
    expect(bonusAnswersOpen({ locks_at: null }, NOW)).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), fc.nat(5000), (offsetMs, marginMs) => {
        const locks = { locks_at: new Date(NOW + offsetMs).toISOString() };
        expect(bonusAnswersOpen(locks, NOW, marginMs) && bonusAnswersRevealed(locks, NOW)).toBe(false);
      }),
    );
  });
});
