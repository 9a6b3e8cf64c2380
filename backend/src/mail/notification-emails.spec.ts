import {
  deadlineReminderEmail,
  formatTimeLeft,
  formatUtc,
  joinRequestEmail,
  matchResultsEmail,
  ordinal,
  requestApprovedEmail,
  weeklyDigestEmail,
} from './notification-emails';

const APP = 'https://scoreline.example';

describe('notification emails', () => {
  it('formats time left, ordinals and UTC times', () => {
    expect(formatTimeLeft(23.6 * 3600_000)).toBe('24 hours');
    expect(formatTimeLeft(5 * 3600_000)).toBe('5 hours');
    expect(formatTimeLeft(65 * 60_000)).toBe('1 hour');
    expect(formatTimeLeft(40 * 60_000)).toBe('40 minutes');
    expect(formatTimeLeft(10_000)).toBe('1 minute');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 1000].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th', '1000th',
    ]);
    expect(formatUtc(new Date('2026-11-28T12:30:00Z'))).toBe('Saturday 28 November, 12:30 UTC');
  });

  it('reminds of a deadline with the predicted count and a link to /fixtures', () => {
    const mail = deadlineReminderEmail(
      { to: 'a@example.com', firstName: 'Ana', gameweekNumber: 12, deadline: new Date('2026-11-28T12:30:00Z'), now: new Date('2026-11-28T07:30:00Z'), predicted: 3, total: 10 },
      APP,
    );
    expect(mail.to).toBe('a@example.com');
    expect(mail.subject).toBe('Gameweek 12 closes in 5 hours — you have predicted 3 of 10 matches');
    expect(mail.text).toContain('Hi Ana,');
    expect(mail.text).toContain('Saturday 28 November, 12:30 UTC');
    expect(mail.text).toContain(`${APP}/fixtures`);
    expect(mail.text).toContain(`${APP}/settings`);
    expect(mail.html).toContain(`href="${APP}/fixtures"`);
    const single = deadlineReminderEmail(
      { to: 'a@example.com', firstName: '', gameweekNumber: 1, deadline: new Date(3600_000), now: new Date(0), predicted: 0, total: 1 },
      APP,
    );
    expect(single.subject).toBe('Gameweek 1 closes in 1 hour — you have predicted 0 of 1 match');
    expect(single.text).toContain('Hi there,');
  });

  it('sums up a finished gameweek: points, exact and other correct results, global rank', () => {
    const mail = matchResultsEmail({ to: 'b@example.com', firstName: 'Ben', gameweekNumber: 7, points: 45, predictions: 10, correct: 4, exact: 1, globalRank: 3 }, APP);
    expect(mail.subject).toBe('Gameweek 7 results: you scored 45 points');
    expect(mail.text).toContain('You scored 45 points from 10 predictions: 1 exact score and 3 other correct results.');
    expect(mail.text).toContain('You are 3rd in the global league.');
    expect(mail.text).toContain(`${APP}/results`);
    const unranked = matchResultsEmail({ to: 'b@example.com', firstName: 'Ben', gameweekNumber: 7, points: 1, predictions: 1, correct: 0, exact: 0, globalRank: null }, APP);
    expect(unranked.subject).toBe('Gameweek 7 results: you scored 1 point');
    expect(unranked.text).not.toContain('global league');
  });

  it("tells the owner about a join request with the requester's message, escaped in HTML and kept to one line in the subject", () => {
    const mail = joinRequestEmail(
      { to: 'o@example.com', firstName: 'Olu', leagueId: 42, leagueName: 'Pub <Quiz>\nLeague', requesterName: 'Eve Evil', requesterUsername: 'eve', message: 'Let me in <script>alert(1)</script> & thanks' },
      APP,
    );
    expect(mail.subject).toBe('Eve Evil asked to join Pub <Quiz> League');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('Let me in <script>alert(1)</script> & thanks');
    expect(mail.text).toContain(`${APP}/leagues/42`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; thanks');
    expect(mail.html).toContain('Pub &lt;Quiz&gt;');
    const silent = joinRequestEmail({ to: 'o@example.com', firstName: 'Olu', leagueId: 42, leagueName: 'L', requesterName: 'Al B', requesterUsername: 'al', message: '  ' }, APP);
    expect(silent.text).toContain('They did not add a message.');
  });

  it('tells the requester they were approved', () => {
    const mail = requestApprovedEmail({ to: 'r@example.com', firstName: 'Rui', leagueId: 9, leagueName: 'Office League' }, APP);
    expect(mail.subject).toBe("You're in: your request to join Office League was approved");
    expect(mail.text).toContain(`${APP}/leagues/9`);
  });

  it('writes the weekly digest with and without the optional figures', () => {
    const full = weeklyDigestEmail(
      {
        to: 'd@example.com',
        firstName: 'Dee',
        week: '2026-W48',
        seasonName: 'English Premier League 2026/27',
        seasonPoints: 120,
        lastGameweek: { number: 11, points: 30 },
        globalRank: 2,
        nextDeadline: { gameweekNumber: 12, at: new Date('2026-11-28T12:30:00Z') },
      },
      APP,
    );
    expect(full.subject).toBe('Your Scoreline week 2026-W48: 120 points this season');
    expect(full.text).toContain('Your English Premier League 2026/27 so far: 120 points, 2nd in the global league.');
    expect(full.text).toContain('Gameweek 11 brought you 30 points.');
    expect(full.text).toContain('Next deadline: Gameweek 12 closes Saturday 28 November, 12:30 UTC.');
    expect(full.text).toContain(`${APP}/dashboard`);
    const sparse = weeklyDigestEmail(
      { to: 'd@example.com', firstName: 'Dee', week: '2026-W48', seasonName: 'S', seasonPoints: 0, lastGameweek: { number: 3, points: null }, globalRank: null, nextDeadline: null },
      APP,
    );
    expect(sparse.text).toContain('Your S so far: 0 points.');
    expect(sparse.text).toContain('You did not play Gameweek 3.');
    expect(sparse.text).toContain('No deadline is scheduled yet.');
  });

  it('gives each competition the reader played its own section, the first one naming the points in the subject', () => {
    const both = weeklyDigestEmail(
      {
        to: 'd@example.com',
        firstName: 'Dee',
        week: '2026-W24',
        seasonName: 'English Premier League 2025/26',
        seasonPoints: 120,
        lastGameweek: null,
        globalRank: 2,
        nextDeadline: null,
        moreSections: [
          { seasonName: 'World Cup 2026', seasonPoints: 9, lastGameweek: { number: 1, points: 9 }, globalRank: null, nextDeadline: { gameweekNumber: 2, at: new Date('2026-06-18T16:00:00Z') } },
        ],
      },
      APP,
    );
    expect(both.subject).toBe('Your Scoreline week 2026-W24: 120 points this season');
    const premier = both.text.indexOf('Your English Premier League 2025/26 so far: 120 points, 2nd in the global league.');
    const worldCup = both.text.indexOf('Your World Cup 2026 so far: 9 points.');
    expect(premier).toBeGreaterThan(-1);
    expect(worldCup).toBeGreaterThan(premier);
    expect(both.text.slice(worldCup)).toContain('Gameweek 1 brought you 9 points.');
    expect(both.text.slice(worldCup)).toContain('Next deadline: Gameweek 2 closes Thursday 18 June, 16:00 UTC.');
    expect(both.text.slice(premier, worldCup)).toContain('No deadline is scheduled yet.');
  });
});

