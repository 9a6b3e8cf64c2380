import type { Messages, Translation } from '@/lib/i18n/translation';

/** The public pages: landing, about, help (FAQ and scoring rules) and the legal pages. */
const en = {
  landing: {
    badge: 'The weekly score-prediction game',
    title: 'How Well Do You Know The Beautiful Game?',
    intro:
      'Predict the score of every match, bank your surest pick for double points and climb the table against friends, fellow fans and the whole world.',
    startPredicting: 'Start Predicting',
    free: 'Free to play. Takes two minutes a week.',
    features: {
      title: 'Everything a matchday needs',
      intro: 'Leagues to win, a banker to back and numbers that tell you how good you really are.',
      leagues: {
        title: 'Public & Private Leagues',
        text: 'Play your mates in a private league with an invite code, join a public one in a click, and find yourself in your country and club leagues automatically.',
      },
      banker: {
        title: 'Banker Pick & Outcome Guessing',
        text: 'Predict every score of the gameweek, then back your surest call with the banker: one pick a week, double points if you nail it.',
      },
      analytics: {
        title: 'Personal Analytics & Rank',
        text: 'Follow your points, accuracy and rank week by week, and learn which clubs you read best (and worst) with hot and cold teams.',
      },
    },
    sample: {
      yourPicks: 'Your picks',
      points: 'points',
      versus: 'v',
      line: 'You said {{pick}} · FT {{result}}',
      banker: 'Banker',
      exact: 'Exact',
      correct: 'Result',
      wrong: 'Miss',
      league: 'The Pub League',
    },
    scoring: {
      title: 'Simple scoring, endless arguments',
      text: 'Call the outcome for points, nail the exact score for more. Draws are harder, so they pay better.',
      link: 'How scoring works',
      correctResult: 'Correct result',
      correctDraw: 'Correct draw',
      exactScore: 'Exact score',
      exactDraw: 'Exact score draw',
    },
    cta: {
      title: 'The next gameweek is waiting',
      text: 'Create your account, pick your club and get your first predictions in before kick-off.',
      button: 'Create Your Free Account',
    },
  },
  about: {
    eyebrow: 'About Scoreline',
    title: 'Made by fans, for fans',
    intro:
      'Our mission is simple: make every match matter. Scoreline turns the weekly argument about who knows football best into a friendly competition with a table that settles it.',
    featuresHeading: 'Features',
    features: {
      predictions: {
        title: 'Accurate Predictions',
        text: 'Call the score of every match and earn points for the right outcome, more for the exact score.',
      },
      social: {
        title: 'Social Competition',
        text: 'Take on your friends, your colleagues and fans of your club, week after week.',
      },
      leagues: {
        title: 'Multiple Leagues',
        text: 'Global, country, club, private and public leagues: one set of predictions counts in all of them.',
      },
      realtime: {
        title: 'Real-time Updates',
        text: 'Watch points and ranks move as the goals go in, not the morning after.',
      },
    },
    community: 'Our community',
    stats: {
      atLeast: '{{value}}+',
      activeUsers: 'Active Users',
      predictions: 'Predictions',
      leagues: 'Leagues',
      countries: 'Countries',
    },
    how: 'How it works',
    steps: {
      signUp: {
        title: 'Sign Up',
        text: 'Create a free account, verify your email and pick your country and favourite club.',
      },
      predict: {
        title: 'Make Predictions',
        text: 'Predict every score before the gameweek deadline and choose a banker for double points.',
      },
      compete: {
        title: 'Compete & Win',
        text: 'Climb your leagues, track your accuracy and claim the bragging rights.',
      },
    },
    cta: 'Ready for kick-off?',
    createAccount: 'Create Account',
  },
  help: {
    title: 'Help Center',
    intro: 'Rules, scoring, leagues and your account: answers to the questions fans ask most.',
    searchLabel: 'Search help',
    searchPlaceholder: 'Search for banker, deadline, leagues…',
    results_one: '{{count}} result for “{{query}}”',
    results_other: '{{count}} results for “{{query}}”',
    noMatchTitle: 'No matching questions',
    noMatchText: 'Try another word, or browse the topics once you clear the search.',
    categories: { gettingStarted: 'Getting started', scoring: 'Scoring', leagues: 'Leagues', account: 'Account' },
    glance: {
      title: 'Scoring at a glance',
      caption: 'Points per prediction outcome',
      outcome: 'Outcome',
      points: 'Points',
      note: 'Banker doubles the points of its match · one banker per gameweek · deadline at the first kick-off · postponed matches are void.',
    },
    rules: {
      win: 'Correct result (win)',
      draw: 'Correct draw',
      exactWin: 'Exact score (win)',
      exactDraw: 'Exact score (draw)',
      wrong: 'Wrong result',
    },
    quickLinks: {
      title: 'Quick links',
      predictions: { label: 'Make predictions', text: 'This gameweek’s fixtures' },
      leagues: { label: 'Leagues', text: 'Create or join a league' },
      settings: { label: 'Settings', text: 'Profile, password, theme' },
      about: { label: 'About Scoreline', text: 'Who we are and how it works' },
    },
  },
  faq: {
    start: {
      question: 'How do I start playing?',
      answer:
        'Create an account, verify your email with the 6-digit code we send you, then choose your country and favourite club. After that, open Game Weeks, enter a score for every match and save your predictions before the deadline.',
    },
    verification: {
      question: "I didn't receive my verification code. What now?",
      answer:
        'Check your spam folder first. On the verification screen you can request a new code once the 60-second countdown has finished. After 3 wrong codes the screen locks until you request a new one.',
    },
    countryClub: {
      question: 'Why do you ask for my country and favourite club?',
      answer:
        'They put you in your country league and your club league, so you can compare yourself with fans like you. You can skip this step and change your choice at any time in Settings.',
    },
    points: {
      question: 'How are points calculated?',
      answer: 'Every prediction is scored once the match ends. The points are totals, not sums:',
      list: {
        win: 'Correct result (home or away win): 10 points',
        draw: 'Correct draw: 15 points',
        exactWin: 'Exact score with a correct win: 20 points',
        exactDraw: 'Exact score with a correct draw: 30 points',
        wrong: 'Wrong result: 0 points',
      },
    },
    banker: {
      question: 'What is a banker?',
      answer:
        'Your banker is the pick you are most sure of. The banker doubles the points of its match, so an exact-score draw as your banker is worth 60. You get one banker per gameweek: ticking another match moves it there.',
    },
    deadline: {
      question: 'When is the prediction deadline?',
      answer:
        "The deadline is the kick-off of the gameweek's first match. Until then you can change your predictions and your banker as often as you like; after it, the whole gameweek is locked.",
    },
    competitions: {
      question: 'Can I play several competitions at once?',
      answer:
        'Yes: the Premier League and the World Cup side by side, for example. Choose them when you set up your account or in Settings → Profile → Competitions, and move between them with the switcher under the header; every screen then shows that competition. Each competition has its own rounds (a league’s gameweeks, a tournament’s group matchdays and knockout rounds), each round its own deadline at its first kick-off and its own banker, and its own global, country and club leagues (in a tournament, the fans of your national team). A private or public league plays one competition, chosen when it is created. Your points in one competition never count in another.',
    },
    knockouts: {
      question: 'How do knockout matches and two-legged ties score?',
      answer:
        'You predict the score after 90 minutes and stoppage time: extra time and penalties never change it. In a knockout match you also pick who goes through: a right pick earns 10 points, never doubled by your banker. In a two-legged tie you predict each leg, and pick who goes through once, with the second leg; it is judged on the aggregate, then extra time, then penalties (away goals do not count). A match whose teams are not known yet (such as “Winner of match 73”) opens for predictions when they are.',
    },
    bonus: {
      question: 'What are bonus questions?',
      answer:
        'Before a competition’s first kick-off you can say who will be champion, who will be top scorer and, in a league, who will finish bottom: 20 points each. Names count however you write them (capitals and accents do not matter). Your answers stay hidden until the first kick-off. The owner of a private league can add up to five questions of its own, worth 5 to 50 points each.',
    },
    postponed: {
      question: 'What happens when a match is postponed?',
      answer:
        'A postponed match is void: it scores 0 points for everyone, a banker on it earns nothing, and it does not count in your accuracy.',
    },
    accuracy: {
      question: 'What does accuracy mean?',
      answer:
        'Accuracy is the share of your scored predictions that got the result right (exact scores included), shown as a whole percentage.',
    },
    hotCold: {
      question: 'What are hot and cold teams?',
      answer:
        'Hot and cold teams: the clubs in whose matches your predictions were most / least often right (correct result or exact score), among clubs you predicted at least 3 matches of.',
    },
    leagueKinds: {
      question: 'What kinds of league are there?',
      answer: 'Five kinds, and your predictions count in all of them at once:',
      list: {
        global: 'Global: every player',
        country: 'Country: players who chose your country',
        club: 'Club: fans of your favourite club',
        private: 'Private: invite-only, joined with a code and approved by the owner',
        public: 'Public: open to anyone with the league ID, joined instantly',
      },
    },
    privateJoin: {
      question: 'How do I join a private league?',
      answer:
        'Ask the owner for the invite code (up to 8 characters), then go to Leagues › Join League, enter the code and, if you like, a short message. The owner approves your request.',
    },
    publicJoin: {
      question: 'How do I join a public league?',
      answer: 'Enter the numeric league ID under Leagues › Join League. You are in straight away.',
    },
    privateSize: {
      question: 'How many players can a private league have?',
      answer: 'When you create a private league you can set a maximum of between 2 and 1000 members.',
    },
    forgotPassword: {
      question: 'I forgot my password. How do I reset it?',
      answer:
        'Choose "Forgot password?" on the sign-in screen, enter your email and we send you a 6-digit code. Enter the code with your new password to reset it.',
    },
    changePassword: {
      question: 'How do I change my password or name?',
      answer:
        'Open Settings › Profile. Changing your password signs you out on your other devices; this one stays signed in.',
    },
    changeClub: {
      question: 'Can I change my favourite club?',
      answer: 'Yes. Open Settings and choose Change next to your country and favourite club.',
    },
  },
  legal: {
    eyebrow: 'Legal',
    lastUpdated: 'Last updated: January 2025',
    onThisPage: 'On this page',
    /** Shown in the other languages only: the legal text itself is English. */
    englishBinding: 'The text of this document is in English, and the English version is binding.',
  },
  terms: {
    title: 'Terms of Service',
    intro: 'These terms explain the rules for using Scoreline, the football score-prediction game.',
    sections: {
      acceptance: 'Acceptance of these terms',
      eligibility: 'Who can play',
      account: 'Your account',
      game: 'The game',
      fairPlay: 'Fair play',
      content: 'Intellectual property',
      termination: 'Suspension and closing your account',
      liability: 'Disclaimer and liability',
      changes: 'Changes to these terms',
      contact: 'Contact',
    },
  },
  privacy: {
    title: 'Privacy Policy',
    intro: 'This policy explains what personal data Scoreline collects, why, and the choices you have.',
    sections: {
      collect: 'Information we collect',
      use: 'How we use it',
      sharing: 'What other players see',
      storage: 'Cookies and local storage',
      retention: 'How long we keep it',
      rights: 'Your rights',
      children: "Children's privacy",
      security: 'Security',
      changes: 'Changes to this policy',
      contact: 'Contact',
    },
  },
};

