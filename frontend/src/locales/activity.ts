import type { Translation } from '@/lib/i18n/translation';

/**
 * League activity feed lines, written in the browser from each entry's kind, names and metadata
 * (features/leagues/utils/activity-text.ts). The English texts read like the server's, which the
 * English feed shows as they are.
 */
const en = {
  memberJoined: {
    create: '{{name}} created {{league}}',
    join: '{{name}} joined {{league}}',
    approval: '{{name}} joined {{league}}',
    descriptionCreate: 'Created the league.',
    descriptionJoin: 'Welcome to the league!',
    descriptionApproval: 'Joined after the owner approved their request.',
  },
  memberLeft: {
    left: '{{name}} left {{league}}',
    removed: '{{name}} was removed from {{league}}',
    preferences: '{{name}} left {{league}}',
    descriptionLeft: 'Left the league.',
    descriptionRemoved: 'Removed by the league owner.',
    descriptionPreferences: 'Changed their preferences.',
  },
  requestApproved: {
    message: "{{owner}} approved {{name}}'s request to join",
    description: 'A new member for {{league}}.',
  },
  exactScore: {
    message: '{{name}} called the exact score: {{home}} {{homeScore}}–{{awayScore}} {{away}}',
  },
  bankerHit: {
    message_one: "{{name}}'s banker paid off: {{count, number}} point on {{home}} v {{away}}",
    message_other: "{{name}}'s banker paid off: {{count, number}} points on {{home}} v {{away}}",
  },
  gameweek: {
    description: 'Gameweek {{gameweek}}',
    descriptionBanker: 'Gameweek {{gameweek}} · banker, double points',
    roundBanker: '{{round}} · banker, double points',
  },
  gameweekScored: {
    top_one: '{{name}} top-scored Gameweek {{gameweek}} with {{count, number}} point',
    top_other: '{{name}} top-scored Gameweek {{gameweek}} with {{count, number}} points',
    scored_one: '{{name}} scored {{count, number}} point in Gameweek {{gameweek}}',
    scored_other: '{{name}} scored {{count, number}} points in Gameweek {{gameweek}}',
    topRound_one: '{{name}} top-scored {{round}} with {{count, number}} point',
    topRound_other: '{{name}} top-scored {{round}} with {{count, number}} points',
    scoredRound_one: '{{name}} scored {{count, number}} point in {{round}}',
    scoredRound_other: '{{name}} scored {{count, number}} points in {{round}}',
    exact_one: '{{count, number}} exact score this gameweek.',
    exact_other: '{{count, number}} exact scores this gameweek.',
  },
  rankClimbed: {
    message: '{{name}} climbed to #{{rank}}',
    messageFirst: '{{name}} climbed to #1',
    description_one: 'Up {{count, number}} place after Gameweek {{gameweek}}.',
    description_other: 'Up {{count, number}} places after Gameweek {{gameweek}}.',
    descriptionRound_one: 'Up {{count, number}} place after {{round}}.',
    descriptionRound_other: 'Up {{count, number}} places after {{round}}.',
  },
  time: {
    justNow: 'Just now',
  },
};

