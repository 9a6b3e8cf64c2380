import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { roundLabel, roundLabelOr, tournamentRoundName } from './round-label';

describe('roundLabel', () => {
  const en = i18n.getFixedT('en');
  const de = i18n.getFixedT('de');

  it("translates a league's matchday: no name, or the server's English \"Gameweek N\"", () => {
    expect(roundLabel(de, 18)).toBe('18. Spieltag');
    expect(roundLabel(de, 18, null)).toBe('18. Spieltag');
    expect(roundLabel(de, 18, '')).toBe('18. Spieltag');
    expect(roundLabel(de, 18, 'Gameweek 18')).toBe('18. Spieltag');
    expect(roundLabel(en, 18, 'Gameweek 18')).toBe('Gameweek 18');
  });

  it("shows a tournament's round by the API's name, untranslated", () => {
    expect(roundLabel(de, 18, 'Round of 32')).toBe('Round of 32');
    expect(roundLabel(en, 1, 'League phase · Matchday 1')).toBe('League phase · Matchday 1');
    expect(roundLabel(de, 3, 'Matchday 3')).toBe('Matchday 3');
  });

  it('takes "Gameweek N" of another number as a name (only the round\'s own number is a league\'s matchday)', () => {
    expect(roundLabel(de, 18, 'Gameweek 17')).toBe('Gameweek 17');
  });
});

describe('tournamentRoundName', () => {
  it("is null for a league's matchday and the name for a tournament's round", () => {
    expect(tournamentRoundName(5)).toBeNull();
    expect(tournamentRoundName(5, '  ')).toBeNull();
    expect(tournamentRoundName(5, 'Gameweek 5')).toBeNull();
    expect(tournamentRoundName(5, 'Final')).toBe('Final');
  });
});

describe('roundLabelOr', () => {
  const short = (n: number) => `GW${n}`;

  it("gives a league's matchday the screen's own words and a tournament's round its name", () => {
    expect(roundLabelOr(short, 5)).toBe('GW5');
    expect(roundLabelOr(short, 5, null)).toBe('GW5');
    expect(roundLabelOr(short, 5, 'Gameweek 5')).toBe('GW5');
    expect(roundLabelOr(short, 103, 'Round of 32')).toBe('Round of 32');
    expect(roundLabelOr(short, 1, 'Matchday 1')).toBe('Matchday 1');
  });
});
