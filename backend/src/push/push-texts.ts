import type { LanguageSetting } from '@scoreline/contracts/api/preferences';
import type { PushAction } from '@scoreline/contracts/api/push';
import { roundPhrase, type RoundRef } from '../mail/notification-texts';

export type { RoundRef };

/** A round named as the emails name it ("Gameweek 12", "jornada 12"; a tournament's "Round of 32", "ronda «Round of 32»"). */
const round = (language: LanguageSetting) => (r: RoundRef) => roundPhrase(language, r);
const EN_ROUND = round('en');
const ES_ROUND = round('es');
const FR_ROUND = round('fr');
const DE_ROUND = round('de');

/**
 * Every sentence of the push notifications, per language (English is the original). A push is
 * read on a lock screen: a short title that says what happened, one line of detail.
 */
export interface PushTexts {
  points: (n: number) => string;
  joinRequest: { title: (league: string) => string; body: (requester: string, message: string) => string };
  actions: Record<PushAction, string>;
  approved: { title: (league: string) => string; body: string };
  rejected: { title: (league: string) => string; body: string };
  deadline: { title: (round: RoundRef) => string; body: (predicted: number, total: number) => string };
  goal: { title: (home: string, homeScore: number, awayScore: number, away: string) => string; body: (predicted: string, points: string) => string };
  gameweekFinal: { title: (round: RoundRef) => string; body: (points: string, rank: number | null, before: number | null) => string };
}

/** "up 3 places" / "down 1 place" / "no change", per language. */
const move = (up: (n: number) => string, down: (n: number) => string, same: string) => (rank: number, before: number | null) =>
  before === null || before === rank ? same : before > rank ? up(before - rank) : down(rank - before);

const EN_MOVE = move((n) => `up ${n} ${n === 1 ? 'place' : 'places'}`, (n) => `down ${n} ${n === 1 ? 'place' : 'places'}`, 'no change');
const ES_MOVE = move((n) => `subes ${n} ${n === 1 ? 'puesto' : 'puestos'}`, (n) => `bajas ${n} ${n === 1 ? 'puesto' : 'puestos'}`, 'sin cambios');
const FR_MOVE = move((n) => `+${n} ${n === 1 ? 'place' : 'places'}`, (n) => `−${n} ${n === 1 ? 'place' : 'places'}`, 'inchangé');
const DE_MOVE = move((n) => `${n} ${n === 1 ? 'Platz' : 'Plätze'} nach oben`, (n) => `${n} ${n === 1 ? 'Platz' : 'Plätze'} nach unten`, 'unverändert');

const score = (h: number, a: number) => `${h}–${a}`;