const es = {
  memberJoined: {
    create: '{{name}} ha creado {{league}}',
    join: '{{name}} se ha unido a {{league}}',
    approval: '{{name}} se ha unido a {{league}}',
    descriptionCreate: 'Ha creado la liga.',
    descriptionJoin: '¡Te damos la bienvenida a la liga!',
    descriptionApproval: 'Se ha unido después de que el propietario aprobara su solicitud.',
  },
  memberLeft: {
    left: '{{name}} ha dejado {{league}}',
    removed: 'El propietario ha sacado a {{name}} de {{league}}',
    preferences: '{{name}} ha dejado {{league}}',
    descriptionLeft: 'Ha dejado la liga.',
    descriptionRemoved: 'Decisión del propietario de la liga.',
    descriptionPreferences: 'Ha cambiado sus preferencias.',
  },
  requestApproved: {
    message: '{{owner}} ha aprobado la solicitud de {{name}} para unirse',
    description: 'Un nuevo miembro en {{league}}.',
  },
  exactScore: {
    message: '{{name}} ha acertado el resultado exacto: {{home}} {{homeScore}}–{{awayScore}} {{away}}',
  },
  bankerHit: {
    message_one: 'El comodín de {{name}} ha salido bien: {{count, number}} punto en el {{home}}-{{away}}',
    message_other: 'El comodín de {{name}} ha salido bien: {{count, number}} puntos en el {{home}}-{{away}}',
  },
  gameweek: {
    description: 'Jornada {{gameweek}}',
    descriptionBanker: 'Jornada {{gameweek}} · comodín, puntos dobles',
    roundBanker: '{{round}} · comodín, puntos dobles',
  },
  gameweekScored: {
    top_one: '{{name}} ha hecho la mejor puntuación de la jornada {{gameweek}}: {{count, number}} punto',
    top_other: '{{name}} ha hecho la mejor puntuación de la jornada {{gameweek}}: {{count, number}} puntos',
    scored_one: '{{name}} ha sumado {{count, number}} punto en la jornada {{gameweek}}',
    scored_other: '{{name}} ha sumado {{count, number}} puntos en la jornada {{gameweek}}',
    topRound_one: '{{name}} ha hecho la mejor puntuación de la ronda «{{round}}»: {{count, number}} punto',
    topRound_other: '{{name}} ha hecho la mejor puntuación de la ronda «{{round}}»: {{count, number}} puntos',
    scoredRound_one: '{{name}} ha sumado {{count, number}} punto en la ronda «{{round}}»',
    scoredRound_other: '{{name}} ha sumado {{count, number}} puntos en la ronda «{{round}}»',
    exact_one: '{{count, number}} resultado exacto en esta jornada.',
    exact_other: '{{count, number}} resultados exactos en esta jornada.',
  },
  rankClimbed: {
    message: '{{name}} ha subido al puesto {{rank}}',
    messageFirst: '{{name}} ha subido al puesto 1',
    description_one: 'Ha subido {{count, number}} puesto tras la jornada {{gameweek}}.',
    description_other: 'Ha subido {{count, number}} puestos tras la jornada {{gameweek}}.',
    descriptionRound_one: 'Ha subido {{count, number}} puesto tras la ronda «{{round}}».',
    descriptionRound_other: 'Ha subido {{count, number}} puestos tras la ronda «{{round}}».',
  },
  time: {
    justNow: 'Justo ahora',
  },
};

const fr = {
  memberJoined: {
    create: '{{name}} a créé {{league}}',
    join: '{{name}} a rejoint {{league}}',
    approval: '{{name}} a rejoint {{league}}',
    descriptionCreate: 'Création de la ligue.',
    descriptionJoin: 'Bienvenue dans la ligue !',
    descriptionApproval: 'Arrivée après acceptation de sa demande par le propriétaire.',
  },
  memberLeft: {
    left: '{{name}} a quitté {{league}}',
    removed: 'Le propriétaire a exclu {{name}} de la ligue {{league}}',
    preferences: '{{name}} a quitté {{league}}',
    descriptionLeft: 'Départ de la ligue.',
    descriptionRemoved: 'Décision du propriétaire de la ligue.',
    descriptionPreferences: 'Changement de préférences.',
  },
  requestApproved: {
    message: '{{owner}} a accepté {{name}} dans la ligue',
    description: 'Un nouveau membre pour {{league}}.',
  },
  exactScore: {
    message: '{{name}} a trouvé le score exact : {{home}} {{homeScore}}–{{awayScore}} {{away}}',
  },
  bankerHit: {
    message_one: 'Joker gagnant pour {{name}} : {{count, number}} point sur {{home}}-{{away}}',
    message_other: 'Joker gagnant pour {{name}} : {{count, number}} points sur {{home}}-{{away}}',
  },
  gameweek: {
    description: 'Journée {{gameweek}}',
    descriptionBanker: 'Journée {{gameweek}} · joker, points doublés',
    roundBanker: '{{round}} · joker, points doublés',
  },
  gameweekScored: {
    top_one: '{{name}} a fait le meilleur score de la journée {{gameweek}} avec {{count, number}} point',
    top_other: '{{name}} a fait le meilleur score de la journée {{gameweek}} avec {{count, number}} points',
    scored_one: '{{name}} a obtenu {{count, number}} point lors de la journée {{gameweek}}',
    scored_other: '{{name}} a obtenu {{count, number}} points lors de la journée {{gameweek}}',
    topRound_one: '{{name}} a fait le meilleur score de la phase « {{round}} » avec {{count, number}} point',
    topRound_other: '{{name}} a fait le meilleur score de la phase « {{round}} » avec {{count, number}} points',
    scoredRound_one: '{{name}} a obtenu {{count, number}} point lors de la phase « {{round}} »',
    scoredRound_other: '{{name}} a obtenu {{count, number}} points lors de la phase « {{round}} »',
    exact_one: '{{count, number}} score exact lors de cette journée.',
    exact_other: '{{count, number}} scores exacts lors de cette journée.',
  },
  rankClimbed: {
    message: '{{name}} grimpe à la {{rank}}e place',
    messageFirst: '{{name}} grimpe à la 1re place',
    description_one: '{{count, number}} place gagnée après la journée {{gameweek}}.',
    description_other: '{{count, number}} places gagnées après la journée {{gameweek}}.',
    descriptionRound_one: '{{count, number}} place gagnée après la phase « {{round}} ».',
    descriptionRound_other: '{{count, number}} places gagnées après la phase « {{round}} ».',
  },
  time: {
    justNow: 'À l’instant',
  },
};

