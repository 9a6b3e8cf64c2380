import { scorePrediction } from '@scoreline/contracts/game/scoring';
import { seededRandom } from '../replay/replay-plan';
import { bonusQuestionsOf } from '@scoreline/contracts/game/bonus-questions';
import { DEMO_BONUS_PICKS, DEMO_TOURNAMENT_LEAGUES } from './demo-names';
import {
  BONUS_ANSWER_SHARE,
  DEMO_EMAIL_DOMAIN,
  demoAdvancePick,
  demoUsername,
  planDemoBonusAnswers,
  planDemoFans,
  planDemoLeagues,
  planDemoPredictions,
  planTournamentFans,
  predictDemoScore,
  skillsFor,
  type DemoFan,
  type DemoGameweek,
  type DemoSkill,
} from './demo-world-plan';

const REF = {
  countryCodes: ['GB-ENG', 'GB-SCT', 'IE', 'US', 'NG', 'IN', 'ES', 'NO'],
  seasonClubs: ['Arsenal FC', 'Chelsea FC', 'Liverpool FC', 'Everton FC'],
  clubs: [
    { name: 'Arsenal FC', countryCode: 'GB-ENG' },
    { name: 'Celtic FC', countryCode: 'GB-SCT' },
    { name: 'Shamrock Rovers', countryCode: 'IE' },
    { name: 'Real Madrid', countryCode: 'ES' },
  ],
};

/** 20 gameweeks of 10 fixtures with a spread of real results, as the demo season has. */
function season(): DemoGameweek[] {
  const random = seededRandom(7);
  const results: [number, number][] = [[1, 0], [2, 1], [1, 1], [0, 2], [3, 1], [0, 0], [2, 2], [1, 2], [2, 0], [4, 1]];
  return Array.from({ length: 20 }, (_, g) => ({
    id: 100 + g,
    fixtures: Array.from({ length: 10 }, (_, f) => {
      const [h, a] = results[Math.floor(random() * results.length)];
      return { id: 1000 + g * 10 + f, readHome: h, readAway: a };
    }),
  }));
}

function pointsBySkill(fans: Pick<DemoFan, 'skill'>[], gameweeks: DemoGameweek[]) {
  const fixtures = new Map(gameweeks.flatMap((g) => g.fixtures).map((f) => [f.id, f]));
  const totals = fans.map(() => ({ points: 0, predicted: 0, correct: 0 }));
  for (const p of planDemoPredictions(fans, gameweeks, 11)) {
    const f = fixtures.get(p.fixtureId)!;
    const { points, outcome } = scorePrediction({ predictedHome: p.home, predictedAway: p.away, actualHome: f.readHome, actualAway: f.readAway, isBanker: p.banker });
    totals[p.fan].points += points;
    totals[p.fan].predicted += 1;
    if (outcome === 'exact' || outcome === 'correct') totals[p.fan].correct += 1;
  }
  const by = (skill: DemoSkill) => {
    const of = totals.filter((_, i) => fans[i].skill === skill);
    const predicted = of.reduce((s, t) => s + t.predicted, 0);
    return { perPrediction: of.reduce((s, t) => s + t.points, 0) / predicted, accuracy: of.reduce((s, t) => s + t.correct, 0) / predicted };
  };
  return { sharp: by('sharp'), solid: by('solid'), casual: by('casual'), hopeless: by('hopeless'), totals };
}