describe('notification emails in the reader\'s language and time zone', () => {
  const deadline = new Date('2026-11-28T12:30:00Z');
  const reminder = (language: 'en' | 'es' | 'fr' | 'de', timezone: 'local' | 'UTC' | 'GMT' | 'EST' | 'PST') =>
    deadlineReminderEmail(
      { to: 'fan@example.com', firstName: 'Ana', gameweekNumber: 12, deadline, now: new Date('2026-11-27T14:30:00Z'), predicted: 3, total: 10, language, timezone },
      'https://scoreline.test',
    );

  it('writes the deadline reminder in Spanish, French and German, with the deadline in the reader\'s zone', () => {
    const es = reminder('es', 'local');
    expect(es.subject).toBe('La jornada 12 se cierra en 22 horas: llevas 3 de 10 partidos pronosticados');
    expect(es.text).toContain('Hola, Ana:');
    expect(es.text).toContain('UTC');
    expect(es.html).toContain('<html lang="es">');
    const fr = reminder('fr', 'EST');
    expect(fr.subject).toBe('La journée 12 se termine dans 22 heures — vous avez pronostiqué 3 matchs sur 10');
    expect(fr.text).toMatch(/samedi 28 novembre.*07:30 EST/);
    const de = reminder('de', 'PST');
    expect(de.subject).toBe('Spieltag 12 schließt in 22 Stunden – du hast 3 von 10 Spielen getippt');
    expect(de.text).toMatch(/Samstag, 28\. November.*04:30 PST/);
    expect(de.text).toContain('In den Einstellungen ändern: https://scoreline.test/settings');
  });

  it('keeps English as it was, naming a chosen zone', () => {
    expect(reminder('en', 'UTC').text).toContain('(Saturday 28 November, 12:30 UTC)');
    expect(reminder('en', 'PST').text).toContain('(Saturday 28 November, 04:30 PST)');
  });

  it('translates the results, league and digest emails too', () => {
    const results = matchResultsEmail(
      { to: 'x@example.com', firstName: 'Jo', gameweekNumber: 3, points: 40, predictions: 10, correct: 5, exact: 2, globalRank: 1, language: 'fr' },
      'https://scoreline.test',
    );
    expect(results.subject).toBe('Résultats de la journée 3 : vous avez marqué 40 points');
    expect(results.text).toContain('Vous êtes 1er de la ligue globale.');
    const approved = requestApprovedEmail({ to: 'x@example.com', firstName: 'Jo', leagueId: 4, leagueName: 'Pub Quiz', language: 'de' }, 'https://scoreline.test');
    expect(approved.subject).toBe('Du bist dabei: deine Anfrage für Pub Quiz wurde angenommen');
    const digest = weeklyDigestEmail(
      {
        to: 'x@example.com',
        firstName: 'Jo',
        week: '2026-W48',
        seasonName: '2025/26',
        seasonPoints: 1,
        lastGameweek: null,
        globalRank: 2,
        nextDeadline: null,
        language: 'es',
      },
      'https://scoreline.test',
    );
    expect(digest.text).toContain('Tu 2025/26 hasta ahora: 1 punto, 2.º en la liga global.');
  });
});