export const PUSH_TEXTS: Record<LanguageSetting, PushTexts> = {
  en: {
    points: (n) => `${n} ${n === 1 ? 'point' : 'points'}`,
    joinRequest: { title: (l) => `Join request for ${l}`, body: (r, m) => (m ? `${r}: “${m}”` : `${r} would like to join.`) },
    actions: { approve: 'Approve', reject: 'Reject' },
    approved: { title: (l) => `You're in ${l}`, body: 'Your join request was approved. See the table.' },
    rejected: { title: (l) => `Request to ${l} declined`, body: 'The owner declined your join request.' },
    deadline: { title: (g) => `${EN_ROUND(g)} locks soon`, body: (p, t) => `You have predicted ${p} of ${t} matches. Finish before kick-off.` },
    goal: { title: (h, hs, as, a) => `Goal! ${h} ${score(hs, as)} ${a}`, body: (p, pts) => `Your ${p}: ${pts} for now.` },
    gameweekFinal: {
      title: (g) => `${EN_ROUND(g)} is final`,
      body: (pts, r, b) => (r === null ? `You scored ${pts}.` : `You scored ${pts}. Global rank ${r} (${EN_MOVE(r, b)}).`),
    },
  },
  es: {
    points: (n) => `${n} ${n === 1 ? 'punto' : 'puntos'}`,
    joinRequest: { title: (l) => `Solicitud para unirse a ${l}`, body: (r, m) => (m ? `${r}: «${m}»` : `${r} quiere unirse.`) },
    actions: { approve: 'Aprobar', reject: 'Rechazar' },
    approved: { title: (l) => `Ya estás en ${l}`, body: 'Tu solicitud fue aprobada. Mira la clasificación.' },
    rejected: { title: (l) => `Solicitud a ${l} rechazada`, body: 'El propietario rechazó tu solicitud.' },
    deadline: { title: (g) => `La ${ES_ROUND(g)} se cierra pronto`, body: (p, t) => `Has pronosticado ${p} de ${t} partidos. Termina antes del inicio.` },
    goal: { title: (h, hs, as, a) => `¡Gol! ${h} ${score(hs, as)} ${a}`, body: (p, pts) => `Tu ${p}: ${pts} por ahora.` },
    gameweekFinal: {
      title: (g) => `La ${ES_ROUND(g)} es definitiva`,
      body: (pts, r, b) => (r === null ? `Has sumado ${pts}.` : `Has sumado ${pts}. Puesto global ${r} (${ES_MOVE(r, b)}).`),
    },
  },
  fr: {
    points: (n) => `${n} ${n === 1 ? 'point' : 'points'}`,
    joinRequest: { title: (l) => `Demande pour rejoindre ${l}`, body: (r, m) => (m ? `${r} : « ${m} »` : `${r} souhaite rejoindre la ligue.`) },
    actions: { approve: 'Accepter', reject: 'Refuser' },
    approved: { title: (l) => `Vous êtes dans ${l}`, body: 'Votre demande a été acceptée. Voir le classement.' },
    rejected: { title: (l) => `Demande pour ${l} refusée`, body: 'Le propriétaire a refusé votre demande.' },
    deadline: { title: (g) => `La ${FR_ROUND(g)} ferme bientôt`, body: (p, t) => `Vous avez pronostiqué ${p} matchs sur ${t}. Terminez avant le coup d’envoi.` },
    goal: { title: (h, hs, as, a) => `But ! ${h} ${score(hs, as)} ${a}`, body: (p, pts) => `Votre ${p} : ${pts} pour l’instant.` },
    gameweekFinal: {
      title: (g) => `La ${FR_ROUND(g)} est définitive`,
      body: (pts, r, b) => (r === null ? `Vous avez marqué ${pts}.` : `Vous avez marqué ${pts}. Rang mondial ${r} (${FR_MOVE(r, b)}).`),
    },
  },
  de: {
    points: (n) => `${n} ${n === 1 ? 'Punkt' : 'Punkte'}`,
    joinRequest: { title: (l) => `Beitrittsanfrage für ${l}`, body: (r, m) => (m ? `${r}: „${m}“` : `${r} möchte beitreten.`) },
    actions: { approve: 'Annehmen', reject: 'Ablehnen' },
    approved: { title: (l) => `Du bist in ${l}`, body: 'Deine Beitrittsanfrage wurde angenommen. Zur Tabelle.' },
    rejected: { title: (l) => `Anfrage für ${l} abgelehnt`, body: 'Der Besitzer hat deine Anfrage abgelehnt.' },
    deadline: { title: (g) => `${DE_ROUND(g)} schließt bald`, body: (p, t) => `Du hast ${p} von ${t} Spielen getippt. Tippe vor dem Anpfiff fertig.` },
    goal: { title: (h, hs, as, a) => `Tor! ${h} ${score(hs, as)} ${a}`, body: (p, pts) => `Dein Tipp ${p}: vorläufig ${pts}.` },
    gameweekFinal: {
      title: (g) => `${DE_ROUND(g)} ist abgeschlossen`,
      body: (pts, r, b) => (r === null ? `Du hast ${pts} geholt.` : `Du hast ${pts} geholt. Weltrang ${r} (${DE_MOVE(r, b)}).`),
    },
  },
};

export const pushTexts = (language: LanguageSetting): PushTexts => PUSH_TEXTS[language] ?? PUSH_TEXTS.en;

/** A text cut to `max` characters with an ellipsis (a lock screen shows two lines at most). */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export { score as scoreText };