const es: Messages<typeof en> = {
  landing: {
    badge: 'El juego semanal de pronósticos',
    title: '¿Cuánto sabes del deporte rey?',
    intro:
      'Pronostica el marcador de cada partido, juega tu comodín en el pronóstico más seguro para sumar puntos dobles y escala en la clasificación frente a tus amigos, otros aficionados y el mundo entero.',
    startPredicting: 'Empieza a pronosticar',
    free: 'Gratis. Solo te lleva dos minutos a la semana.',
    features: {
      title: 'Todo lo que necesita una jornada',
      intro: 'Ligas que ganar, un comodín en el que confiar y cifras que te dicen lo bueno que eres de verdad.',
      leagues: {
        title: 'Ligas públicas y privadas',
        text: 'Reta a tus amigos en una liga privada con un código de invitación, únete a una pública con un clic y entra automáticamente en las ligas de tu país y de tu club.',
      },
      banker: {
        title: 'Comodín y pronóstico de resultados',
        text: 'Pronostica todos los marcadores de la jornada y luego respalda tu pronóstico más seguro con el comodín: uno por semana, puntos dobles si lo clavas.',
      },
      analytics: {
        title: 'Estadísticas personales y posición',
        text: 'Sigue tus puntos, tu porcentaje de acierto y tu posición semana a semana, y descubre qué clubes lees mejor (y peor) con tus equipos talismán y tus equipos gafe.',
      },
    },
    sample: {
      yourPicks: 'Tus pronósticos',
      points: 'puntos',
      versus: 'vs',
      line: 'Dijiste {{pick}} · Final {{result}}',
      banker: 'Comodín',
      exact: 'Exacto',
      correct: 'Resultado',
      wrong: 'Fallo',
      league: 'La Liga del Bar',
    },
    scoring: {
      title: 'Puntuación sencilla, debates infinitos',
      text: 'Acierta el resultado y sumas puntos; clava el resultado exacto y sumas más. Los empates son más difíciles, así que dan más puntos.',
      link: 'Cómo funciona la puntuación',
      correctResult: 'Resultado acertado',
      correctDraw: 'Empate acertado',
      exactScore: 'Resultado exacto',
      exactDraw: 'Empate con resultado exacto',
    },
    cta: {
      title: 'La próxima jornada te espera',
      text: 'Crea tu cuenta, elige tu club y haz tus primeros pronósticos antes del pitido inicial.',
      button: 'Crea tu cuenta gratis',
    },
  },
  about: {
    eyebrow: 'Acerca de Scoreline',
    title: 'Hecho por aficionados, para aficionados',
    intro:
      'Nuestra misión es sencilla: que cada partido cuente. Scoreline convierte la discusión semanal sobre quién sabe más de fútbol en una competición amistosa, con una clasificación que zanja el debate.',
    featuresHeading: 'Funciones',
    features: {
      predictions: {
        title: 'Pronósticos precisos',
        text: 'Pronostica el marcador de cada partido y gana puntos por acertar el resultado, y más aún por el resultado exacto.',
      },
      social: {
        title: 'Competición entre amigos',
        text: 'Mídete con tus amigos, tus compañeros de trabajo y los aficionados de tu club, semana tras semana.',
      },
      leagues: {
        title: 'Varias ligas',
        text: 'Ligas global, de país, de club, privadas y públicas: los mismos pronósticos cuentan en todas.',
      },
      realtime: {
        title: 'Actualizaciones en tiempo real',
        text: 'Mira cómo se mueven los puntos y las posiciones con cada gol, no a la mañana siguiente.',
      },
    },
    community: 'Nuestra comunidad',
    stats: {
      atLeast: '+{{value}}',
      activeUsers: 'Usuarios activos',
      predictions: 'Pronósticos',
      leagues: 'Ligas',
      countries: 'Países',
    },
    how: 'Cómo funciona',
    steps: {
      signUp: {
        title: 'Regístrate',
        text: 'Crea una cuenta gratis, verifica tu correo y elige tu país y tu club favorito.',
      },
      predict: {
        title: 'Haz tus pronósticos',
        text: 'Pronostica todos los marcadores antes del cierre de la jornada y elige un comodín para sumar puntos dobles.',
      },
      compete: {
        title: 'Compite y gana',
        text: 'Escala en tus ligas, sigue tu porcentaje de acierto y gánate el derecho a presumir.',
      },
    },
    cta: '¿Listo para el pitido inicial?',
    createAccount: 'Crear cuenta',
  },
  help: {
    title: 'Centro de ayuda',
    intro: 'Reglas, puntuación, ligas y tu cuenta: respuestas a las preguntas más frecuentes de los aficionados.',
    searchLabel: 'Buscar en la ayuda',
    searchPlaceholder: 'Busca comodín, cierre, ligas…',
    results_one: '{{count}} resultado para «{{query}}»',
    results_other: '{{count}} resultados para «{{query}}»',
    noMatchTitle: 'Ninguna pregunta coincide',
    noMatchText: 'Prueba con otra palabra o explora los temas cuando borres la búsqueda.',
    categories: { gettingStarted: 'Primeros pasos', scoring: 'Puntuación', leagues: 'Ligas', account: 'Cuenta' },
    glance: {
      title: 'La puntuación de un vistazo',
      caption: 'Puntos según el resultado del pronóstico',
      outcome: 'Resultado',
      points: 'Puntos',
      note: 'El comodín duplica los puntos de su partido · un comodín por jornada · cierre en el pitido inicial del primer partido · los partidos aplazados se anulan.',
    },
    rules: {
      win: 'Resultado acertado (victoria)',
      draw: 'Empate acertado',
      exactWin: 'Resultado exacto (victoria)',
      exactDraw: 'Resultado exacto (empate)',
      wrong: 'Resultado fallado',
    },
    quickLinks: {
      title: 'Accesos rápidos',
      predictions: { label: 'Haz tus pronósticos', text: 'Los partidos de esta jornada' },
      leagues: { label: 'Ligas', text: 'Crea una liga o únete a una' },
      settings: { label: 'Ajustes', text: 'Perfil, contraseña, tema' },
      about: { label: 'Acerca de Scoreline', text: 'Quiénes somos y cómo funciona' },
    },
  },
  faq: {
    start: {
      question: '¿Cómo empiezo a jugar?',
      answer:
        'Crea una cuenta, verifica tu correo con el código de 6 dígitos que te enviamos y elige tu país y tu club favorito. Después abre Jornadas, introduce un marcador para cada partido y guarda tus pronósticos antes del cierre.',
    },
    verification: {
      question: 'No me ha llegado el código de verificación. ¿Qué hago?',
      answer:
        'Revisa primero tu carpeta de spam. En la pantalla de verificación puedes pedir un código nuevo cuando termine la cuenta atrás de 60 segundos. Tras 3 códigos incorrectos, la pantalla se bloquea hasta que pidas uno nuevo.',
    },
    countryClub: {
      question: '¿Por qué tengo que indicar mi país y mi club favorito?',
      answer:
        'Sirven para meterte en la liga de tu país y en la de tu club, y así puedes compararte con aficionados como tú. Puedes saltarte este paso y cambiar tu elección cuando quieras en Ajustes.',
    },
    points: {
      question: '¿Cómo se calculan los puntos?',
      answer: 'Cada pronóstico se puntúa cuando termina el partido. Los puntos son totales, no se suman entre sí:',
      list: {
        win: 'Resultado acertado (victoria local o visitante): 10 puntos',
        draw: 'Empate acertado: 15 puntos',
        exactWin: 'Resultado exacto con victoria acertada: 20 puntos',
        exactDraw: 'Resultado exacto con empate acertado: 30 puntos',
        wrong: 'Resultado fallado: 0 puntos',
      },
    },
    banker: {
      question: '¿Qué es el comodín?',
      answer:
        'Tu comodín es el pronóstico del que estás más seguro. El comodín duplica los puntos de su partido, así que un empate con resultado exacto como comodín vale 60. Tienes un comodín por jornada: si marcas otro partido, el comodín pasa a ese.',
    },
    deadline: {
      question: '¿Cuándo cierran los pronósticos?',
      answer:
        'El cierre es el pitido inicial del primer partido de la jornada. Hasta entonces puedes cambiar tus pronósticos y tu comodín tantas veces como quieras; después, toda la jornada queda bloqueada.',
    },
    competitions: {
      question: '¿Puedo jugar varias competiciones a la vez?',
      answer:
        'Sí: la Premier League y el Mundial a la vez, por ejemplo. Elígelas al configurar tu cuenta o en Ajustes → Perfil → Competiciones, y cambia de una a otra con el selector bajo la cabecera; cada pantalla muestra entonces esa competición. Cada competición tiene sus rondas (las jornadas de una liga, las de grupos y las eliminatorias de un torneo), cada ronda su plazo en su primer partido y su propio banker, y sus ligas global, de país y de club (en un torneo, la de los aficionados de tu selección). Una liga privada o pública juega una sola competición, elegida al crearla. Tus puntos de una competición nunca cuentan en otra.',
    },
    knockouts: {
      question: '¿Cómo puntúan las eliminatorias y los cruces a doble partido?',
      answer:
        'Pronosticas el resultado tras 90 minutos y el tiempo añadido: la prórroga y los penaltis nunca lo cambian. En una eliminatoria también eliges quién pasa: acertar da 10 puntos, nunca duplicados por el comodín. En un cruce a doble partido pronosticas cada partido y eliges quién pasa una sola vez, con la vuelta; cuenta el global, luego la prórroga y luego los penaltis (sin valor doble de los goles fuera). Un partido cuyos equipos aún no se conocen (como «Ganador del partido 73») se abre cuando se conocen.',
    },
    bonus: {
      question: '¿Qué son las preguntas extra?',
      answer:
        'Antes del primer partido de una competición puedes decir quién será campeón, quién será el máximo goleador y, en una liga, quién quedará último: 20 puntos cada una. Los nombres valen como los escribas (mayúsculas y tildes no importan). Tus respuestas quedan ocultas hasta el primer partido. El creador de una liga privada puede añadir hasta cinco preguntas propias, de 5 a 50 puntos cada una.',
    },
    postponed: {
      question: '¿Qué pasa si se aplaza un partido?',
      answer:
        'Un partido aplazado queda anulado: da 0 puntos a todo el mundo, un comodín en él no suma nada y no cuenta para tu porcentaje de acierto.',
    },
    accuracy: {
      question: '¿Qué es el porcentaje de acierto?',
      answer:
        'El porcentaje de acierto es la proporción de tus pronósticos puntuados en los que acertaste el resultado (resultados exactos incluidos), expresada como un porcentaje entero.',
    },
    hotCold: {
      question: '¿Qué son los equipos talismán y los equipos gafe?',
      answer:
        'Equipos talismán y equipos gafe: los clubes en cuyos partidos tus pronósticos acertaron con más / menos frecuencia (resultado acertado o resultado exacto), entre los clubes de los que pronosticaste al menos 3 partidos.',
    },
    leagueKinds: {
      question: '¿Qué tipos de liga hay?',
      answer: 'Hay cinco tipos, y tus pronósticos cuentan en todas a la vez:',
      list: {
        global: 'Global: todos los jugadores',
        country: 'País: los jugadores que eligieron tu país',
        club: 'Club: los aficionados de tu club favorito',
        private: 'Privada: solo con invitación; se entra con un código y con la aprobación del propietario',
        public: 'Pública: abierta a cualquiera que tenga el ID de la liga; se entra al instante',
      },
    },
    privateJoin: {
      question: '¿Cómo me uno a una liga privada?',
      answer:
        'Pide al propietario el código de invitación (hasta 8 caracteres), ve a Ligas › Unirse a una liga, introduce el código y, si quieres, un mensaje breve. El propietario aprobará tu solicitud.',
    },
    publicJoin: {
      question: '¿Cómo me uno a una liga pública?',
      answer: 'Introduce el ID numérico de la liga en Ligas › Unirse a una liga. Entras al momento.',
    },
    privateSize: {
      question: '¿Cuántos jugadores puede tener una liga privada?',
      answer: 'Al crear una liga privada puedes fijar un máximo de entre 2 y 1000 miembros.',
    },
    forgotPassword: {
      question: 'He olvidado mi contraseña. ¿Cómo la restablezco?',
      answer:
        'Elige «¿Olvidaste tu contraseña?» en la pantalla de inicio de sesión, introduce tu correo y te enviaremos un código de 6 dígitos. Introduce el código junto con tu nueva contraseña para restablecerla.',
    },
    changePassword: {
      question: '¿Cómo cambio mi contraseña o mi nombre?',
      answer:
        'Abre Ajustes › Perfil. Al cambiar la contraseña se cierra la sesión en tus otros dispositivos; en este sigues conectado.',
    },
    changeClub: {
      question: '¿Puedo cambiar mi club favorito?',
      answer: 'Sí. Abre Ajustes y elige Cambiar junto a tu país y tu club favorito.',
    },
  },
  legal: {
    eyebrow: 'Legal',
    lastUpdated: 'Última actualización: enero de 2025',
    onThisPage: 'En esta página',
    englishBinding: 'El texto de este documento está en inglés; la versión inglesa es la única vinculante.',
  },
  terms: {
    title: 'Términos del servicio',
    intro: 'Estos términos explican las reglas de uso de Scoreline, el juego de pronósticos de fútbol.',
    sections: {
      acceptance: 'Aceptación de estos términos',
      eligibility: 'Quién puede jugar',
      account: 'Tu cuenta',
      game: 'El juego',
      fairPlay: 'Juego limpio',
      content: 'Propiedad intelectual',
      termination: 'Suspensión y cierre de tu cuenta',
      liability: 'Exención y limitación de responsabilidad',
      changes: 'Cambios en estos términos',
      contact: 'Contacto',
    },
  },
  privacy: {
    title: 'Política de privacidad',
    intro: 'Esta política explica qué datos personales recopila Scoreline, por qué y qué opciones tienes.',
    sections: {
      collect: 'Información que recopilamos',
      use: 'Cómo la usamos',
      sharing: 'Qué ven otros jugadores',
      storage: 'Cookies y almacenamiento local',
      retention: 'Cuánto tiempo la conservamos',
      rights: 'Tus derechos',
      children: 'Privacidad de los menores',
      security: 'Seguridad',
      changes: 'Cambios en esta política',
      contact: 'Contacto',
    },
  },
};

