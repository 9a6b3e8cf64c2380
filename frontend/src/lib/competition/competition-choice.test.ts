// @vitest-environment jsdom
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { Competition } from '@scoreline/contracts/api/competitions';
import { competitionChoiceAtom } from './competition-choice.atom';
import {
  cleanCompetitionChoice,
  carriesDefaultAnswers,
  COMPETITION_STORAGE_KEY,
  competitionParam,
  keepPreviousInCompetition,
  NO_COMPETITION_CHOICE,
  offersSeveral,
  reconcileCompetitionChoice,
  serverDefaultCompetition,
  withServerCompetition,
  type CompetitionChoice,
} from './competition-choice';

const competition = (code: string, playing: boolean): Competition => ({
  code,
  name: code,
  kind: code === 'fifa.wc' ? 'tournament' : 'league',
  season: { id: code.length, name: `${code} 2026` },
  first_kickoff: null,
  playing,
  team: null,
  team_locked: false,
});

const choice = (over: Partial<CompetitionChoice>): CompetitionChoice => ({ ...NO_COMPETITION_CHOICE, ...over });

describe('the competition choice', () => {
  it('names the competition in requests only when it is not the saved preference (the server default, what early answers are)', () => {
    expect(competitionParam(choice({ chosen: null, saved: 'en.1' }))).toBeUndefined();
    expect(competitionParam(choice({ chosen: 'en.1', saved: 'en.1' }))).toBeUndefined();
    expect(competitionParam(choice({ chosen: 'fifa.wc', saved: 'en.1' }))).toBe('fifa.wc');
    expect(competitionParam(choice({ chosen: 'fifa.wc', saved: null }))).toBe('fifa.wc');
  });

  it('keeps only competition codes from the cache', () => {
    expect(cleanCompetitionChoice({ chosen: 'fifa.wc', saved: 'EN 1', auto: 'yes', several: true })).toEqual({ chosen: 'fifa.wc', saved: null, auto: false, several: true });
    expect(cleanCompetitionChoice('nonsense')).toEqual(NO_COMPETITION_CHOICE);
  });

  it("follows the server's saved preference unless the fan chose otherwise on this device since", () => {
    // Another device switched: this one follows.
    expect(withServerCompetition(choice({ chosen: 'en.1', saved: 'en.1' }), 'fifa.wc')).toMatchObject({ chosen: 'fifa.wc', saved: 'fifa.wc' });
    // First answer after sign-in; and a choice made for the fan, not by them.
    expect(withServerCompetition(choice({}), 'fifa.wc')).toMatchObject({ chosen: 'fifa.wc', saved: 'fifa.wc' });
    expect(withServerCompetition(choice({ chosen: 'en.1', auto: true }), 'fifa.wc')).toMatchObject({ chosen: 'fifa.wc', auto: false });
    // A switch still saving, or a link that named one: the fan's choice stays.
    expect(withServerCompetition(choice({ chosen: 'fifa.wc', saved: 'en.1' }), 'uefa.cl')).toMatchObject({ chosen: 'fifa.wc', saved: 'uefa.cl' });
    const same = choice({ chosen: 'fifa.wc', saved: 'en.1' });
    expect(withServerCompetition(same, 'en.1')).toBe(same);
  });

  it('drops a competition no longer played and names one whenever the switcher shows', () => {
    const one = [competition('en.1', true)];
    const two = [competition('en.1', true), competition('fifa.wc', true)];
    // One competition: nothing chosen, as before competitions existed.
    expect(reconcileCompetitionChoice(choice({}), one)).toEqual(choice({}));
    expect(offersSeveral(one)).toBe(false);
    // The World Cup ended: its choice would answer 404.
    expect(reconcileCompetitionChoice(choice({ chosen: 'fifa.wc', saved: 'en.1' }), one)).toMatchObject({ chosen: null });
    // Several: the saved one when played, else the first played, else the first; marked as made for the fan.
    expect(reconcileCompetitionChoice(choice({ saved: 'fifa.wc' }), two)).toEqual(choice({ chosen: 'fifa.wc', saved: 'fifa.wc', auto: true, several: true }));
    expect(reconcileCompetitionChoice(choice({}), [competition('en.1', false), competition('fifa.wc', true)])).toMatchObject({ chosen: 'fifa.wc', several: true });
    expect(reconcileCompetitionChoice(choice({}), [competition('en.1', false), competition('fifa.wc', false)])).toMatchObject({ chosen: 'en.1' });
    const settled = choice({ chosen: 'en.1', several: true });
    expect(reconcileCompetitionChoice(settled, two)).toBe(settled);
  });
});

