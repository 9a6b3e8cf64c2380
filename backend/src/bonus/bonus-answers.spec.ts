import { bonusQuestionsOf } from '@scoreline/contracts/game/bonus-questions';
import { checkAnswers, checkRightAnswers, toSquadSpellings } from './bonus-answers';

const league = bonusQuestionsOf({ format: 'league', hasSquads: false });
const tournament = bonusQuestionsOf({ format: 'tournament', hasSquads: false });
const teams = new Set([1, 2, 3]);

describe("checking a fan's bonus answers", () => {
  it('takes a team of the season, a name, and null to clear', () => {
    const { writes, errors } = checkAnswers(league, teams, { champion: 2, top_scorer: '  Erling Haaland ', bottom: null });
    expect(errors).toEqual({});
    expect(writes).toEqual([
      { question: 'champion', team_id: 2, player_name: null, clear: false },
      { question: 'top_scorer', team_id: null, player_name: 'Erling Haaland', clear: false },
      { question: 'bottom', team_id: null, player_name: null, clear: true },
    ]);
  });

  it('names each field that is wrong', () => {
    const { errors } = checkAnswers(league, teams, { champion: 9, top_scorer: 'x'.repeat(101), bottom: '2' });
    expect(Object.keys(errors).sort()).toEqual(['answers.bottom', 'answers.champion', 'answers.top_scorer']);
    expect(checkAnswers(league, teams, { top_scorer: 'Bad\u0000Name' }).errors['answers.top_scorer']).toHaveLength(1);
    expect(checkAnswers(league, teams, { top_scorer: '   ' }).errors['answers.top_scorer']).toHaveLength(1);
    expect(checkAnswers(league, teams, { champion: 1.5 }).errors['answers.champion']).toHaveLength(1);
  });

  it('refuses a question the competition does not ask, and an empty set', () => {
    expect(checkAnswers(tournament, teams, { bottom: 1 }).errors['answers.bottom']).toEqual(['This competition asks champion, top_scorer.']);
    expect(checkAnswers(tournament, teams, { __proto__x: 1 }).errors['answers.__proto__x']).toHaveLength(1);
    expect(checkAnswers(league, teams, {}).errors.answers).toHaveLength(1);
  });
});

describe("checking an operator's right answers", () => {
  const [champion, topScorer] = league;
  it('takes team ids of the season for a team question, names for the top scorer', () => {
    expect(checkRightAnswers(champion, teams, [3])).toEqual({ values: ['3'], error: null });
    expect(checkRightAnswers(topScorer, teams, ['Harry Kane', 'Mohamed Salah'])).toEqual({ values: ['Harry Kane', 'Mohamed Salah'], error: null });
  });

  it('refuses none, too many, a stranger team, a repeated answer', () => {
    expect(checkRightAnswers(champion, teams, []).error).not.toBeNull();
    expect(checkRightAnswers(champion, teams, 'Arsenal').error).not.toBeNull();
    expect(checkRightAnswers(topScorer, teams, Array.from({ length: 21 }, (_, i) => `P${i}`)).error).not.toBeNull();
    expect(checkRightAnswers(champion, teams, [7]).error).not.toBeNull();
    expect(checkRightAnswers(champion, teams, ['1']).error).not.toBeNull();
    expect(checkRightAnswers(champion, teams, [1, 1]).error).toBe('Two right answers are the same.');
    expect(checkRightAnswers(topScorer, teams, ['', 'Kane']).error).not.toBeNull();
  });
});

describe('a top-scorer answer where the competition has squads', () => {
  const withSquads = bonusQuestionsOf({ format: 'tournament', hasSquads: true });
  const squad = new Map([['kylian mbappe', 'Kylian Mbappé'], ['harry kane', 'Harry Kane']]);
  const spellingOf = async (name: string) => squad.get(name.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')) ?? null;

  it("is stored as the squad spells the player, whatever the case and accents typed", async () => {
    const checked = checkAnswers(withSquads, teams, { champion: 1, top_scorer: '  kylian MBAPPE ' });
    const { writes, errors } = await toSquadSpellings(withSquads, checked, spellingOf);
    expect(errors).toEqual({});
    expect(writes).toEqual([
      { question: 'champion', team_id: 1, player_name: null, clear: false },
      { question: 'top_scorer', team_id: null, player_name: 'Kylian Mbappé', clear: false },
    ]);
  });

  it('refuses a name no player of the squads has, naming the field, and still clears', async () => {
    const { writes, errors } = await toSquadSpellings(withSquads, checkAnswers(withSquads, teams, { top_scorer: 'Pelé' }), spellingOf);
    expect(writes).toEqual([]);
    expect(errors).toEqual({ 'answers.top_scorer': ['Choose a player of the squads of this competition.'] });
    const cleared = await toSquadSpellings(withSquads, checkAnswers(withSquads, teams, { top_scorer: null }), spellingOf);
    expect(cleared).toEqual({ writes: [{ question: 'top_scorer', team_id: null, player_name: null, clear: true }], errors: {} });
  });

  it('leaves a typed name as it is where the competition has no squads', async () => {
    const { writes } = await toSquadSpellings(league, checkAnswers(league, teams, { top_scorer: 'Pelé' }), spellingOf);
    expect(writes).toEqual([{ question: 'top_scorer', team_id: null, player_name: 'Pelé', clear: false }]);
  });
});