const fr: Messages<typeof en> = {
  landing: {
    badge: 'Le jeu hebdomadaire de pronostics',
    title: 'Jusqu’où va votre science du ballon rond ?',
    intro:
      'Pronostiquez le score de chaque match, posez votre joker sur votre pronostic le plus sûr pour doubler vos points et grimpez au classement face à vos amis, aux autres fans et au monde entier.',
    startPredicting: 'Commencer à pronostiquer',
    free: 'Gratuit. Deux minutes par semaine suffisent.',
    features: {
      title: 'Tout ce qu’il faut un jour de match',
      intro: 'Des ligues à remporter, un joker à jouer et des stats qui disent à quel point vous êtes vraiment bon.',
      leagues: {
        title: 'Ligues publiques et privées',
        text: 'Affrontez vos potes dans une ligue privée grâce à un code d’invitation, rejoignez une ligue publique en un clic et retrouvez-vous automatiquement dans les ligues de votre pays et de votre club.',
      },
      banker: {
        title: 'Joker et pronostics de résultats',
        text: 'Pronostiquez tous les scores de la journée, puis misez votre joker sur votre pronostic le plus sûr : un par semaine, points doublés si vous visez juste.',
      },
      analytics: {
        title: 'Statistiques personnelles et classement',
        text: 'Suivez vos points, votre taux de réussite et votre classement semaine après semaine, et découvrez les clubs que vous lisez le mieux (et le moins bien) grâce à vos équipes fétiches et vos bêtes noires.',
      },
    },
    sample: {
      yourPicks: 'Vos pronostics',
      points: 'points',
      versus: 'vs',
      line: 'Votre pronostic {{pick}} · Final {{result}}',
      banker: 'Joker',
      exact: 'Exact',
      correct: 'Résultat',
      wrong: 'Raté',
      league: 'La Ligue du Bistrot',
    },
    scoring: {
      title: 'Un barème simple, des débats sans fin',
      text: 'Trouvez la bonne issue pour marquer des points, le score exact pour en marquer davantage. Les nuls sont plus durs à pronostiquer, alors ils rapportent plus.',
      link: 'Comment fonctionne le barème',
      correctResult: 'Bon résultat',
      correctDraw: 'Bon match nul',
      exactScore: 'Score exact',
      exactDraw: 'Nul au score exact',
    },
    cta: {
      title: 'La prochaine journée vous attend',
      text: 'Créez votre compte, choisissez votre club et envoyez vos premiers pronostics avant le coup d’envoi.',
      button: 'Créez votre compte gratuit',
    },
  },
  about: {
    eyebrow: 'À propos de Scoreline',
    title: 'Par des fans, pour des fans',
    intro:
      'Notre mission est simple : que chaque match compte. Scoreline transforme le débat hebdomadaire sur qui s’y connaît le mieux en foot en une compétition amicale, avec un classement pour trancher.',
    featuresHeading: 'Fonctionnalités',
    features: {
      predictions: {
        title: 'Des pronostics précis',
        text: 'Pronostiquez le score de chaque match et gagnez des points pour la bonne issue, davantage pour le score exact.',
      },
      social: {
        title: 'Compétition entre amis',
        text: 'Défiez vos amis, vos collègues et les supporters de votre club, semaine après semaine.',
      },
      leagues: {
        title: 'Plusieurs ligues',
        text: 'Ligues mondiale, nationale, de club, privées et publiques : les mêmes pronostics comptent partout.',
      },
      realtime: {
        title: 'Mises à jour en temps réel',
        text: 'Voyez les points et les classements bouger au fil des buts, pas le lendemain matin.',
      },
    },
    community: 'Notre communauté',
    stats: {
      atLeast: '+\u00a0de\u00a0{{value}}',
      activeUsers: 'Utilisateurs actifs',
      predictions: 'Pronostics',
      leagues: 'Ligues',
      countries: 'Pays',
    },
    how: 'Comment ça marche',
    steps: {
      signUp: {
        title: 'Inscrivez-vous',
        text: 'Créez un compte gratuit, vérifiez votre e-mail et choisissez votre pays et votre club de cœur.',
      },
      predict: {
        title: 'Pronostiquez',
        text: 'Pronostiquez tous les scores avant la date limite de la journée et choisissez un joker pour doubler vos points.',
      },
      compete: {
        title: 'Jouez et gagnez',
        text: 'Grimpez dans vos ligues, suivez votre taux de réussite et gagnez le droit de chambrer vos amis.',
      },
    },
    cta: 'Prêt pour le coup d’envoi ?',
    createAccount: 'Créer un compte',
  },
  help: {
    title: 'Centre d’aide',
    intro: 'Règles, barème, ligues et compte : les réponses aux questions que les fans posent le plus.',
    searchLabel: 'Rechercher dans l’aide',
    searchPlaceholder: 'Recherchez joker, date limite, ligues…',
    results_one: '{{count}} résultat pour « {{query}} »',
    results_other: '{{count}} résultats pour « {{query}} »',
    noMatchTitle: 'Aucune question correspondante',
    noMatchText: 'Essayez un autre mot, ou parcourez les rubriques après avoir effacé la recherche.',
    categories: { gettingStarted: 'Premiers pas', scoring: 'Barème', leagues: 'Ligues', account: 'Compte' },
    glance: {
      title: 'Le barème en un coup d’œil',
      caption: 'Points selon l’issue du pronostic',
      outcome: 'Issue',
      points: 'Points',
      note: 'Le joker double les points de son match · un joker par journée · date limite au premier coup d’envoi · les matchs reportés sont annulés.',
    },
    rules: {
      win: 'Bon résultat (victoire)',
      draw: 'Bon match nul',
      exactWin: 'Score exact (victoire)',
      exactDraw: 'Score exact (match nul)',
      wrong: 'Mauvais résultat',
    },
    quickLinks: {
      title: 'Liens rapides',
      predictions: { label: 'Faites vos pronostics', text: 'Les matchs de cette journée' },
      leagues: { label: 'Ligues', text: 'Créer ou rejoindre une ligue' },
      settings: { label: 'Paramètres', text: 'Profil, mot de passe, thème' },
      about: { label: 'À propos de Scoreline', text: 'Qui nous sommes et comment ça marche' },
    },
  },
  faq: {
    start: {
      question: 'Comment commencer à jouer ?',
      answer:
        'Créez un compte, vérifiez votre e-mail avec le code à 6 chiffres que nous vous envoyons, puis choisissez votre pays et votre club de cœur. Ensuite, ouvrez Journées, saisissez un score pour chaque match et enregistrez vos pronostics avant la date limite.',
    },
    verification: {
      question: 'Je n’ai pas reçu mon code de vérification. Que faire ?',
      answer:
        'Vérifiez d’abord vos spams. Sur l’écran de vérification, vous pouvez demander un nouveau code une fois le compte à rebours de 60 secondes terminé. Après 3 codes erronés, l’écran se verrouille jusqu’à ce que vous en demandiez un nouveau.',
    },
    countryClub: {
      question: 'Pourquoi demandez-vous mon pays et mon club de cœur ?',
      answer:
        'Ils vous placent dans la ligue de votre pays et dans celle de votre club, pour vous mesurer aux fans qui vous ressemblent. Vous pouvez passer cette étape et modifier votre choix à tout moment dans Paramètres.',
    },
    points: {
      question: 'Comment les points sont-ils calculés ?',
      answer: 'Chaque pronostic est noté à la fin du match. Les points sont des totaux, ils ne s’additionnent pas :',
      list: {
        win: 'Bon résultat (victoire à domicile ou à l’extérieur) : 10 points',
        draw: 'Bon match nul : 15 points',
        exactWin: 'Score exact sur une victoire : 20 points',
        exactDraw: 'Score exact sur un match nul : 30 points',
        wrong: 'Mauvais résultat : 0 point',
      },
    },
    banker: {
      question: 'Qu’est-ce que le joker ?',
      answer:
        'Votre joker, c’est le pronostic dont vous êtes le plus sûr. Le joker double les points de son match : un nul au score exact joué en joker vaut donc 60. Vous avez un joker par journée : en cocher un autre match l’y déplace.',
    },
    deadline: {
      question: 'Quelle est la date limite des pronostics ?',
      answer:
        'La date limite est le coup d’envoi du premier match de la journée. Jusque-là, vous pouvez modifier vos pronostics et votre joker autant que vous voulez ; ensuite, toute la journée est verrouillée.',
    },
    competitions: {
      question: 'Puis-je jouer plusieurs compétitions à la fois ?',
      answer:
        'Oui : la Premier League et la Coupe du monde côte à côte, par exemple. Choisissez-les en configurant votre compte ou dans Paramètres → Profil → Compétitions, et passez de l’une à l’autre avec le sélecteur sous l’en-tête ; chaque écran montre alors cette compétition. Chaque compétition a ses tours (les journées d’un championnat, les journées de groupes et les tours à élimination directe d’un tournoi), chaque tour sa date limite au premier coup d’envoi et son propre banker, et ses ligues mondiale, de pays et de club (dans un tournoi, celle des supporters de votre sélection). Une ligue privée ou publique joue une seule compétition, choisie à sa création. Vos points d’une compétition ne comptent jamais dans une autre.',
    },
    knockouts: {
      question: 'Comment comptent les matchs à élimination directe et les confrontations aller-retour ?',
      answer:
        'Vous pronostiquez le score après 90 minutes et le temps additionnel : la prolongation et les tirs au but ne le changent jamais. Dans un match à élimination directe, vous choisissez aussi qui se qualifie : un bon choix rapporte 10 points, jamais doublés par le joker. Dans une confrontation aller-retour, vous pronostiquez chaque match et choisissez qui se qualifie une seule fois, avec le retour ; c’est le score cumulé qui compte, puis la prolongation, puis les tirs au but (sans règle des buts à l’extérieur). Un match dont les équipes ne sont pas encore connues (comme « Vainqueur du match 73 ») s’ouvre quand elles le sont.',
    },
    bonus: {
      question: 'Que sont les questions bonus ?',
      answer:
        'Avant le premier coup d’envoi d’une compétition, vous pouvez dire qui sera champion, qui sera meilleur buteur et, dans un championnat, qui finira dernier : 20 points chacune. Les noms comptent quelle que soit leur écriture (majuscules et accents ne comptent pas). Vos réponses restent cachées jusqu’au premier coup d’envoi. Le créateur d’une ligue privée peut ajouter jusqu’à cinq questions à lui, de 5 à 50 points chacune.',
    },
    postponed: {
      question: 'Que se passe-t-il quand un match est reporté ?',
      answer:
        'Un match reporté est annulé : il rapporte 0 point à tout le monde, un joker placé dessus ne rapporte rien et il ne compte pas dans votre taux de réussite.',
    },
    accuracy: {
      question: 'Que signifie le taux de réussite ?',
      answer:
        'Le taux de réussite est la part de vos pronostics notés qui ont trouvé le bon résultat (scores exacts compris), affichée en pourcentage entier.',
    },
    hotCold: {
      question: 'Que sont les équipes fétiches et les bêtes noires ?',
      answer:
        'Équipes fétiches et bêtes noires : les clubs dont vous avez le plus / le moins souvent bien pronostiqué les matchs (bon résultat ou score exact), parmi ceux dont vous avez pronostiqué au moins 3 matchs.',
    },
    leagueKinds: {
      question: 'Quels types de ligues existe-t-il ?',
      answer: 'Il en existe cinq, et vos pronostics comptent dans toutes à la fois :',
      list: {
        global: 'Mondiale : tous les joueurs',
        country: 'Pays : les joueurs qui ont choisi votre pays',
        club: 'Club : les supporters de votre club de cœur',
        private: 'Privée : sur invitation, on la rejoint avec un code et l’accord du propriétaire',
        public: 'Publique : ouverte à tous avec l’identifiant de la ligue, on la rejoint immédiatement',
      },
    },
    privateJoin: {
      question: 'Comment rejoindre une ligue privée ?',
      answer:
        'Demandez le code d’invitation au propriétaire (8 caractères maximum), puis allez dans Ligues › Rejoindre une ligue, saisissez le code et, si vous le souhaitez, un court message. Le propriétaire valide votre demande.',
    },
    publicJoin: {
      question: 'Comment rejoindre une ligue publique ?',
      answer: 'Saisissez l’identifiant numérique de la ligue dans Ligues › Rejoindre une ligue. Vous y êtes aussitôt.',
    },
    privateSize: {
      question: 'Combien de joueurs une ligue privée peut-elle compter ?',
      answer: 'En créant une ligue privée, vous pouvez fixer un maximum compris entre 2 et 1\u00a0000 membres.',
    },
    forgotPassword: {
      question: 'J’ai oublié mon mot de passe. Comment le réinitialiser ?',
      answer:
        'Choisissez « Mot de passe oublié ? » sur l’écran de connexion, saisissez votre e-mail et nous vous envoyons un code à 6 chiffres. Saisissez ce code avec votre nouveau mot de passe pour le réinitialiser.',
    },
    changePassword: {
      question: 'Comment changer mon mot de passe ou mon nom ?',
      answer:
        'Ouvrez Paramètres › Profil. Changer votre mot de passe vous déconnecte de vos autres appareils ; celui-ci reste connecté.',
    },
    changeClub: {
      question: 'Puis-je changer de club de cœur ?',
      answer: 'Oui. Ouvrez Paramètres et choisissez Modifier à côté de votre pays et de votre club de cœur.',
    },
  },
  legal: {
    eyebrow: 'Mentions légales',
    lastUpdated: 'Dernière mise à jour : janvier 2025',
    onThisPage: 'Sur cette page',
    englishBinding: 'Le texte de ce document est en anglais ; seule la version anglaise fait foi.',
  },
  terms: {
    title: 'Conditions d’utilisation',
    intro: 'Ces conditions expliquent les règles d’utilisation de Scoreline, le jeu de pronostics de football.',
    sections: {
      acceptance: 'Acceptation des présentes conditions',
      eligibility: 'Qui peut jouer',
      account: 'Votre compte',
      game: 'Le jeu',
      fairPlay: 'Fair-play',
      content: 'Propriété intellectuelle',
      termination: 'Suspension et fermeture de votre compte',
      liability: 'Avertissement et responsabilité',
      changes: 'Modifications des présentes conditions',
      contact: 'Contact',
    },
  },
  privacy: {
    title: 'Politique de confidentialité',
    intro: 'Cette politique explique quelles données personnelles Scoreline collecte, pourquoi, et quels choix s’offrent à vous.',
    sections: {
      collect: 'Les informations que nous collectons',
      use: 'Comment nous les utilisons',
      sharing: 'Ce que voient les autres joueurs',
      storage: 'Cookies et stockage local',
      retention: 'Durée de conservation',
      rights: 'Vos droits',
      children: 'Protection des enfants',
      security: 'Sécurité',
      changes: 'Modifications de cette politique',
      contact: 'Contact',
    },
  },
};

