import { describe, expect, it } from 'vitest';
import type { Activity } from '@scoreline/contracts/api/leagues';
import { i18n } from '@/lib/i18n';
import { makeActivity } from '../testing/fixtures';
import { activityLine, activityText, relativeTime } from './activity-text';

const LEAGUE = 'Office Predictors';
const NOW = new Date('2026-09-01T12:00:00Z');
const tIn = (language: 'en' | 'es' | 'fr' | 'de') => i18n.getFixedT(language, 'activity');

/** Entries as the server writes them now: its English texts and the metadata behind them. */
const ENTRIES: Record<string, Activity> = {
  created: makeActivity(1, { kind: 'member_joined', display_message: `Ada Lovelace created ${LEAGUE}`, description: 'Created the league.', metadata: { via: 'create' } }),
  joined: makeActivity(2, { kind: 'member_joined', display_message: `Ada Lovelace joined ${LEAGUE}`, description: 'Welcome to the league!', metadata: { via: 'join' } }),
  approvedJoin: makeActivity(3, {
    kind: 'member_joined',
    display_message: `Ada Lovelace joined ${LEAGUE}`,
    description: 'Joined after the owner approved their request.',
    metadata: { via: 'approval' },
  }),
  left: makeActivity(4, {
    kind: 'member_left',
    display_message: `Ada Lovelace left ${LEAGUE}`,
    description: 'Left the league.',
    target_name: 'Ada Lovelace',
    metadata: { via: 'left' },
  }),
  removed: makeActivity(5, {
    kind: 'member_left',
    display_message: `Ada Lovelace was removed from ${LEAGUE}`,
    description: 'Removed by the league owner.',
    actor_name: 'Olive Owner',
    target_name: 'Ada Lovelace',
    metadata: { via: 'removed' },
  }),
  movedAway: makeActivity(6, {
    kind: 'member_left',
    display_message: `Ada Lovelace left ${LEAGUE}`,
    description: 'Changed their preferences.',
    target_name: 'Ada Lovelace',
    metadata: { via: 'preferences' },
  }),
  approved: makeActivity(7, {
    kind: 'request_approved',
    display_message: "Olive Owner approved Ada Lovelace's request to join",
    description: `A new member for ${LEAGUE}.`,
    actor_name: 'Olive Owner',
    target_name: 'Ada Lovelace',
  }),
  exact: makeActivity(8, {
    kind: 'exact_score',
    display_message: 'Ada Lovelace called the exact score: Arsenal 2–1 Chelsea',
    description: 'Gameweek 5',
    metadata: { points: 20, fixture_id: 9, gameweek: 5, banker: false, home: 'Arsenal', away: 'Chelsea', home_score: 2, away_score: 1 },
  }),
  exactBanker: makeActivity(9, {
    kind: 'exact_score',
    display_message: 'Ada Lovelace called the exact score: Arsenal 1–1 Chelsea',
    description: 'Gameweek 5 · banker, double points',
    metadata: { points: 60, fixture_id: 9, gameweek: 5, banker: true, home: 'Arsenal', away: 'Chelsea', home_score: 1, away_score: 1 },
  }),
  banker: makeActivity(10, {
    kind: 'banker_hit',
    display_message: "Ada Lovelace's banker paid off: 20 points on Arsenal v Chelsea",
    description: 'Gameweek 5',
    metadata: { points: 20, fixture_id: 9, gameweek: 5, banker: true, home: 'Arsenal', away: 'Chelsea', home_score: 3, away_score: 0 },
  }),
  top: makeActivity(11, {
    kind: 'gameweek_scored',
    display_message: 'Ada Lovelace top-scored Gameweek 5 with 85 points',
    description: '2 exact scores this gameweek.',
    metadata: { points: 85, gameweek: 5, top: true, exact: 2 },
  }),
  scored: makeActivity(12, {
    kind: 'gameweek_scored',
    display_message: 'Ada Lovelace scored 40 points in Gameweek 5',
    description: '1 exact score this gameweek.',
    metadata: { points: 40, gameweek: 5, top: false, exact: 1 },
  }),
  climbed: makeActivity(13, {
    kind: 'rank_climbed',
    display_message: 'Ada Lovelace climbed to #3',
    description: 'Up 4 places after Gameweek 5.',
    metadata: { rank: 3, improvement: 4, gameweek: 5 },
  }),
  climbedFirst: makeActivity(14, {
    kind: 'rank_climbed',
    display_message: 'Ada Lovelace climbed to #1',
    description: 'Up 1 place after Gameweek 5.',
    metadata: { rank: 1, improvement: 1, gameweek: 5 },
  }),
};

