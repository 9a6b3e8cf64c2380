import type { BonusQuestion, BonusQuestionKey } from '@scoreline/contracts/game/bonus-questions';
import { seededRandom } from '../replay/replay-plan';
import { DEMO_COUNTRY_WEIGHTS, DEMO_FIRST_NAMES, DEMO_LAST_NAMES, DEMO_LEAGUES, DEMO_NATIONAL_TEAMS } from './demo-names';

/**
 * The demo world as plain data: who the demo fans are, what they predict, which leagues they
 * make. Pure and seeded, so a seed is repeatable and the distribution can be tested; the seed
 * writes it set-based (demo-world.queries.ts).
 */

/**
 * How good a fan is. Sharp fans read most matches right, solid and casual ones less often,
 * hopeless ones back the other side out of stubbornness and mostly score nothing.
 */
export type DemoSkill = 'sharp' | 'solid' | 'casual' | 'hopeless';

/** Share of the fans of each skill (sums to 1). */
export const SKILL_SHARES: Record<DemoSkill, number> = { sharp: 0.15, solid: 0.4, casual: 0.3, hopeless: 0.15 };

/**
 * Per skill: the chance of calling the exact score, of calling the result with another score
 * (the rest is a guess from the common scores, which is sometimes right by luck), and of
 * playing a given gameweek at all.
 */
export const SKILL_PROFILES: Record<DemoSkill, { exact: number; result: number; plays: number }> = {
  sharp: { exact: 0.2, result: 0.45, plays: 1 },
  solid: { exact: 0.12, result: 0.38, plays: 0.97 },
  casual: { exact: 0.06, result: 0.28, plays: 0.85 },
  hopeless: { exact: 0, result: 0, plays: 0.8 },
};

/** Chance that a fan who plays a gameweek also names a banker. */
export const BANKER_RATE = 0.92;

export interface DemoFan {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  countryCode: string;
  clubName: string;
  skill: DemoSkill;
  /** Days before the seed that the account was made (for created_at). */
  joinedDaysAgo: number;
}

/** The club reference data the fans are drawn from. */
export interface DemoClubChoice {
  name: string;
  countryCode: string | null;
}

/** The reserved domain of every demo fan's address: `.invalid` never resolves (RFC 2606), so no mail can reach it. */
export const DEMO_EMAIL_DOMAIN = 'demo.scoreline.invalid';

type Random = () => number;

function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)];
}

function pickWeighted<T>(items: readonly (readonly [T, number])[], random: Random): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1][0];
}

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Exactly round(share × count) fans of each skill (the remainder casual), in a seeded order. */
export function skillsFor(count: number, random: Random): DemoSkill[] {
  const skills: DemoSkill[] = [];
  for (const skill of ['sharp', 'solid', 'hopeless'] as const) {
    for (let i = 0; i < Math.round(SKILL_SHARES[skill] * count); i++) skills.push(skill);
  }
  while (skills.length < count) skills.push('casual');
  return shuffled(skills.slice(0, count), random);
}

