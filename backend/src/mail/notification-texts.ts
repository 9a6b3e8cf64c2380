import { TIMEZONE_IANA, type LanguageSetting, type TimezoneSetting } from '@scoreline/contracts/api/preferences';
import { namedRound, roundName, type RoundNaming } from '@scoreline/contracts/game/round-name';

/** Who reads an email: its language and time zone come from their settings ('local': unknown, so UTC). */
export interface Reader {
  language?: LanguageSetting;
  timezone?: TimezoneSetting;
}

const LOCALES: Record<LanguageSetting, string> = { en: 'en-GB', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' };

/**
 * "Saturday 28 November, 12:30 UTC" in the reader's language and zone ("samedi 28 novembre à
 * 07:30 EST"); the zone is always named, since an email is read away from the app.
 */
export function formatWhen(at: Date, reader: Reader = {}): string {
  const language = reader.language ?? 'en';
  const zone = !reader.timezone || reader.timezone === 'local' ? 'UTC' : TIMEZONE_IANA[reader.timezone];
  const when = new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
  const zoneName =
    zone === 'UTC'
      ? 'UTC'
      : (new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? zone);
  return `${language === 'en' ? when.replace(' at ', ', ') : when} ${zoneName}`;
}

/** A round the texts name: its number and its stored name (a tournament's; null or absent for a league's matchday). */
export type RoundRef = RoundNaming;

/**
 * A round in a sentence, per language: a league's matchday as the game always named it
 * ("Gameweek 12", "jornada 12", "journée 12", "Spieltag 12"); a tournament's round by its
 * name (contracts' roundName, as the file writes it, in English) behind a noun of the same
 * gender, so the sentences around it stay as they are ("la ronda «Round of 32»").
 */
const roundIn = (league: (n: number) => string, named: (name: string) => string) => (r: RoundRef) => {
  const name = namedRound(r);
  return name === null ? league(r.number) : named(name);
};

type Count = (n: number) => string;
const counted = (one: string, many: string): Count => (n) => `${n} ${n === 1 ? one : many}`;

/** Every sentence of the notification emails, per language. English is the original. */
export interface NotificationTexts {
  hi: (name: string) => string;
  there: string;
  changeInSettings: string;
  points: Count;
  predictions: Count;
  matches: Count;
  exactScores: Count;
  otherCorrect: Count;
  minutes: Count;
  hours: Count;
  ordinal: (n: number) => string;
  /** A round as the sentences below name it (roundIn). */
  round: (round: RoundRef) => string;
  deadline: {
    progress: (predicted: number, total: number) => string;
    subject: (round: RoundRef, left: string, progress: string) => string;
    intro: (round: RoundRef, left: string, when: string, progress: string) => string;
    nothingYet: string;
    finish: string;
    action: string;
    reason: string;
  };
  results: {
    summary: (round: RoundRef, points: string, predictions: string, exact: string, others: string) => string;
    rank: (ordinal: string) => string;
    subject: (round: RoundRef, points: string) => string;
    action: string;
    reason: string;
  };
  joinRequest: {
    subject: (requester: string, league: string) => string;
    asked: (who: string, league: string) => string;
    message: (message: string) => string;
    noMessage: string;
    review: string;
    action: string;
  };
  approved: {
    subject: (league: string) => string;
    body: (league: string) => string;
    action: string;
  };
  leagueReason: string;
  digest: {
    season: (season: string, points: string, rank: string | null) => string;
    missed: (round: RoundRef) => string;
    played: (round: RoundRef, points: string) => string;
    next: (round: RoundRef, when: string) => string;
    noDeadline: string;
    subject: (week: string, points: string) => string;
    action: string;
    reason: string;
  };
}

const en: NotificationTexts = {
  hi: (name) => `Hi ${name},`,
  there: 'there',
  changeInSettings: 'Change it in Settings',
  points: counted('point', 'points'),
  predictions: counted('prediction', 'predictions'),
  matches: counted('match', 'matches'),
  exactScores: counted('exact score', 'exact scores'),
  otherCorrect: counted('other correct result', 'other correct results'),
  minutes: counted('minute', 'minutes'),
  hours: counted('hour', 'hours'),
  ordinal: (n) => {
    const mod100 = n % 100;
    if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
    return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
  },
  round: roundName,
  deadline: {
    progress: (predicted, total) => `you have predicted ${predicted} of ${en.matches(total)}`,
    subject: (gw, left, progress) => `${en.round(gw)} closes in ${left} — ${progress}`,
    intro: (gw, left, when, progress) => `${en.round(gw)} closes in ${left} (${when}), and ${progress}.`,
    nothingYet: 'Predict every match before the first kick-off, and pick one banker for double points.',
    finish: 'Finish your predictions before the first kick-off: a match you skip scores nothing.',
    action: 'Make your predictions',
    reason: 'You get this email because gameweek deadline reminders are on.',
  },
  results: {
    summary: (gw, points, predictions, exact, others) => `Every match of ${en.round(gw)} is over. You scored ${points} from ${predictions}: ${exact} and ${others}.`,
    rank: (ordinal) => `You are ${ordinal} in the global league.`,
    subject: (gw, points) => `${en.round(gw)} results: you scored ${points}`,
    action: 'See your results',
    reason: 'You get this email because match result emails are on.',
  },
  joinRequest: {
    subject: (requester, league) => `${requester} asked to join ${league}`,
    asked: (who, league) => `${who} asked to join your league ${league}.`,
    message: (message) => `Their message:\n“${message}”`,
    noMessage: 'They did not add a message.',
    review: 'Approve or reject the request on the league page.',
    action: 'Review the request',
  },
  approved: {
    subject: (league) => `You're in: your request to join ${league} was approved`,
    body: (league) => `The owner of ${league} approved your request. You are a member now, and your points count in its table.`,
    action: 'Open the league',
  },
  leagueReason: 'You get this email because league update emails are on.',
  digest: {
    season: (season, points, rank) => `Your ${season} so far: ${points}${rank !== null ? `, ${rank} in the global league` : ''}.`,
    missed: (gw) => `You did not play ${en.round(gw)}.`,
    played: (gw, points) => `${en.round(gw)} brought you ${points}.`,
    next: (gw, when) => `Next deadline: ${en.round(gw)} closes ${when}.`,
    noDeadline: 'No deadline is scheduled yet.',
    subject: (week, points) => `Your Scoreline week ${week}: ${points} this season`,
    action: 'Open your dashboard',
    reason: 'You get this email because the weekly digest is on.',
  },
};

const es: NotificationTexts = {
  hi: (name) => `Hola, ${name}:`,
  there: 'crack',
  changeInSettings: 'Cámbialo en Ajustes',
  points: counted('punto', 'puntos'),
  predictions: counted('pronóstico', 'pronósticos'),
  matches: counted('partido', 'partidos'),
  exactScores: counted('resultado exacto', 'resultados exactos'),
  otherCorrect: counted('otro acierto', 'otros aciertos'),
  minutes: counted('minuto', 'minutos'),
  hours: counted('hora', 'horas'),
  ordinal: (n) => `${n}.º`,
  round: roundIn((n) => `jornada ${n}`, (name) => `ronda «${name}»`),
  deadline: {
    progress: (predicted, total) => `llevas ${predicted} de ${es.matches(total)} pronosticados`,
    subject: (gw, left, progress) => `La ${es.round(gw)} se cierra en ${left}: ${progress}`,
    intro: (gw, left, when, progress) => `La ${es.round(gw)} se cierra en ${left} (${when}) y ${progress}.`,
    nothingYet: 'Pronostica todos los partidos antes del primer pitido y elige un comodín para puntuar doble.',
    finish: 'Completa tus pronósticos antes del primer pitido: un partido sin pronóstico no suma nada.',
    action: 'Hacer mis pronósticos',
    reason: 'Recibes este correo porque tienes activados los recordatorios de cierre de jornada.',
  },
  results: {
    summary: (gw, points, predictions, exact, others) =>
      `Todos los partidos de la ${es.round(gw)} han terminado. Has sumado ${points} con ${predictions}: ${exact} y ${others}.`,
    rank: (ordinal) => `Vas ${ordinal} en la liga global.`,
    subject: (gw, points) => `Resultados de la ${es.round(gw)}: has sumado ${points}`,
    action: 'Ver mis resultados',
    reason: 'Recibes este correo porque tienes activados los correos de resultados.',
  },
  joinRequest: {
    subject: (requester, league) => `${requester} quiere unirse a ${league}`,
    asked: (who, league) => `${who} ha pedido unirse a tu liga ${league}.`,
    message: (message) => `Su mensaje:\n«${message}»`,
    noMessage: 'No ha añadido ningún mensaje.',
    review: 'Acepta o rechaza la solicitud en la página de la liga.',
    action: 'Revisar la solicitud',
  },
  approved: {
    subject: (league) => `¡Ya estás dentro! Han aceptado tu solicitud para unirte a ${league}`,
    body: (league) => `El propietario de ${league} ha aceptado tu solicitud. Ya eres miembro y tus puntos cuentan en su clasificación.`,
    action: 'Abrir la liga',
  },
  leagueReason: 'Recibes este correo porque tienes activadas las novedades de tus ligas.',
  digest: {
    season: (season, points, rank) => `Tu ${season} hasta ahora: ${points}${rank !== null ? `, ${rank} en la liga global` : ''}.`,
    missed: (gw) => `No jugaste la ${es.round(gw)}.`,
    played: (gw, points) => `La ${es.round(gw)} te dio ${points}.`,
    next: (gw, when) => `Próximo cierre: la ${es.round(gw)} se cierra el ${when}.`,
    noDeadline: 'Todavía no hay ningún cierre programado.',
    subject: (week, points) => `Tu semana en Scoreline ${week}: ${points} esta temporada`,
    action: 'Abrir mi panel',
    reason: 'Recibes este correo porque tienes activado el resumen semanal.',
  },
};

const fr: NotificationTexts = {
  hi: (name) => `Bonjour ${name},`,
  there: 'à vous',
  changeInSettings: 'Modifiez-le dans les Paramètres',
  points: counted('point', 'points'),
  predictions: counted('pronostic', 'pronostics'),
  matches: counted('match', 'matchs'),
  exactScores: counted('score exact', 'scores exacts'),
  otherCorrect: counted('autre bon résultat', 'autres bons résultats'),
  minutes: counted('minute', 'minutes'),
  hours: counted('heure', 'heures'),
  ordinal: (n) => (n === 1 ? '1er' : `${n}e`),
  round: roundIn((n) => `journée ${n}`, (name) => `phase « ${name} »`),
  deadline: {
    progress: (predicted, total) => `vous avez pronostiqué ${predicted} ${total === 1 ? 'match' : 'matchs'} sur ${total}`,
    subject: (gw, left, progress) => `La ${fr.round(gw)} se termine dans ${left} — ${progress}`,
    intro: (gw, left, when, progress) => `Les pronostics de la ${fr.round(gw)} ferment dans ${left} (${when}), et ${progress}.`,
    nothingYet: 'Pronostiquez chaque match avant le premier coup d’envoi et choisissez un joker pour doubler vos points.',
    finish: 'Terminez vos pronostics avant le premier coup d’envoi : un match oublié ne rapporte rien.',
    action: 'Faire mes pronostics',
    reason: 'Vous recevez cet e-mail car les rappels de clôture des journées sont activés.',
  },
  results: {
    summary: (gw, points, predictions, exact, others) =>
      `Tous les matchs de la ${fr.round(gw)} sont terminés. Vous avez marqué ${points} avec ${predictions} : ${exact} et ${others}.`,
    rank: (ordinal) => `Vous êtes ${ordinal} de la ligue globale.`,
    subject: (gw, points) => `Résultats de la ${fr.round(gw)} : vous avez marqué ${points}`,
    action: 'Voir mes résultats',
    reason: 'Vous recevez cet e-mail car les e-mails de résultats sont activés.',
  },
  joinRequest: {
    subject: (requester, league) => `${requester} demande à rejoindre ${league}`,
    asked: (who, league) => `${who} demande à rejoindre votre ligue ${league}.`,
    message: (message) => `Son message :\n« ${message} »`,
    noMessage: 'Aucun message n’a été ajouté.',
    review: 'Acceptez ou refusez la demande sur la page de la ligue.',
    action: 'Voir la demande',
  },
  approved: {
    subject: (league) => `C’est bon : votre demande pour rejoindre ${league} a été acceptée`,
    body: (league) => `Le propriétaire de ${league} a accepté votre demande. Vous êtes membre désormais et vos points comptent dans son classement.`,
    action: 'Ouvrir la ligue',
  },
  leagueReason: 'Vous recevez cet e-mail car les nouvelles de vos ligues sont activées.',
  digest: {
    season: (season, points, rank) => `Votre saison ${season} jusqu’ici : ${points}${rank !== null ? `, ${rank} de la ligue globale` : ''}.`,
    missed: (gw) => `Vous n’avez pas joué la ${fr.round(gw)}.`,
    played: (gw, points) => `La ${fr.round(gw)} vous a rapporté ${points}.`,
    next: (gw, when) => `Prochaine clôture : la ${fr.round(gw)} ferme le ${when}.`,
    noDeadline: 'Aucune clôture n’est encore prévue.',
    subject: (week, points) => `Votre semaine Scoreline ${week} : ${points} cette saison`,
    action: 'Ouvrir mon tableau de bord',
    reason: 'Vous recevez cet e-mail car le résumé hebdomadaire est activé.',
  },
};

const de: NotificationTexts = {
  hi: (name) => `Hallo ${name},`,
  there: 'zusammen',
  changeInSettings: 'In den Einstellungen ändern',
  points: counted('Punkt', 'Punkte'),
  predictions: counted('Tipp', 'Tipps'),
  matches: counted('Spiel', 'Spielen'),
  exactScores: counted('exaktes Ergebnis', 'exakte Ergebnisse'),
  otherCorrect: counted('weitere richtige Tendenz', 'weitere richtige Tendenzen'),
  minutes: counted('Minute', 'Minuten'),
  hours: counted('Stunde', 'Stunden'),
  ordinal: (n) => `${n}.`,
  round: roundIn((n) => `Spieltag ${n}`, (name) => `Runde „${name}“`),
  deadline: {
    progress: (predicted, total) => `du hast ${predicted} von ${de.matches(total)} getippt`,
    subject: (gw, left, progress) => `${de.round(gw)} schließt in ${left} – ${progress}`,
    intro: (gw, left, when, progress) => `${de.round(gw)} schließt in ${left} (${when}), und ${progress}.`,
    nothingYet: 'Tippe jedes Spiel vor dem ersten Anpfiff und wähle einen Joker für doppelte Punkte.',
    finish: 'Vervollständige deine Tipps vor dem ersten Anpfiff: Ein Spiel ohne Tipp bringt nichts.',
    action: 'Jetzt tippen',
    reason: 'Du erhältst diese E-Mail, weil die Erinnerungen an den Tippschluss aktiviert sind.',
  },
  results: {
    summary: (gw, points, predictions, exact, others) =>
      `Alle Spiele von ${de.round(gw)} sind beendet. Du hast mit ${predictions} ${points} geholt: ${exact} und ${others}.`,
    rank: (ordinal) => `Du bist ${ordinal} in der globalen Liga.`,
    subject: (gw, points) => `Ergebnisse von ${de.round(gw)}: du hast ${points} geholt`,
    action: 'Meine Ergebnisse ansehen',
    reason: 'Du erhältst diese E-Mail, weil die E-Mails zu Spielergebnissen aktiviert sind.',
  },
  joinRequest: {
    subject: (requester, league) => `${requester} möchte ${league} beitreten`,
    asked: (who, league) => `${who} möchte deiner Liga ${league} beitreten.`,
    message: (message) => `Die Nachricht:\n„${message}“`,
    noMessage: 'Es wurde keine Nachricht hinzugefügt.',
    review: 'Nimm die Anfrage auf der Ligaseite an oder lehne sie ab.',
    action: 'Anfrage ansehen',
  },
  approved: {
    subject: (league) => `Du bist dabei: deine Anfrage für ${league} wurde angenommen`,
    body: (league) => `Der Besitzer von ${league} hat deine Anfrage angenommen. Du bist jetzt Mitglied, und deine Punkte zählen in der Tabelle.`,
    action: 'Liga öffnen',
  },
  leagueReason: 'Du erhältst diese E-Mail, weil Liga-Neuigkeiten aktiviert sind.',
  digest: {
    season: (season, points, rank) => `Deine Saison ${season} bisher: ${points}${rank !== null ? `, ${rank} in der globalen Liga` : ''}.`,
    missed: (gw) => `${de.round(gw)} hast du nicht gespielt.`,
    played: (gw, points) => `${de.round(gw)} brachte dir ${points}.`,
    next: (gw, when) => `Nächster Tippschluss: ${de.round(gw)} schließt am ${when}.`,
    noDeadline: 'Noch ist kein Tippschluss angesetzt.',
    subject: (week, points) => `Deine Scoreline-Woche ${week}: ${points} in dieser Saison`,
    action: 'Übersicht öffnen',
    reason: 'Du erhältst diese E-Mail, weil die Wochenübersicht aktiviert ist.',
  },
};

export const NOTIFICATION_TEXTS: Record<LanguageSetting, NotificationTexts> = { en, es, fr, de };

export function textsFor(reader: Reader): NotificationTexts {
  return NOTIFICATION_TEXTS[reader.language ?? 'en'] ?? en;
}

/** A round as the emails name it in `language` (the push texts name it the same way). */
export function roundPhrase(language: LanguageSetting, round: RoundRef): string {
  return (NOTIFICATION_TEXTS[language] ?? en).round(round);
}