describe("notification emails naming a tournament's round", () => {
  const APP_URL = 'https://scoreline.test';
  const deadline = new Date('2026-06-28T19:00:00Z');
  const reminder = (language: 'en' | 'es' | 'fr' | 'de', gameweekName: string | null) =>
    deadlineReminderEmail(
      { to: 'fan@example.com', firstName: 'Ana', gameweekNumber: 103, gameweekName, deadline, now: new Date('2026-06-28T14:00:00Z'), predicted: 0, total: 16, language },
      APP_URL,
    );

  it('names the round by its name in every language, never "Gameweek 103"', () => {
    expect(reminder('en', 'Round of 32').subject).toBe('Round of 32 closes in 5 hours — you have predicted 0 of 16 matches');
    expect(reminder('en', 'Round of 32').text).toContain('Round of 32 closes in 5 hours (Sunday 28 June, 19:00 UTC), and you have predicted 0 of 16 matches.');
    expect(reminder('es', 'Round of 32').subject).toBe('La ronda «Round of 32» se cierra en 5 horas: llevas 0 de 16 partidos pronosticados');
    expect(reminder('fr', 'Round of 32').subject).toBe('La phase « Round of 32 » se termine dans 5 heures — vous avez pronostiqué 0 matchs sur 16');
    expect(reminder('de', 'Round of 32').subject).toBe('Runde „Round of 32“ schließt in 5 Stunden – du hast 0 von 16 Spielen getippt');
    for (const language of ['en', 'es', 'fr', 'de'] as const) expect(reminder(language, 'Round of 32').text).not.toMatch(/103/);
  });

  it('shows the Champions League\'s names as labels, and a round without a name as the league\'s matchday', () => {
    expect(reminder('en', 'League, Matchday 1').subject).toMatch(/^League phase · Matchday 1 closes in 5 hours/);
    expect(reminder('en', 'Finals, Quarterfinals').subject).toMatch(/^Quarter-finals closes in/);
    expect(reminder('en', null).subject).toMatch(/^Gameweek 103 closes in/);
    expect(reminder('de', null).subject).toMatch(/^Spieltag 103 schließt/);
  });

  it('names the round in the results email and the digest', () => {
    const results = matchResultsEmail(
      { to: 'x@example.com', firstName: 'Jo', gameweekNumber: 108, gameweekName: 'Final', points: 5, predictions: 1, correct: 1, exact: 1, globalRank: null },
      APP_URL,
    );
    expect(results.subject).toBe('Final results: you scored 5 points');
    expect(results.text).toContain('Every match of Final is over. You scored 5 points from 1 prediction: 1 exact score and 0 other correct results.');
    const es = matchResultsEmail(
      { to: 'x@example.com', firstName: 'Jo', gameweekNumber: 105, gameweekName: 'Quarter-final', points: 5, predictions: 1, correct: 1, exact: 1, globalRank: null, language: 'es' },
      APP_URL,
    );
    expect(es.subject).toBe('Resultados de la ronda «Quarter-final»: has sumado 5 puntos');
    const digest = (language: 'en' | 'fr') =>
      weeklyDigestEmail(
        {
          to: 'x@example.com',
          firstName: 'Jo',
          week: '2026-W27',
          seasonName: 'World Cup 2026',
          seasonPoints: 40,
          lastGameweek: { number: 103, name: 'Round of 32', points: null },
          globalRank: null,
          nextDeadline: { gameweekNumber: 104, gameweekName: 'Round of 16', at: new Date('2026-07-04T17:00:00Z') },
          language,
        },
        APP_URL,
      );
    expect(digest('en').text).toContain('You did not play Round of 32.');
    expect(digest('en').text).toContain('Next deadline: Round of 16 closes Saturday 4 July, 17:00 UTC.');
    expect(digest('fr').text).toContain('Vous n’avez pas joué la phase « Round of 32 ».');
    expect(digest('fr').text).toContain('Prochaine clôture : la phase « Round of 16 » ferme le');
  });
});