/** A username the sign-up rules accept (letters, digits, underscore; 3–30), unique among `taken` (lower case). */
export function demoUsername(first: string, last: string, taken: Set<string>): string {
  const plain = (s: string) => s.normalize('NFD').replace(/[^A-Za-z0-9]/g, '');
  const base = `${plain(first)}_${plain(last)}`.slice(0, 26);
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * `count` demo fans. Clubs: four in five support a club of the demo season (`seasonClubs`),
 * the others a club of their own country when the reference data has one.
 */
export function planDemoFans(
  count: number,
  seed: number,
  ref: { countryCodes: readonly string[]; seasonClubs: readonly string[]; clubs: readonly DemoClubChoice[] },
): DemoFan[] {
  const random = seededRandom(seed);
  const known = new Set(ref.countryCodes);
  const countries = DEMO_COUNTRY_WEIGHTS.filter(([code]) => known.has(code));
  if (countries.length === 0 || ref.seasonClubs.length === 0) throw new Error('demo world: no countries or clubs to draw fans from');
  const skills = skillsFor(count, random);
  const taken = new Set<string>();
  return skills.map((skill) => {
    const firstName = pick(DEMO_FIRST_NAMES, random);
    const lastName = pick(DEMO_LAST_NAMES, random);
    const username = demoUsername(firstName, lastName, taken);
    const countryCode = pickWeighted(countries, random);
    const local = ref.clubs.filter((c) => c.countryCode === countryCode && !ref.seasonClubs.includes(c.name));
    const clubName = random() < 0.8 || local.length === 0 ? pick(ref.seasonClubs, random) : pick(local, random).name;
    return {
      username,
      email: `${username.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`,
      firstName,
      lastName,
      countryCode,
      clubName,
      skill,
      joinedDaysAgo: 30 + Math.floor(random() * 400),
    };
  });
}

/** A fixture as a fan reads it: the score it ends (or will end) with, when the data has one. */
export interface DemoFixture {
  id: number;
  readHome: number | null;
  readAway: number | null;
  /** It takes a "who goes through" pick (a knockout match: hasAdvancePick). */
  advancePick?: boolean;
}

export interface DemoGameweek {
  id: number;
  fixtures: DemoFixture[];
}

export interface DemoPrediction {
  /** Index into the fans array. */
  fan: number;
  fixtureId: number;
  home: number;
  away: number;
  banker: boolean;
  /** Who goes through, in a match that takes the pick; else null. */
  advance: 'home' | 'away' | null;
}

type Outcome = 'home' | 'draw' | 'away';
const outcomeOf = (h: number, a: number): Outcome => (h > a ? 'home' : h < a ? 'away' : 'draw');

/** The scores people actually type, weighted by how often (a home side scores a little more). */
const COMMON_SCORES: readonly (readonly [readonly [number, number], number])[] = [
  [[1, 0], 12], [[2, 1], 14], [[2, 0], 10], [[1, 1], 12], [[0, 0], 5], [[0, 1], 8], [[1, 2], 9], [[3, 1], 6],
  [[2, 2], 5], [[0, 2], 5], [[3, 0], 4], [[1, 3], 3], [[3, 2], 3], [[4, 1], 2], [[2, 3], 2],
];
const SCORES_BY_OUTCOME: Record<Outcome, [number, number][]> = {
  home: [[1, 0], [2, 0], [2, 1], [3, 1], [3, 0], [3, 2], [4, 1]],
  draw: [[0, 0], [1, 1], [2, 2], [3, 3]],
  away: [[0, 1], [0, 2], [1, 2], [1, 3], [0, 3], [2, 3]],
};
/** What a stubborn hopeless fan types: big, confident, usually the wrong way round. */
const WILD_SCORES: [number, number][] = [[4, 0], [0, 4], [5, 1], [1, 5], [4, 3], [3, 4], [5, 2], [2, 5], [6, 0]];

/** One fan's score for one fixture. Pure given `random`. */
export function predictDemoScore(skill: DemoSkill, fixture: DemoFixture, random: Random): [number, number] {
  const guess = (): [number, number] => [...pickWeighted(COMMON_SCORES, random)] as [number, number];
  if (fixture.readHome === null || fixture.readAway === null) return guess();
  const read: [number, number] = [fixture.readHome, fixture.readAway];
  const outcome = outcomeOf(...read);
  if (skill === 'hopeless') {
    // Against the run of play four times in five: a wild score of another outcome.
    const contrary = WILD_SCORES.filter(([h, a]) => outcomeOf(h, a) !== outcome);
    return random() < 0.8 ? [...pick(contrary, random)] : guess();
  }
  const profile = SKILL_PROFILES[skill];
  const r = random();
  if (r < profile.exact) return read;
  if (r < profile.exact + profile.result) {
    const others = SCORES_BY_OUTCOME[outcome].filter(([h, a]) => h !== read[0] || a !== read[1]);
    return [...pick(others, random)];
  }
  return guess();
}

/** Who a fan sends through: the winner of their predicted score, a coin toss after a predicted draw. */
export function demoAdvancePick(home: number, away: number, random: Random): 'home' | 'away' {
  if (home !== away) return home > away ? 'home' : 'away';
  return random() < 0.5 ? 'home' : 'away';
}

/**
 * Every fan's predictions for the given gameweeks: each fan plays a gameweek with their skill's
 * chance (the gameweeks in `everyonePlays` — the ones a live replay may play — always), predicts
 * each of its fixtures (and who goes through, where a match takes that pick), and most name one
 * banker: skilled fans on a match they read right more often than chance, the rest anywhere.
 */
export function planDemoPredictions(
  fans: readonly Pick<DemoFan, 'skill'>[],
  gameweeks: readonly DemoGameweek[],
  seed: number,
  everyonePlays: ReadonlySet<number> = new Set(),
): DemoPrediction[] {
  const random = seededRandom(seed);
  const out: DemoPrediction[] = [];
  fans.forEach((fan, index) => {
    for (const gw of gameweeks) {
      if (gw.fixtures.length === 0) continue;
      if (!everyonePlays.has(gw.id) && random() >= SKILL_PROFILES[fan.skill].plays) continue;
      const picks = gw.fixtures.map((f) => {
        const [home, away] = predictDemoScore(fan.skill, f, random);
        const readRight = f.readHome !== null && f.readAway !== null && outcomeOf(home, away) === outcomeOf(f.readHome, f.readAway);
        const advance = f.advancePick ? demoAdvancePick(home, away, random) : null;
        return { fan: index, fixtureId: f.id, home, away, banker: false, advance, readRight };
      });
      if (random() < BANKER_RATE) {
        const confident = picks.filter((p) => p.readRight);
        const skilled = fan.skill === 'sharp' || fan.skill === 'solid';
        const pool = skilled && confident.length > 0 && random() < 0.6 ? confident : picks;
        pick(pool, random).banker = true;
      }
      for (const { readRight: _, ...p } of picks) out.push(p);
    }
  });
  return out;
}

export interface DemoLeague {
  name: string;
  description: string;
  type: 'private' | 'public';
  /** Fan indexes: the owner first. */
  members: number[];
}

/** The private and public leagues: each owned by a fan, with distinct members drawn from the fans. */
export function planDemoLeagues(
  fanCount: number,
  seed: number,
  leagues: readonly { name: string; description: string; type: 'private' | 'public'; members: number }[] = DEMO_LEAGUES,
): DemoLeague[] {
  const random = seededRandom(seed);
  const everyone = Array.from({ length: fanCount }, (_, i) => i);
  return leagues.map((league) => ({
    name: league.name,
    description: league.description,
    type: league.type,
    members: shuffled(everyone, random).slice(0, Math.min(league.members, fanCount)),
  }));
}

/** Share of the demo fans who play the tournament beside the league. */
export const TOURNAMENT_SHARE = 0.5;
/** Chance that a fan backs their own country's team when it plays the tournament. */
const HOME_TEAM_LOYALTY = 0.85;

/** A demo fan (index into the fans) who plays the tournament too, and the national team they back. */
export interface DemoTournamentFan {
  fan: number;
  team: string;
}

/**
 * The fans who play the tournament: round(share × count) of them in a seeded draw, ascending.
 * Most back their own country's team when it is one of `teams` (DEMO_NATIONAL_TEAMS), the others
 * any team of it.
 */
export function planTournamentFans(
  fans: readonly Pick<DemoFan, 'countryCode'>[],
  seed: number,
  teams: readonly string[],
  share: number = TOURNAMENT_SHARE,
): DemoTournamentFan[] {
  if (teams.length === 0) return [];
  const random = seededRandom(seed);
  const playing = new Set(teams);
  const chosen = shuffled(fans.map((_, i) => i), random)
    .slice(0, Math.round(fans.length * share))
    .sort((a, b) => a - b);
  return chosen.map((fan) => {
    const home = DEMO_NATIONAL_TEAMS[fans[fan].countryCode];
    const team = home !== undefined && playing.has(home) && random() < HOME_TEAM_LOYALTY ? home : pick(teams, random);
    return { fan, team };
  });
}

/** Share of a competition's demo players who answer its bonus questions. */
export const BONUS_ANSWER_SHARE = 0.4;

/** One answer to a competition's bonus question: a team's name or a player's, as a fan gives it. */
export interface DemoBonusAnswer {
  fan: number;
  question: BonusQuestionKey;
  team: string | null;
  playerName: string | null;
}

/**
 * The bonus answers of a competition's demo players (`fans`, indexes): each answers with the
 * given share, every question the competition asks that takes a team or a typed name, from the
 * picks (the likelier first: weight n, n−1, …, 1), a team only when it plays the season.
 */
export function planDemoBonusAnswers(
  fans: readonly number[],
  seed: number,
  opts: {
    questions: readonly BonusQuestion[];
    teams: readonly string[];
    picks: { champion: readonly string[]; bottom: readonly string[]; topScorer: readonly string[] };
    share?: number;
  },
): DemoBonusAnswer[] {
  const random = seededRandom(seed);
  const playing = new Set(opts.teams);
  const ranked = (names: readonly string[]) => names.map((name, i) => [name, names.length - i] as const);
  const teamPool = (names: readonly string[]) => ranked(names.filter((n) => playing.has(n)));
  const pools: Record<BonusQuestionKey, readonly (readonly [string, number])[]> = {
    champion: teamPool(opts.picks.champion),
    bottom: teamPool(opts.picks.bottom),
    top_scorer: ranked(opts.picks.topScorer),
  };
  const out: DemoBonusAnswer[] = [];
  for (const fan of fans) {
    if (random() >= (opts.share ?? BONUS_ANSWER_SHARE)) continue;
    for (const q of opts.questions) {
      const pool = pools[q.key];
      if (pool.length === 0 || q.answer === 'squad_player') continue;
      const name = pickWeighted(pool, random);
      out.push(q.answer === 'team' ? { fan, question: q.key, team: name, playerName: null } : { fan, question: q.key, team: null, playerName: name });
    }
  }
  return out;
}