const lines = (language: 'en' | 'es' | 'fr' | 'de') =>
  Object.fromEntries(Object.entries(ENTRIES).map(([name, activity]) => [name, activityLine(activity, tIn(language), LEAGUE)]));

describe('activity lines written in the browser', () => {
  it('reads in English exactly like the server wrote it', () => {
    for (const [name, line] of Object.entries(lines('en'))) {
      const { display_message, description } = ENTRIES[name];
      // The server says "1 place" and "1 exact score" too; it only ever writes whole points.
      expect([name, line]).toEqual([name, { message: display_message, description }]);
    }
  });

  it('writes every kind in German', () => {
    expect(lines('de')).toEqual({
      created: { message: 'Ada Lovelace hat Office Predictors gegründet', description: 'Hat die Liga gegründet.' },
      joined: { message: 'Ada Lovelace ist Office Predictors beigetreten', description: 'Willkommen in der Liga!' },
      approvedJoin: { message: 'Ada Lovelace ist Office Predictors beigetreten', description: 'Beigetreten, nachdem der Besitzer die Anfrage angenommen hat.' },
      left: { message: 'Ada Lovelace hat Office Predictors verlassen', description: 'Hat die Liga verlassen.' },
      removed: { message: 'Ada Lovelace wurde aus Office Predictors entfernt', description: 'Vom Besitzer der Liga entfernt.' },
      movedAway: { message: 'Ada Lovelace hat Office Predictors verlassen', description: 'Hat die Einstellungen geändert.' },
      approved: { message: 'Olive Owner hat die Beitrittsanfrage von Ada Lovelace angenommen', description: 'Ein neues Mitglied für Office Predictors.' },
      exact: { message: 'Ada Lovelace hat das exakte Ergebnis getippt: Arsenal 2:1 Chelsea', description: '5. Spieltag' },
      exactBanker: { message: 'Ada Lovelace hat das exakte Ergebnis getippt: Arsenal 1:1 Chelsea', description: '5. Spieltag · Joker, doppelte Punkte' },
      banker: { message: 'Der Joker von Ada Lovelace hat sich ausgezahlt: 20 Punkte bei Arsenal – Chelsea', description: '5. Spieltag' },
      top: { message: 'Ada Lovelace hat den 5. Spieltag mit 85 Punkten gewonnen', description: '2 exakte Ergebnisse an diesem Spieltag.' },
      scored: { message: 'Ada Lovelace hat am 5. Spieltag 40 Punkte geholt', description: '1 exaktes Ergebnis an diesem Spieltag.' },
      climbed: { message: 'Ada Lovelace ist auf Platz 3 geklettert', description: '4 Plätze gutgemacht nach dem 5. Spieltag.' },
      climbedFirst: { message: 'Ada Lovelace ist auf Platz 1 geklettert', description: '1 Platz gutgemacht nach dem 5. Spieltag.' },
    });
  });

  it('writes every kind in French', () => {
    expect(lines('fr')).toEqual({
      created: { message: 'Ada Lovelace a créé Office Predictors', description: 'Création de la ligue.' },
      joined: { message: 'Ada Lovelace a rejoint Office Predictors', description: 'Bienvenue dans la ligue !' },
      approvedJoin: { message: 'Ada Lovelace a rejoint Office Predictors', description: 'Arrivée après acceptation de sa demande par le propriétaire.' },
      left: { message: 'Ada Lovelace a quitté Office Predictors', description: 'Départ de la ligue.' },
      removed: { message: 'Le propriétaire a exclu Ada Lovelace de la ligue Office Predictors', description: 'Décision du propriétaire de la ligue.' },
      movedAway: { message: 'Ada Lovelace a quitté Office Predictors', description: 'Changement de préférences.' },
      approved: { message: 'Olive Owner a accepté Ada Lovelace dans la ligue', description: 'Un nouveau membre pour Office Predictors.' },
      exact: { message: 'Ada Lovelace a trouvé le score exact : Arsenal 2–1 Chelsea', description: 'Journée 5' },
      exactBanker: { message: 'Ada Lovelace a trouvé le score exact : Arsenal 1–1 Chelsea', description: 'Journée 5 · joker, points doublés' },
      banker: { message: 'Joker gagnant pour Ada Lovelace : 20 points sur Arsenal-Chelsea', description: 'Journée 5' },
      top: { message: 'Ada Lovelace a fait le meilleur score de la journée 5 avec 85 points', description: '2 scores exacts lors de cette journée.' },
      scored: { message: 'Ada Lovelace a obtenu 40 points lors de la journée 5', description: '1 score exact lors de cette journée.' },
      climbed: { message: 'Ada Lovelace grimpe à la 3e place', description: '4 places gagnées après la journée 5.' },
      climbedFirst: { message: 'Ada Lovelace grimpe à la 1re place', description: '1 place gagnée après la journée 5.' },
    });
  });

  it('writes Spanish with its own vocabulary', () => {
    const es = lines('es');
    expect(es.exactBanker).toEqual({ message: 'Ada Lovelace ha acertado el resultado exacto: Arsenal 1–1 Chelsea', description: 'Jornada 5 · comodín, puntos dobles' });
    expect(es.joined).toEqual({ message: 'Ada Lovelace se ha unido a Office Predictors', description: '¡Te damos la bienvenida a la liga!' });
    expect(es.scored).toEqual({ message: 'Ada Lovelace ha sumado 40 puntos en la jornada 5', description: '1 resultado exacto en esta jornada.' });
  });

  it("names a tournament's round by the server's name, never by its number", () => {
    const cup: Record<string, Activity> = {
      exactBanker: makeActivity(30, {
        kind: 'exact_score',
        display_message: 'Ada Lovelace called the exact score: Brazil 2–1 Japan',
        description: 'Round of 32 · banker, double points',
        metadata: { points: 60, fixture_id: 9, gameweek: 103, round: 'Round of 32', banker: true, home: 'Brazil', away: 'Japan', home_score: 2, away_score: 1 },
      }),
      banker: makeActivity(31, {
        kind: 'banker_hit',
        display_message: "Ada Lovelace's banker paid off: 20 points on Brazil v Japan",
        description: 'Round of 32',
        metadata: { points: 20, fixture_id: 9, gameweek: 103, round: 'Round of 32', banker: true, home: 'Brazil', away: 'Japan', home_score: 2, away_score: 1 },
      }),
      top: makeActivity(32, {
        kind: 'gameweek_scored',
        display_message: 'Ada Lovelace top-scored Round of 32 with 85 points',
        description: '2 exact scores this gameweek.',
        metadata: { points: 85, gameweek: 103, round: 'Round of 32', top: true, exact: 2 },
      }),
      scored: makeActivity(33, {
        kind: 'gameweek_scored',
        display_message: 'Ada Lovelace scored 40 points in Matchday 2',
        description: '1 exact score this gameweek.',
        metadata: { points: 40, gameweek: 2, round: 'Matchday 2', top: false, exact: 1 },
      }),
      climbed: makeActivity(34, {
        kind: 'rank_climbed',
        display_message: 'Ada Lovelace climbed to #3',
        description: 'Up 4 places after Round of 32.',
        metadata: { rank: 3, improvement: 4, gameweek: 103, round: 'Round of 32' },
      }),
      won: makeActivity(35, {
        kind: 'gameweek_won',
        display_message: 'Ada Lovelace won Round of 32 with 85 points',
        description: 'Shared with 1 other player.',
        metadata: { points: 85, gameweek: 103, round: 'Round of 32', exact: 2, shared_with: 1 },
      }),
    };
    const cupLines = (language: 'en' | 'es' | 'fr' | 'de') =>
      Object.fromEntries(Object.entries(cup).map(([name, activity]) => [name, activityLine(activity, tIn(language), LEAGUE)?.[name === 'exactBanker' || name === 'banker' || name === 'climbed' ? 'description' : 'message']]));
    expect(cupLines('en')).toEqual({
      exactBanker: 'Round of 32 · banker, double points',
      banker: 'Round of 32',
      top: 'Ada Lovelace top-scored Round of 32 with 85 points',
      scored: 'Ada Lovelace scored 40 points in Matchday 2',
      climbed: 'Up 4 places after Round of 32.',
      won: 'Ada Lovelace won Round of 32 with 85 points',
    });
    expect(cupLines('es')).toEqual({
      exactBanker: 'Round of 32 · comodín, puntos dobles',
      banker: 'Round of 32',
      top: 'Ada Lovelace ha hecho la mejor puntuación de la ronda «Round of 32»: 85 puntos',
      scored: 'Ada Lovelace ha sumado 40 puntos en la ronda «Matchday 2»',
      climbed: 'Ha subido 4 puestos tras la ronda «Round of 32».',
      won: 'Ada Lovelace ganó la ronda «Round of 32» con 85 puntos',
    });
    expect(cupLines('fr')).toEqual({
      exactBanker: 'Round of 32 · joker, points doublés',
      banker: 'Round of 32',
      top: 'Ada Lovelace a fait le meilleur score de la phase « Round of 32 » avec 85 points',
      scored: 'Ada Lovelace a obtenu 40 points lors de la phase « Matchday 2 »',
      climbed: '4 places gagnées après la phase « Round of 32 ».',
      won: 'Ada Lovelace a remporté la phase « Round of 32 » avec 85 points',
    });
    expect(cupLines('de')).toEqual({
      exactBanker: 'Round of 32 · Joker, doppelte Punkte',
      banker: 'Round of 32',
      top: 'Ada Lovelace hat die Runde „Round of 32“ mit 85 Punkten gewonnen',
      scored: 'Ada Lovelace hat in der Runde „Matchday 2“ 40 Punkte geholt',
      climbed: '4 Plätze gutgemacht nach der Runde „Round of 32“.',
      won: 'Ada Lovelace hat die Runde „Round of 32“ mit 85 Punkten gewonnen',
    });
  });

  it('falls back to the server text when an entry lacks the facts its line needs', () => {
    const t = tIn('de');
    const older = [
      makeActivity(20, { kind: 'member_joined', display_message: 'Ada Lovelace joined Office Predictors', description: 'Welcome to the league!', metadata: {} }),
      makeActivity(21, { kind: 'member_left', target_name: 'Ada Lovelace', metadata: {} }),
      makeActivity(22, { kind: 'request_approved', actor_name: 'Olive Owner', target_name: null }),
      makeActivity(23, { kind: 'exact_score', metadata: { points: 20, fixture_id: 9, gameweek: 5 } }),
      makeActivity(24, { kind: 'banker_hit', metadata: { points: 20, fixture_id: 9, gameweek: 5 } }),
      makeActivity(25, { kind: 'gameweek_scored', metadata: { points: 40, gameweek: 5 } }),
      makeActivity(26, { kind: 'rank_climbed', actor_name: null, metadata: { rank: 3, improvement: 4, gameweek: 5 } }),
      makeActivity(27, { kind: 'member_joined', metadata: { via: 'left' } }),
    ];
    for (const activity of older) expect([activity.id, activityLine(activity, t, LEAGUE)]).toEqual([activity.id, null]);

    const text = activityText(older[0], { t, language: 'de', leagueName: LEAGUE, now: NOW });
    expect(text).toEqual({ message: 'Ada Lovelace joined Office Predictors', description: 'Welcome to the league!', time: 'vor 3 Stunden' });
  });

  it('keeps the server texts and time in English, and writes the rest in the language', () => {
    const entry = { ...ENTRIES.top, time_since: '3 hours ago' };
    expect(activityText(entry, { t: tIn('en'), language: 'en', leagueName: LEAGUE, now: NOW })).toEqual({
      message: 'Ada Lovelace top-scored Gameweek 5 with 85 points',
      description: '2 exact scores this gameweek.',
      time: '3 hours ago',
    });
    expect(activityText(entry, { t: tIn('fr'), language: 'fr', leagueName: LEAGUE, now: NOW })).toEqual({
      message: 'Ada Lovelace a fait le meilleur score de la journée 5 avec 85 points',
      description: '2 scores exacts lors de cette journée.',
      time: 'il y a 3 heures',
    });
  });
});

describe('relative time', () => {
  const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
  const MIN = 60 * 1000;

  it('uses the server thresholds: just now under an hour, hours under a day, then days', () => {
    const de = (ms: number) => relativeTime(ago(ms), 'de', 'Gerade eben', NOW);
    expect(de(0)).toBe('Gerade eben');
    expect(de(59 * MIN)).toBe('Gerade eben');
    expect(de(-5 * MIN)).toBe('Gerade eben');
    expect(de(60 * MIN)).toBe('vor 1 Stunde');
    expect(de(23 * 60 * MIN + 59 * MIN)).toBe('vor 23 Stunden');
    expect(de(24 * 60 * MIN)).toBe('vor 1 Tag');
    expect(de(10 * 24 * 60 * MIN)).toBe('vor 10 Tagen');
  });

  it('speaks French and Spanish, and gives up on an unreadable date', () => {
    expect(relativeTime(ago(2 * 60 * MIN), 'fr', 'À l’instant', NOW)).toBe('il y a 2 heures');
    expect(relativeTime(ago(3 * 24 * 60 * MIN), 'es', 'Justo ahora', NOW)).toBe('hace 3 días');
    expect(relativeTime('not a date', 'fr', 'À l’instant', NOW)).toBeNull();
  });
});