/** The atom as the first screen of a page load reads it (a fresh store). */
describe("a fresh device's answers for the server's default", () => {
  const list = [competition('fifa.wc', true), competition('en.1', true), competition('uefa.cl', false)];

  it("names the server's default as it does: the saved one while played, else the first played, else the first listed", () => {
    expect(serverDefaultCompetition(list, 'en.1')).toBe('en.1');
    // Saved, on offer, but no longer played: the server answers for the first played.
    expect(serverDefaultCompetition(list, 'uefa.cl')).toBe('fifa.wc');
    expect(serverDefaultCompetition(list, null)).toBe('fifa.wc');
    expect(serverDefaultCompetition(list, 'gone.1')).toBe('fifa.wc');
    expect(serverDefaultCompetition([competition('en.1', false), competition('uefa.cl', false)], null)).toBe('en.1');
    expect(serverDefaultCompetition([], null)).toBeNull();
  });

  it('carries them to the competition named once it is the one they answered for, not to another', () => {
    const fresh = NO_COMPETITION_CHOICE;
    // The saved preference named it: its requests still name none, the same request.
    expect(carriesDefaultAnswers(fresh, withServerCompetition(fresh, 'en.1'), undefined)).toBe(true);
    // None saved: picked for the fan as the first they play, the server's default.
    const picked = reconcileCompetitionChoice(withServerCompetition(fresh, null), list);
    expect(picked).toMatchObject({ chosen: 'fifa.wc', auto: true });
    expect(carriesDefaultAnswers(fresh, picked, list)).toBe(true);
    expect(carriesDefaultAnswers(fresh, picked, undefined)).toBe(false);
    // Chosen by the fan or a link, or not the server's default: asked for.
    expect(carriesDefaultAnswers(fresh, choice({ chosen: 'fifa.wc' }), list)).toBe(false);
    expect(carriesDefaultAnswers(fresh, choice({ chosen: 'en.1', auto: true }), list)).toBe(false);
    // Not from a null key, or back to none: nothing to carry.
    expect(carriesDefaultAnswers(choice({ chosen: 'en.1', saved: 'en.1' }), choice({ chosen: 'fifa.wc', saved: 'fifa.wc' }), list)).toBe(false);
    expect(carriesDefaultAnswers(fresh, fresh, list)).toBe(false);
  });
});

const mounted = () => createStore().get(competitionChoiceAtom);

describe('placeholders between pages', () => {
  it("keep the previous page of the same competition, never another competition's", () => {
    const keep = keepPreviousInCompetition('fifa.wc');
    expect(keep('page 1', { queryKey: ['results', 'gameweek', 1, 'fifa.wc'] })).toBe('page 1');
    expect(keep('page 1', { queryKey: ['results', 'gameweek', 1, 'en.1'] })).toBeUndefined();
    expect(keep(undefined, undefined)).toBeUndefined();
  });
});

describe('the competition choice atom', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("starts from this browser's copy, and from a link's ?competition= when the page opens at one", () => {
    localStorage.setItem(COMPETITION_STORAGE_KEY, JSON.stringify({ chosen: 'en.1', saved: 'en.1', auto: false, several: true }));
    expect(mounted()).toEqual({ chosen: 'en.1', saved: 'en.1', auto: false, several: true });

    window.history.replaceState(null, '', '/dashboard?competition=fifa.wc');
    expect(mounted()).toEqual({ chosen: 'fifa.wc', saved: 'en.1', auto: false, several: true });

    window.history.replaceState(null, '', '/dashboard?competition=NOT%20A%20CODE');
    expect(mounted().chosen).toBe('en.1');
  });

  it('keeps a switch for the next visit', () => {
    const store = createStore();
    store.set(competitionChoiceAtom, choice({ chosen: 'fifa.wc', saved: 'en.1' }));
    expect(JSON.parse(localStorage.getItem(COMPETITION_STORAGE_KEY) ?? 'null')).toMatchObject({ chosen: 'fifa.wc', saved: 'en.1' });
    expect(mounted()).toMatchObject({ chosen: 'fifa.wc' });
  });
});