const de = {
  memberJoined: {
    create: '{{name}} hat {{league}} gegründet',
    join: '{{name}} ist {{league}} beigetreten',
    approval: '{{name}} ist {{league}} beigetreten',
    descriptionCreate: 'Hat die Liga gegründet.',
    descriptionJoin: 'Willkommen in der Liga!',
    descriptionApproval: 'Beigetreten, nachdem der Besitzer die Anfrage angenommen hat.',
  },
  memberLeft: {
    left: '{{name}} hat {{league}} verlassen',
    removed: '{{name}} wurde aus {{league}} entfernt',
    preferences: '{{name}} hat {{league}} verlassen',
    descriptionLeft: 'Hat die Liga verlassen.',
    descriptionRemoved: 'Vom Besitzer der Liga entfernt.',
    descriptionPreferences: 'Hat die Einstellungen geändert.',
  },
  requestApproved: {
    message: '{{owner}} hat die Beitrittsanfrage von {{name}} angenommen',
    description: 'Ein neues Mitglied für {{league}}.',
  },
  exactScore: {
    message: '{{name}} hat das exakte Ergebnis getippt: {{home}} {{homeScore}}:{{awayScore}} {{away}}',
  },
  bankerHit: {
    message_one: 'Der Joker von {{name}} hat sich ausgezahlt: {{count, number}} Punkt bei {{home}} – {{away}}',
    message_other: 'Der Joker von {{name}} hat sich ausgezahlt: {{count, number}} Punkte bei {{home}} – {{away}}',
  },
  gameweek: {
    description: '{{gameweek}}. Spieltag',
    descriptionBanker: '{{gameweek}}. Spieltag · Joker, doppelte Punkte',
    roundBanker: '{{round}} · Joker, doppelte Punkte',
  },
  gameweekScored: {
    top_one: '{{name}} hat den {{gameweek}}. Spieltag mit {{count, number}} Punkt gewonnen',
    top_other: '{{name}} hat den {{gameweek}}. Spieltag mit {{count, number}} Punkten gewonnen',
    scored_one: '{{name}} hat am {{gameweek}}. Spieltag {{count, number}} Punkt geholt',
    scored_other: '{{name}} hat am {{gameweek}}. Spieltag {{count, number}} Punkte geholt',
    topRound_one: '{{name}} hat die Runde „{{round}}“ mit {{count, number}} Punkt gewonnen',
    topRound_other: '{{name}} hat die Runde „{{round}}“ mit {{count, number}} Punkten gewonnen',
    scoredRound_one: '{{name}} hat in der Runde „{{round}}“ {{count, number}} Punkt geholt',
    scoredRound_other: '{{name}} hat in der Runde „{{round}}“ {{count, number}} Punkte geholt',
    exact_one: '{{count, number}} exaktes Ergebnis an diesem Spieltag.',
    exact_other: '{{count, number}} exakte Ergebnisse an diesem Spieltag.',
  },
  rankClimbed: {
    message: '{{name}} ist auf Platz {{rank}} geklettert',
    messageFirst: '{{name}} ist auf Platz 1 geklettert',
    description_one: '{{count, number}} Platz gutgemacht nach dem {{gameweek}}. Spieltag.',
    description_other: '{{count, number}} Plätze gutgemacht nach dem {{gameweek}}. Spieltag.',
    descriptionRound_one: '{{count, number}} Platz gutgemacht nach der Runde „{{round}}“.',
    descriptionRound_other: '{{count, number}} Plätze gutgemacht nach der Runde „{{round}}“.',
  },
  time: {
    justNow: 'Gerade eben',
  },
};

export default { en, es, fr, de } satisfies Translation<typeof en>;
