import { scorePrediction } from '@scoreline/contracts/game/scoring';
import { seededRandom } from '../replay/replay-plan';
import {
  DEMO_EMAIL_DOMAIN,
  demoUsername,
  planDemoFans,
  planDemoLeagues,
  planDemoPredictions,
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