describe('demo fans', () => {
  it('are the same for the same seed, and different for another', () => {
    expect(planDemoFans(50, 1, REF)).toEqual(planDemoFans(50, 1, REF));
    expect(planDemoFans(50, 2, REF)).not.toEqual(planDemoFans(50, 1, REF));
  });

  it('split 15% sharp, 40% solid, 30% casual, 15% hopeless', () => {
    const skills = skillsFor(300, seededRandom(3));
    const count = (s: DemoSkill) => skills.filter((k) => k === s).length;
    expect([count('sharp'), count('solid'), count('casual'), count('hopeless')]).toEqual([45, 120, 90, 45]);
  });

  it('have unique usernames the sign-up rules accept and addresses at the reserved domain', () => {
    const fans = planDemoFans(300, 5, REF);
    expect(new Set(fans.map((f) => f.username.toLowerCase())).size).toBe(300);
    for (const f of fans) {
      expect(f.username).toMatch(/^[A-Za-z0-9_]{3,30}$/);
      expect(f.email).toBe(`${f.username.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`);
    }
    expect(demoUsername('Tomás', "O'Brien", new Set(['tomas_obrien']))).toBe('Tomas_OBrien2');
  });

  it('come from a spread of known countries and clubs, mostly the season clubs', () => {
    const fans = planDemoFans(300, 5, REF);
    expect(fans.every((f) => REF.countryCodes.includes(f.countryCode))).toBe(true);
    expect(new Set(fans.map((f) => f.countryCode)).size).toBeGreaterThanOrEqual(6);
    expect(fans.filter((f) => f.countryCode === 'GB-ENG').length).toBeGreaterThan(120);
    const seasonFans = fans.filter((f) => REF.seasonClubs.includes(f.clubName)).length;
    expect(seasonFans).toBeGreaterThan(240);
    expect(seasonFans).toBeLessThan(300);
    expect(new Set(fans.map((f) => f.clubName)).size).toBeGreaterThanOrEqual(6);
  });

  it('refuse to plan without reference data', () => {
    expect(() => planDemoFans(5, 1, { ...REF, seasonClubs: [] })).toThrow(/no countries or clubs/);
  });
});

describe('demo predictions', () => {
  const fans = planDemoFans(300, 9, REF);
  const gameweeks = season();

  it('are the same for the same seed', () => {
    expect(planDemoPredictions(fans, gameweeks, 4)).toEqual(planDemoPredictions(fans, gameweeks, 4));
  });

  it('rank the skills: sharp score most, hopeless least, and hopeless mostly miss', () => {
    const { sharp, solid, casual, hopeless } = pointsBySkill(fans, gameweeks);
    expect(sharp.perPrediction).toBeGreaterThan(solid.perPrediction);
    expect(solid.perPrediction).toBeGreaterThan(casual.perPrediction);
    expect(casual.perPrediction).toBeGreaterThan(hopeless.perPrediction);
    expect(sharp.accuracy).toBeGreaterThan(0.55);
    expect(hopeless.accuracy).toBeLessThan(0.25);
  });

  it('give a table with a spread of totals, not a tie', () => {
    const { totals } = pointsBySkill(fans, gameweeks);
    const points = totals.map((t) => t.points).sort((a, b) => b - a);
    expect(new Set(points).size).toBeGreaterThan(100);
    expect(points[0]).toBeGreaterThan(points[points.length - 1] * 3);
  });

  it('hold at most one banker per fan and gameweek, and most fans bank', () => {
    const predictions = planDemoPredictions(fans, gameweeks, 4);
    const fixtureGameweek = new Map(gameweeks.flatMap((g) => g.fixtures.map((f) => [f.id, g.id] as const)));
    const played = new Map<string, number>();
    for (const p of predictions) {
      const key = `${p.fan}:${fixtureGameweek.get(p.fixtureId)}`;
      played.set(key, (played.get(key) ?? 0) + (p.banker ? 1 : 0));
    }
    const bankers = [...played.values()];
    expect(Math.max(...bankers)).toBe(1);
    const share = bankers.filter((b) => b === 1).length / bankers.length;
    expect(share).toBeGreaterThan(0.85);
    expect(share).toBeLessThan(0.98);
  });

  it('cover every fixture of a gameweek a fan plays; some fans skip some gameweeks, none the ones everyone plays', () => {
    const everyone = new Set([gameweeks[19].id]);
    const predictions = planDemoPredictions(fans, gameweeks, 4, everyone);
    const perFanGameweek = new Map<string, number>();
    for (const p of predictions) {
      const gw = Math.floor((p.fixtureId - 1000) / 10);
      perFanGameweek.set(`${p.fan}:${gw}`, (perFanGameweek.get(`${p.fan}:${gw}`) ?? 0) + 1);
    }
    expect([...perFanGameweek.values()].every((n) => n === 10)).toBe(true);
    expect(perFanGameweek.size).toBeLessThan(300 * 20);
    expect(perFanGameweek.size).toBeGreaterThan(300 * 20 * 0.85);
    for (let fan = 0; fan < 300; fan++) expect(perFanGameweek.get(`${fan}:19`)).toBe(10);
  });

  it('guess a common score when the result is unknown, and always a valid score', () => {
    const random = seededRandom(1);
    for (let i = 0; i < 200; i++) {
      const [h, a] = predictDemoScore('sharp', { id: 1, readHome: null, readAway: null }, random);
      expect(h).toBeGreaterThanOrEqual(0);
      expect(a).toBeGreaterThanOrEqual(0);
      expect(h + a).toBeLessThanOrEqual(6);
    }
  });
});

