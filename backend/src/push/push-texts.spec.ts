import { pushTexts } from './push-texts';

describe('push texts naming a round', () => {
  it("keeps a league's matchday as it was, in every language", () => {
    const league = { number: 12, name: null };
    expect(pushTexts('en').deadline.title(league)).toBe('Gameweek 12 locks soon');
    expect(pushTexts('en').gameweekFinal.title(league)).toBe('Gameweek 12 is final');
    expect(pushTexts('es').deadline.title(league)).toBe('La jornada 12 se cierra pronto');
    expect(pushTexts('fr').gameweekFinal.title(league)).toBe('La journée 12 est définitive');
    expect(pushTexts('de').deadline.title({ number: 12 })).toBe('Spieltag 12 schließt bald');
  });

  it("names a tournament's round by its name, as the emails do", () => {
    const round = { number: 103, name: 'Round of 32' };
    expect(pushTexts('en').deadline.title(round)).toBe('Round of 32 locks soon');
    expect(pushTexts('en').gameweekFinal.title({ number: 1, name: 'League, Matchday 1' })).toBe('League phase · Matchday 1 is final');
    expect(pushTexts('es').gameweekFinal.title(round)).toBe('La ronda «Round of 32» es definitiva');
    expect(pushTexts('fr').deadline.title(round)).toBe('La phase « Round of 32 » ferme bientôt');
    expect(pushTexts('de').gameweekFinal.title({ number: 108, name: 'Final' })).toBe('Runde „Final“ ist abgeschlossen');
  });
});
