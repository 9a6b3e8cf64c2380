import type { Translation } from '@/lib/i18n/translation';

/**
 * The installable app: push on this device (Settings → Notifications), the offline state, and
 * what the service worker says after Approve / Reject on a join-request notification.
 */
const en = {
  device: {
    title: 'Push notifications on this device',
    description: 'Join requests, decisions, deadline reminders, goals in your matches and final points, as your switches above allow.',
    on: 'On for this device. Turn it off here or in the browser.',
    off: 'Off. Nothing is sent to this device until you turn it on.',
    working: 'Asking your browser…',
    denied: 'Blocked by your browser. Allow notifications for this site in its settings, then try again.',
    unsupported: 'This browser cannot receive push notifications. On iPhone, add Scoreline to the Home Screen first.',
    failed: 'Could not change push notifications. Please try again.',
  },
  decision: {
    approved: 'Request approved',
    rejected: 'Request declined',
    expired: 'This notification has expired',
    failed: 'Could not decide from the notification',
    openLeague: 'Open the league to decide.',
  },
  offline: {
    title: 'You are offline',
    body: 'Scoreline shows what it already loaded and catches up as soon as you are back online.',
  },
};

export default {
  en,
  es: {
    device: {
      title: 'Notificaciones push en este dispositivo',
      description: 'Solicitudes para unirse, decisiones, recordatorios de cierre, goles en tus partidos y puntos finales, según tus interruptores de arriba.',
      on: 'Activadas en este dispositivo. Desactívalas aquí o en el navegador.',
      off: 'Desactivadas. No se envía nada a este dispositivo hasta que las actives.',
      working: 'Preguntando a tu navegador…',
      denied: 'Bloqueadas por tu navegador. Permite las notificaciones de este sitio en su configuración y vuelve a intentarlo.',
      unsupported: 'Este navegador no puede recibir notificaciones push. En iPhone, añade primero Scoreline a la pantalla de inicio.',
      failed: 'No se pudieron cambiar las notificaciones push. Inténtalo de nuevo.',
    },
    decision: {
      approved: 'Solicitud aprobada',
      rejected: 'Solicitud rechazada',
      expired: 'Esta notificación ha caducado',
      failed: 'No se pudo decidir desde la notificación',
      openLeague: 'Abre la liga para decidir.',
    },
    offline: {
      title: 'Estás sin conexión',
      body: 'Scoreline muestra lo que ya cargó y se pone al día en cuanto vuelvas a estar en línea.',
    },
  },
  fr: {
    device: {
      title: 'Notifications push sur cet appareil',
      description: 'Demandes d’adhésion, décisions, rappels de clôture, buts dans vos matchs et points finaux, selon vos réglages ci-dessus.',
      on: 'Activées sur cet appareil. Désactivez-les ici ou dans le navigateur.',
      off: 'Désactivées. Rien n’est envoyé à cet appareil tant que vous ne les activez pas.',
      working: 'Demande à votre navigateur…',
      denied: 'Bloquées par votre navigateur. Autorisez les notifications de ce site dans ses réglages, puis réessayez.',
      unsupported: 'Ce navigateur ne peut pas recevoir de notifications push. Sur iPhone, ajoutez d’abord Scoreline à l’écran d’accueil.',
      failed: 'Impossible de modifier les notifications push. Veuillez réessayer.',
    },
    decision: {
      approved: 'Demande acceptée',
      rejected: 'Demande refusée',
      expired: 'Cette notification a expiré',
      failed: 'Impossible de décider depuis la notification',
      openLeague: 'Ouvrez la ligue pour décider.',
    },
    offline: {
      title: 'Vous êtes hors ligne',
      body: 'Scoreline affiche ce qu’il a déjà chargé et se met à jour dès que vous êtes de nouveau en ligne.',
    },
  },
  de: {
    device: {
      title: 'Push-Benachrichtigungen auf diesem Gerät',
      description: 'Beitrittsanfragen, Entscheidungen, Tipp-Erinnerungen, Tore in deinen Spielen und Endpunkte, wie es deine Schalter oben erlauben.',
      on: 'Auf diesem Gerät an. Hier oder im Browser ausschalten.',
      off: 'Aus. An dieses Gerät wird nichts gesendet, bis du sie einschaltest.',
      working: 'Frage deinen Browser…',
      denied: 'Von deinem Browser blockiert. Erlaube Benachrichtigungen für diese Seite in seinen Einstellungen und versuche es erneut.',
      unsupported: 'Dieser Browser kann keine Push-Benachrichtigungen empfangen. Auf dem iPhone füge Scoreline zuerst zum Home-Bildschirm hinzu.',
      failed: 'Push-Benachrichtigungen konnten nicht geändert werden. Bitte versuche es erneut.',
    },
    decision: {
      approved: 'Anfrage angenommen',
      rejected: 'Anfrage abgelehnt',
      expired: 'Diese Benachrichtigung ist abgelaufen',
      failed: 'Aus der Benachrichtigung ließ sich nicht entscheiden',
      openLeague: 'Öffne die Liga, um zu entscheiden.',
    },
    offline: {
      title: 'Du bist offline',
      body: 'Scoreline zeigt, was schon geladen ist, und holt alles nach, sobald du wieder online bist.',
    },
  },
} satisfies Translation<typeof en>;