describe('demo leagues', () => {
  it('have distinct members from the fans, the owner first, sized as listed (capped by the fan count)', () => {
    const leagues = planDemoLeagues(300, 3);
    expect(leagues.filter((l) => l.type === 'private').length).toBeGreaterThanOrEqual(3);
    expect(leagues.filter((l) => l.type === 'public').length).toBeGreaterThanOrEqual(2);
    for (const l of leagues) {
      expect(new Set(l.members).size).toBe(l.members.length);
      expect(l.members.every((m) => m >= 0 && m < 300)).toBe(true);
    }
    expect(planDemoLeagues(10, 3).every((l) => l.members.length <= 10)).toBe(true);
    expect(planDemoLeagues(300, 3)).toEqual(leagues);
  });
});

describe('"who goes through" picks', () => {
  const fans = planDemoFans(100, 9, REF);
  const knockout: DemoGameweek[] = [
    { id: 1, fixtures: [{ id: 11, readHome: 1, readAway: 0 }] },
    { id: 2, fixtures: [{ id: 21, readHome: null, readAway: null, advancePick: true }, { id: 22, readHome: null, readAway: null, advancePick: false }] },
  ];

  it('name a side in every prediction of a match that takes one, none elsewhere', () => {
    const predictions = planDemoPredictions(fans, knockout, 4, new Set([2]));
    const of = (id: number) => predictions.filter((p) => p.fixtureId === id);
    expect(of(21)).toHaveLength(100);
    expect(of(21).every((p) => p.advance === 'home' || p.advance === 'away')).toBe(true);
    expect([...of(11), ...of(22)].every((p) => p.advance === null)).toBe(true);
  });

  it('send the predicted winner through, and either side after a predicted draw', () => {
    const predictions = planDemoPredictions(fans, knockout, 4, new Set([2])).filter((p) => p.fixtureId === 21);
    for (const p of predictions) if (p.home !== p.away) expect(p.advance).toBe(p.home > p.away ? 'home' : 'away');
    const random = seededRandom(2);
    const afterDraws = new Set(Array.from({ length: 40 }, () => demoAdvancePick(1, 1, random)));
    expect(afterDraws).toEqual(new Set(['home', 'away']));
    expect(demoAdvancePick(0, 2, random)).toBe('away');
  });

  it('leave a league season\'s predictions as they were (no pick drawn where none is taken)', () => {
    const plain = season();
    const withFlags = plain.map((g) => ({ ...g, fixtures: g.fixtures.map((f) => ({ ...f, advancePick: false })) }));
    expect(planDemoPredictions(fans, withFlags, 4)).toEqual(planDemoPredictions(fans, plain, 4));
  });
});