const de: Messages<typeof en> = {
  landing: {
    badge: 'Das wöchentliche Tippspiel',
    title: 'Wie gut kennst du das schönste Spiel der Welt?',
    intro:
      'Tippe das Ergebnis jedes Spiels, setz deinen Joker auf deinen sichersten Tipp für doppelte Punkte und klettere in der Tabelle – gegen Freunde, andere Fans und die ganze Welt.',
    startPredicting: 'Jetzt tippen',
    free: 'Kostenlos. Dauert nur zwei Minuten pro Woche.',
    features: {
      title: 'Alles, was ein Spieltag braucht',
      intro: 'Ligen zum Gewinnen, ein Joker zum Setzen und Zahlen, die zeigen, wie gut du wirklich bist.',
      leagues: {
        title: 'Öffentliche & private Ligen',
        text: 'Miss dich mit deinen Kumpels in einer privaten Liga per Einladungscode, tritt einer öffentlichen Liga mit einem Klick bei und lande automatisch in den Ligen deines Landes und deines Vereins.',
      },
      banker: {
        title: 'Joker-Tipp & Ergebnistipps',
        text: 'Tippe alle Ergebnisse des Spieltags und setz dann den Joker auf deinen sichersten Tipp: einer pro Woche, doppelte Punkte, wenn du richtig liegst.',
      },
      analytics: {
        title: 'Persönliche Statistiken & Platzierung',
        text: 'Verfolge deine Punkte, deine Trefferquote und deine Platzierung Woche für Woche und finde mit deinen Lieblingsteams und Angstgegnern heraus, welche Vereine du am besten (und am schlechtesten) einschätzt.',
      },
    },
    sample: {
      yourPicks: 'Deine Tipps',
      points: 'Punkte',
      versus: 'gg.',
      line: 'Dein Tipp {{pick}} · Endstand {{result}}',
      banker: 'Joker',
      exact: 'Exakt',
      correct: 'Tendenz',
      wrong: 'Daneben',
      league: 'Die Stammtisch-Liga',
    },
    scoring: {
      title: 'Einfache Wertung, endlose Diskussionen',
      text: 'Triff die Tendenz für Punkte, das exakte Ergebnis für noch mehr. Unentschieden sind schwerer zu tippen, deshalb bringen sie mehr.',
      link: 'So funktioniert die Wertung',
      correctResult: 'Richtige Tendenz',
      correctDraw: 'Richtiges Unentschieden',
      exactScore: 'Exaktes Ergebnis',
      exactDraw: 'Exaktes Ergebnis bei Unentschieden',
    },
    cta: {
      title: 'Der nächste Spieltag wartet',
      text: 'Erstelle dein Konto, wähle deinen Verein und gib deine ersten Tipps vor dem Anpfiff ab.',
      button: 'Kostenloses Konto erstellen',
    },
  },
  about: {
    eyebrow: 'Über Scoreline',
    title: 'Von Fans, für Fans',
    intro:
      'Unsere Mission ist einfach: Jedes Spiel soll zählen. Scoreline macht aus der wöchentlichen Diskussion, wer am meisten Ahnung von Fußball hat, einen freundschaftlichen Wettbewerb – mit einer Tabelle, die die Frage klärt.',
    featuresHeading: 'Funktionen',
    features: {
      predictions: {
        title: 'Präzise Tipps',
        text: 'Tippe das Ergebnis jedes Spiels und hol dir Punkte für die richtige Tendenz – und noch mehr für das exakte Ergebnis.',
      },
      social: {
        title: 'Wettbewerb mit Freunden',
        text: 'Miss dich Woche für Woche mit deinen Freunden, deinen Kollegen und den Fans deines Vereins.',
      },
      leagues: {
        title: 'Mehrere Ligen',
        text: 'Globale, Länder-, Vereins-, private und öffentliche Ligen: Dieselben Tipps zählen in allen.',
      },
      realtime: {
        title: 'Live-Updates',
        text: 'Sieh zu, wie sich Punkte und Platzierungen mit jedem Tor ändern – nicht erst am nächsten Morgen.',
      },
    },
    community: 'Unsere Community',
    stats: {
      atLeast: '{{value}}+',
      activeUsers: 'Aktive Nutzer',
      predictions: 'Tipps',
      leagues: 'Ligen',
      countries: 'Länder',
    },
    how: 'So funktioniert’s',
    steps: {
      signUp: {
        title: 'Registrieren',
        text: 'Erstelle ein kostenloses Konto, bestätige deine E-Mail-Adresse und wähle dein Land und deinen Lieblingsverein.',
      },
      predict: {
        title: 'Tipps abgeben',
        text: 'Tippe alle Ergebnisse vor dem Tippschluss des Spieltags und wähle einen Joker für doppelte Punkte.',
      },
      compete: {
        title: 'Antreten & gewinnen',
        text: 'Klettere in deinen Ligen nach oben, behalte deine Trefferquote im Blick und sichere dir das Recht zum Angeben.',
      },
    },
    cta: 'Bereit für den Anpfiff?',
    createAccount: 'Konto erstellen',
  },
  help: {
    title: 'Hilfe-Center',
    intro: 'Regeln, Wertung, Ligen und dein Konto: Antworten auf die häufigsten Fragen der Fans.',
    searchLabel: 'Hilfe durchsuchen',
    searchPlaceholder: 'Suche nach Joker, Tippschluss, Ligen…',
    results_one: '{{count}} Ergebnis für „{{query}}“',
    results_other: '{{count}} Ergebnisse für „{{query}}“',
    noMatchTitle: 'Keine passenden Fragen',
    noMatchText: 'Versuch es mit einem anderen Wort oder stöbere in den Themen, sobald du die Suche geleert hast.',
    categories: { gettingStarted: 'Erste Schritte', scoring: 'Wertung', leagues: 'Ligen', account: 'Konto' },
    glance: {
      title: 'Die Wertung auf einen Blick',
      caption: 'Punkte je Tippergebnis',
      outcome: 'Ergebnis',
      points: 'Punkte',
      note: 'Der Joker verdoppelt die Punkte seines Spiels · ein Joker pro Spieltag · Tippschluss beim ersten Anpfiff · verschobene Spiele werden annulliert.',
    },
    rules: {
      win: 'Richtige Tendenz (Sieg)',
      draw: 'Richtiges Unentschieden',
      exactWin: 'Exaktes Ergebnis (Sieg)',
      exactDraw: 'Exaktes Ergebnis (Unentschieden)',
      wrong: 'Falscher Tipp',
    },
    quickLinks: {
      title: 'Schnellzugriff',
      predictions: { label: 'Tipps abgeben', text: 'Die Spiele dieses Spieltags' },
      leagues: { label: 'Ligen', text: 'Liga erstellen oder beitreten' },
      settings: { label: 'Einstellungen', text: 'Profil, Passwort, Design' },
      about: { label: 'Über Scoreline', text: 'Wer wir sind und wie es funktioniert' },
    },
  },
  faq: {
    start: {
      question: 'Wie fange ich an?',
      answer:
        'Erstelle ein Konto, bestätige deine E-Mail-Adresse mit dem 6-stelligen Code, den wir dir schicken, und wähle dann dein Land und deinen Lieblingsverein. Öffne danach Spieltage, gib für jedes Spiel ein Ergebnis ein und speichere deine Tipps vor dem Tippschluss.',
    },
    verification: {
      question: 'Ich habe keinen Bestätigungscode bekommen. Was nun?',
      answer:
        'Schau zuerst in deinem Spam-Ordner nach. Auf dem Bestätigungsbildschirm kannst du einen neuen Code anfordern, sobald der 60-Sekunden-Countdown abgelaufen ist. Nach 3 falschen Codes wird der Bildschirm gesperrt, bis du einen neuen anforderst.',
    },
    countryClub: {
      question: 'Warum fragt ihr nach meinem Land und meinem Lieblingsverein?',
      answer:
        'Damit landest du in der Liga deines Landes und in der deines Vereins und kannst dich mit Fans wie dir vergleichen. Du kannst diesen Schritt überspringen und deine Wahl jederzeit in den Einstellungen ändern.',
    },
    points: {
      question: 'Wie werden die Punkte berechnet?',
      answer: 'Jeder Tipp wird nach Spielende gewertet. Die Punkte sind Gesamtwerte, sie werden nicht addiert:',
      list: {
        win: 'Richtige Tendenz (Heim- oder Auswärtssieg): 10 Punkte',
        draw: 'Richtiges Unentschieden: 15 Punkte',
        exactWin: 'Exaktes Ergebnis bei einem Sieg: 20 Punkte',
        exactDraw: 'Exaktes Ergebnis bei einem Unentschieden: 30 Punkte',
        wrong: 'Falscher Tipp: 0 Punkte',
      },
    },
    banker: {
      question: 'Was ist der Joker?',
      answer:
        'Dein Joker ist der Tipp, bei dem du dir am sichersten bist. Der Joker verdoppelt die Punkte seines Spiels – ein exaktes Ergebnis bei einem Unentschieden bringt als Joker also 60. Du hast einen Joker pro Spieltag: Markierst du ein anderes Spiel, wandert er dorthin.',
    },
    deadline: {
      question: 'Wann ist Tippschluss?',
      answer:
        'Tippschluss ist der Anpfiff des ersten Spiels des Spieltags. Bis dahin kannst du deine Tipps und deinen Joker so oft ändern, wie du willst; danach ist der ganze Spieltag gesperrt.',
    },
    competitions: {
      question: 'Kann ich mehrere Wettbewerbe gleichzeitig spielen?',
      answer:
        'Ja: zum Beispiel die Premier League und die Weltmeisterschaft nebeneinander. Wähle sie beim Einrichten deines Kontos oder unter Einstellungen → Profil → Wettbewerbe und wechsle mit der Auswahl unter der Kopfzeile; jeder Bildschirm zeigt dann diesen Wettbewerb. Jeder Wettbewerb hat seine Runden (die Spieltage einer Liga, die Gruppenspieltage und K.-o.-Runden eines Turniers), jede Runde ihren Tippschluss beim ersten Anstoß und ihren eigenen Banker, und seine globale, Landes- und Vereinsliga (in einem Turnier die der Fans deiner Nationalmannschaft). Eine private oder öffentliche Liga spielt einen Wettbewerb, der bei ihrer Erstellung gewählt wird. Deine Punkte in einem Wettbewerb zählen nie in einem anderen.',
    },
    knockouts: {
      question: 'Wie werden K.-o.-Spiele und Hin- und Rückspiele gewertet?',
      answer:
        'Du tippst das Ergebnis nach 90 Minuten und Nachspielzeit: Verlängerung und Elfmeterschießen ändern es nie. In einem K.-o.-Spiel tippst du außerdem, wer weiterkommt: ein richtiger Tipp bringt 10 Punkte, der Joker zählt dafür nicht. Bei Hin- und Rückspiel tippst du jedes Spiel und einmal, mit dem Rückspiel, wer weiterkommt; es zählt das Gesamtergebnis, dann die Verlängerung, dann das Elfmeterschießen (ohne Auswärtstorregel). Ein Spiel, dessen Mannschaften noch nicht feststehen (etwa „Sieger Spiel 73“), öffnet sich, sobald sie feststehen.',
    },
    bonus: {
      question: 'Was sind Bonusfragen?',
      answer:
        'Vor dem ersten Anpfiff eines Wettbewerbs kannst du tippen, wer Meister wird, wer Torschützenkönig wird und, in einer Liga, wer Letzter wird: je 20 Punkte. Namen zählen, wie du sie schreibst (Groß- und Kleinschreibung und Akzente sind egal). Deine Antworten bleiben bis zum ersten Anpfiff verborgen. Wer eine private Liga gegründet hat, kann bis zu fünf eigene Fragen hinzufügen, je 5 bis 50 Punkte wert.',
    },
    postponed: {
      question: 'Was passiert, wenn ein Spiel verschoben wird?',
      answer:
        'Ein verschobenes Spiel wird annulliert: Es bringt allen 0 Punkte, ein Joker darauf bringt nichts, und es zählt nicht für deine Trefferquote.',
    },
    accuracy: {
      question: 'Was bedeutet Trefferquote?',
      answer:
        'Die Trefferquote ist der Anteil deiner gewerteten Tipps mit richtiger Tendenz (exakte Ergebnisse eingeschlossen), als ganze Prozentzahl.',
    },
    hotCold: {
      question: 'Was sind Lieblingsteams und Angstgegner?',
      answer:
        'Lieblingsteams und Angstgegner: die Vereine, bei deren Spielen deine Tipps am häufigsten / am seltensten richtig waren (richtige Tendenz oder exaktes Ergebnis), unter den Vereinen, von denen du mindestens 3 Spiele getippt hast.',
    },
    leagueKinds: {
      question: 'Welche Arten von Ligen gibt es?',
      answer: 'Fünf Arten, und deine Tipps zählen in allen gleichzeitig:',
      list: {
        global: 'Global: alle Spieler',
        country: 'Land: Spieler, die dein Land gewählt haben',
        club: 'Verein: Fans deines Lieblingsvereins',
        private: 'Privat: nur auf Einladung, Beitritt per Code und mit Zustimmung des Besitzers',
        public: 'Öffentlich: offen für alle mit der Liga-ID, Beitritt sofort',
      },
    },
    privateJoin: {
      question: 'Wie trete ich einer privaten Liga bei?',
      answer:
        'Frag den Besitzer nach dem Einladungscode (bis zu 8 Zeichen), geh dann zu Ligen › Liga beitreten, gib den Code und auf Wunsch eine kurze Nachricht ein. Der Besitzer bestätigt deine Anfrage.',
    },
    publicJoin: {
      question: 'Wie trete ich einer öffentlichen Liga bei?',
      answer: 'Gib die numerische Liga-ID unter Ligen › Liga beitreten ein. Du bist sofort dabei.',
    },
    privateSize: {
      question: 'Wie viele Spieler kann eine private Liga haben?',
      answer: 'Beim Erstellen einer privaten Liga kannst du ein Maximum zwischen 2 und 1.000 Mitgliedern festlegen.',
    },
    forgotPassword: {
      question: 'Ich habe mein Passwort vergessen. Wie setze ich es zurück?',
      answer:
        'Wähle auf dem Anmeldebildschirm „Passwort vergessen?“, gib deine E-Mail-Adresse ein und wir schicken dir einen 6-stelligen Code. Gib den Code zusammen mit deinem neuen Passwort ein, um es zurückzusetzen.',
    },
    changePassword: {
      question: 'Wie ändere ich mein Passwort oder meinen Namen?',
      answer:
        'Öffne Einstellungen › Profil. Wenn du dein Passwort änderst, wirst du auf deinen anderen Geräten abgemeldet; auf diesem bleibst du angemeldet.',
    },
    changeClub: {
      question: 'Kann ich meinen Lieblingsverein ändern?',
      answer: 'Ja. Öffne die Einstellungen und wähle „Ändern“ neben deinem Land und deinem Lieblingsverein.',
    },
  },
  legal: {
    eyebrow: 'Rechtliches',
    lastUpdated: 'Zuletzt aktualisiert: Januar 2025',
    onThisPage: 'Auf dieser Seite',
    englishBinding: 'Der Text dieses Dokuments ist auf Englisch; verbindlich ist allein die englische Fassung.',
  },
  terms: {
    title: 'Nutzungsbedingungen',
    intro: 'Diese Bedingungen erklären die Regeln für die Nutzung von Scoreline, dem Fußball-Tippspiel.',
    sections: {
      acceptance: 'Annahme dieser Bedingungen',
      eligibility: 'Wer mitspielen darf',
      account: 'Dein Konto',
      game: 'Das Spiel',
      fairPlay: 'Fairplay',
      content: 'Geistiges Eigentum',
      termination: 'Sperrung und Schließung deines Kontos',
      liability: 'Haftungsausschluss und Haftung',
      changes: 'Änderungen dieser Bedingungen',
      contact: 'Kontakt',
    },
  },
  privacy: {
    title: 'Datenschutzerklärung',
    intro: 'Diese Erklärung beschreibt, welche personenbezogenen Daten Scoreline erhebt, warum, und welche Wahlmöglichkeiten du hast.',
    sections: {
      collect: 'Welche Daten wir erheben',
      use: 'Wie wir sie nutzen',
      sharing: 'Was andere Spieler sehen',
      storage: 'Cookies und lokaler Speicher',
      retention: 'Wie lange wir sie speichern',
      rights: 'Deine Rechte',
      children: 'Datenschutz für Kinder',
      security: 'Sicherheit',
      changes: 'Änderungen dieser Erklärung',
      contact: 'Kontakt',
    },
  },
};

export default { en, es, fr, de } satisfies Translation<typeof en>;