describe('tournament fans', () => {
  const fans = planDemoFans(300, 5, { ...REF, countryCodes: [...REF.countryCodes, 'FR'] });
  const teams = ['England', 'USA', 'Spain', 'France', 'Scotland', 'Brazil', 'Japan'];

  it('are half the fans, each once, ascending, the same for the same seed', () => {
    const players = planTournamentFans(fans, 7, teams);
    expect(players).toHaveLength(150);
    expect(new Set(players.map((p) => p.fan)).size).toBe(150);
    expect(players.map((p) => p.fan)).toEqual([...players.map((p) => p.fan)].sort((a, b) => a - b));
    expect(players.every((p) => p.fan >= 0 && p.fan < 300)).toBe(true);
    expect(planTournamentFans(fans, 7, teams)).toEqual(players);
    expect(planTournamentFans(fans, 8, teams)).not.toEqual(players);
    expect(planTournamentFans(fans, 7, teams, 0.2)).toHaveLength(60);
  });

  it('back a team of the tournament, mostly their own country\'s when it plays', () => {
    const players = planTournamentFans(fans, 7, teams);
    expect(players.every((p) => teams.includes(p.team))).toBe(true);
    const english = players.filter((p) => fans[p.fan].countryCode === 'GB-ENG');
    expect(english.length).toBeGreaterThan(50);
    expect(english.filter((p) => p.team === 'England').length / english.length).toBeGreaterThan(0.75);
    // Ireland does not play it: its fans back anyone.
    const irish = players.filter((p) => fans[p.fan].countryCode === 'IE');
    expect(irish.every((p) => teams.includes(p.team))).toBe(true);
    expect(new Set(players.map((p) => p.team)).size).toBeGreaterThanOrEqual(5);
  });

  it('are none when the tournament has no teams yet', () => {
    expect(planTournamentFans(fans, 7, [])).toEqual([]);
  });

  it('have a private league of their own, drawn among them', () => {
    const [league] = planDemoLeagues(150, 3, DEMO_TOURNAMENT_LEAGUES);
    expect(league).toMatchObject({ name: 'World Cup Sweepstake', type: 'private' });
    expect(league.members).toHaveLength(DEMO_TOURNAMENT_LEAGUES[0].members);
    expect(league.members.every((m) => m >= 0 && m < 150)).toBe(true);
  });
});

describe('demo bonus answers', () => {
  const fans = Array.from({ length: 300 }, (_, i) => i);
  const leagueTeams = ['Arsenal FC', 'Liverpool FC', 'Burnley FC', 'Everton FC'];

  it('answer every question a league asks, for about the share of fans, with teams of the season only', () => {
    const answers = planDemoBonusAnswers(fans, 3, { questions: bonusQuestionsOf({ format: 'league', hasSquads: false }), teams: leagueTeams, picks: DEMO_BONUS_PICKS.league });
    const answering = new Set(answers.map((a) => a.fan));
    expect(answering.size / fans.length).toBeGreaterThan(BONUS_ANSWER_SHARE - 0.1);
    expect(answering.size / fans.length).toBeLessThan(BONUS_ANSWER_SHARE + 0.1);
    expect(answers).toHaveLength(answering.size * 3);
    for (const a of answers) {
      if (a.question === 'top_scorer') expect(a).toMatchObject({ team: null, playerName: expect.any(String) });
      else expect(leagueTeams).toContain(a.team);
    }
    expect(new Set(answers.filter((a) => a.question === 'champion').map((a) => a.team))).toEqual(new Set(['Arsenal FC', 'Liverpool FC']));
    expect(new Set(answers.filter((a) => a.question === 'bottom').map((a) => a.team))).toEqual(new Set(['Burnley FC']));
    // The favourite is picked most.
    const champions = answers.filter((a) => a.question === 'champion');
    expect(champions.filter((a) => a.team === 'Arsenal FC').length).toBeGreaterThan(champions.length / 2);
  });

  it('ask a tournament no bottom team, and skip a question no pick fits', () => {
    const answers = planDemoBonusAnswers(fans, 3, { questions: bonusQuestionsOf({ format: 'tournament', hasSquads: false }), teams: ['Spain', 'Haiti'], picks: DEMO_BONUS_PICKS.tournament });
    expect(new Set(answers.map((a) => a.question))).toEqual(new Set(['champion', 'top_scorer']));
    expect(answers.filter((a) => a.question === 'champion').every((a) => a.team === 'Spain')).toBe(true);
    const none = planDemoBonusAnswers(fans, 3, { questions: bonusQuestionsOf({ format: 'tournament', hasSquads: false }), teams: ['Haiti'], picks: DEMO_BONUS_PICKS.tournament });
    expect(none.every((a) => a.question === 'top_scorer')).toBe(true);
    expect(planDemoBonusAnswers(fans, 3, { questions: [], teams: ['Spain'], picks: DEMO_BONUS_PICKS.tournament })).toEqual([]);
  });
});
