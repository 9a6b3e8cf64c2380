import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFootballDataMatch, type FootballDataMatch } from '../football-data/football-data.schema';
import { providerMatchOf } from '../football-data/football-data.mapping';
import { matchAt, matchTimeline, matchesAt, planReplay, shootoutKicks, virtualTime, wallTime, type ReplayClock, type ReplayPlan } from './replay';
import { readReplayFile, stableId } from './replay-file';

const DATA = join(__dirname, '../../../data/openfootball');
const readJson = (file: string): unknown => JSON.parse(readFileSync(join(DATA, file), 'utf8'));
const MIN = 60_000;

function worldCupPlan(shiftMs = 0): ReplayPlan {
  const reading = readReplayFile(readJson('2026/worldcup.json'), { code: 'WC', shiftMs, squads: readJson('2026/worldcup.squads.json') });
  if (!reading.ok) throw new Error(reading.errors.join('\n'));
  expect(reading.refused).toEqual([]);
  return planReplay(reading.fixtures);
}

const REAL_TIME: ReplayClock = { anchorMs: 0, speed: 1 };
/** The match with this provider id at a wall instant. */
const at = (plan: ReplayPlan, id: number, wallMs: number, clock = REAL_TIME): FootballDataMatch => {
  const f = plan.fixtures.find((x) => x.id === id);
  if (!f) throw new Error(`no match ${id}`);
  return matchAt(f, clock, wallMs, plan.publishedMs);
};

// Germany v Paraguay, round of 32, match 74: 20:30 UTC; 0–1 Enciso 42', 1–1 Havertz 54'; 1–1 after extra time; 3–4 on penalties.
const GER_PAR = stableId('WC|#74');
const GER_PAR_KICKOFF = Date.parse('2026-06-29T20:30:00Z');
// Norway v England, quarter-final, match 99: 21:00 UTC; 1–1 (Bellingham 45+2'), 1–2 after extra time (Bellingham 93').
const NOR_ENG = stableId('WC|#99');
const NOR_ENG_KICKOFF = Date.parse('2026-07-11T21:00:00Z');

describe('a World Cup knockout replayed: Germany v Paraguay (extra time, penalties)', () => {
  const plan = worldCupPlan();
  const minute = (m: number) => GER_PAR_KICKOFF + m * MIN;

  it('is TIMED before kick-off, at its real kick-off, with its teams (FIFA codes from the squads)', () => {
    const m = at(plan, GER_PAR, minute(-10));
    expect(m).toMatchObject({ status: 'TIMED', utcDate: '2026-06-29T20:30:00Z', stage: 'LAST_32', matchday: null, minute: null, score: { fullTime: { home: null, away: null } } });
    expect(m.homeTeam).toMatchObject({ name: 'Germany', tla: 'GER', id: stableId('team|Germany') });
    expect(m.awayTeam).toMatchObject({ name: 'Paraguay', tla: 'PAR' });
  });

  it('plays the first half: 0–0 at 31 minutes, 0–1 after Enciso (42), the minute in added time', () => {
    expect(at(plan, GER_PAR, minute(30))).toMatchObject({ status: 'IN_PLAY', minute: 31, injuryTime: null, score: { duration: 'REGULAR', fullTime: { home: 0, away: 0 }, halfTime: { home: null } } });
    expect(at(plan, GER_PAR, minute(42))).toMatchObject({ minute: 43, score: { fullTime: { home: 0, away: 1 } } });
    expect(at(plan, GER_PAR, minute(46))).toMatchObject({ status: 'IN_PLAY', minute: 45, injuryTime: 2 });
  });

  it('pauses at half time with the half-time score, then plays on: 1–1 after Havertz (54)', () => {
    expect(at(plan, GER_PAR, minute(50))).toMatchObject({ status: 'PAUSED', minute: 45, score: { halfTime: { home: 0, away: 1 }, fullTime: { home: 0, away: 1 } } });
    expect(at(plan, GER_PAR, minute(80))).toMatchObject({ status: 'IN_PLAY', minute: 64, score: { halfTime: { home: 0, away: 1 }, fullTime: { home: 1, away: 1 } } });
  });

  it('breaks before extra time, still REGULAR at 1–1', () => {
    expect(at(plan, GER_PAR, minute(113))).toMatchObject({ status: 'PAUSED', minute: 90, score: { duration: 'REGULAR', fullTime: { home: 1, away: 1 } } });
  });

  it('plays extra time: duration EXTRA_TIME, the 90 minutes in regularTime, extraTime counting only its own goals', () => {
    const m = at(plan, GER_PAR, minute(120));
    expect(m).toMatchObject({ status: 'IN_PLAY', minute: 95, score: { duration: 'EXTRA_TIME', regularTime: { home: 1, away: 1 }, extraTime: { home: 0, away: 0 }, fullTime: { home: 1, away: 1 } } });
    expect(m.score.penalties).toBeUndefined();
    expect(at(plan, GER_PAR, minute(150))).toMatchObject({ status: 'PAUSED', minute: 120, score: { duration: 'EXTRA_TIME' } });
  });

  it('takes the shoot-out kick by kick, fullTime the sum of the parts', () => {
    // Kicks at 152.5, 153.5, 154.5: Germany scores, Paraguay scores, Germany scores.
    expect(at(plan, GER_PAR, minute(155))).toMatchObject({
      status: 'IN_PLAY',
      score: { duration: 'PENALTY_SHOOTOUT', penalties: { home: 2, away: 1 }, regularTime: { home: 1, away: 1 }, extraTime: { home: 0, away: 0 }, fullTime: { home: 3, away: 2 } },
    });
  });

  it('ends FINISHED, Paraguay through 4–3 on penalties; the adapter reads it back to the file', () => {
    const m = at(plan, GER_PAR, minute(170));
    expect(m).toMatchObject({ status: 'FINISHED', minute: null, score: { winner: 'AWAY_TEAM', duration: 'PENALTY_SHOOTOUT', penalties: { home: 3, away: 4 }, fullTime: { home: 4, away: 5 } } });
    expect(checkFootballDataMatch(m).ok).toBe(true);
    expect(providerMatchOf(m)).toMatchObject({ status: 'finished', regularTime: { home: 1, away: 1 }, extraTime: { home: 1, away: 1 }, penalties: { home: 3, away: 4 } });
  });

  it('moves lastUpdated with each change, never past the instant asked', () => {
    const before = Date.parse(at(plan, GER_PAR, minute(42)).lastUpdated!);
    expect(before).toBe(minute(41.5)); // Enciso's goal, in the middle of the 42nd minute
    expect(Date.parse(at(plan, GER_PAR, minute(40)).lastUpdated!)).toBe(GER_PAR_KICKOFF);
  });
});

describe('a World Cup knockout with goals in extra time: Norway v England', () => {
  const plan = worldCupPlan();
  const minute = (m: number) => NOR_ENG_KICKOFF + m * MIN;

  it("counts Bellingham's 45+2 in the first half and his 93rd-minute goal in extra time", () => {
    expect(at(plan, NOR_ENG, minute(46))).toMatchObject({ minute: 45, injuryTime: 2, score: { fullTime: { home: 1, away: 0 } } });
    expect(at(plan, NOR_ENG, minute(47))).toMatchObject({ minute: 45, injuryTime: 3, score: { fullTime: { home: 1, away: 1 } } });
    expect(at(plan, NOR_ENG, minute(50))).toMatchObject({ status: 'PAUSED', score: { halfTime: { home: 1, away: 1 } } });
    // The first half ran to 45+3 (a minute past the goal); extra time starts at 48 + 15 + 49 + 5 = 117 minutes; minute 93 is played at 119.5.
    expect(at(plan, NOR_ENG, minute(119))).toMatchObject({ minute: 93, score: { extraTime: { home: 0, away: 0 } } });
    expect(at(plan, NOR_ENG, minute(120))).toMatchObject({ minute: 94, score: { duration: 'EXTRA_TIME', regularTime: { home: 1, away: 1 }, extraTime: { home: 0, away: 1 }, fullTime: { home: 1, away: 2 } } });
    expect(at(plan, NOR_ENG, minute(200))).toMatchObject({ status: 'FINISHED', score: { winner: 'AWAY_TEAM', duration: 'EXTRA_TIME', fullTime: { home: 1, away: 2 } } });
  });
});

describe('knockout sides', () => {
  const plan = worldCupPlan();
  const lastGroupKickoff = Math.max(...plan.fixtures.filter((f) => f.stage === 'GROUP_STAGE').map((f) => f.kickoffMs));

  it('stay unknown until every group match is over, then are told', () => {
    const during = at(plan, GER_PAR, lastGroupKickoff + 60 * MIN);
    expect(during.homeTeam).toEqual({ id: null, name: null, shortName: null, tla: null, crest: null });
    expect(during.awayTeam.id).toBeNull();
    expect(at(plan, GER_PAR, lastGroupKickoff + 4 * 60 * MIN).homeTeam.name).toBe('Germany');
  });

  it("the final's sides come with the semi-finals, not the match for third place", () => {
    const final = plan.fixtures.find((f) => f.stage === 'FINAL')!;
    const third = plan.fixtures.find((f) => f.stage === 'THIRD_PLACE')!;
    const lastSemiKickoff = Math.max(...plan.fixtures.filter((f) => f.stage === 'SEMI_FINALS').map((f) => f.kickoffMs));
    expect(final.sidesKnownFromMs).toBe(third.sidesKnownFromMs);
    expect(final.sidesKnownFromMs).toBeGreaterThan(lastSemiKickoff);
    expect(final.sidesKnownFromMs).toBeLessThan(third.kickoffMs);
    expect(at(plan, final.id, third.kickoffMs).homeTeam.name).toBe('Spain');
  });

  it('a group match always names its teams', () => {
    const opener = plan.fixtures[0];
    expect(at(plan, opener.id, opener.kickoffMs - 30 * 24 * 60 * MIN).homeTeam.name).toBe('Mexico');
  });
});

describe('a league match replayed: Manchester United v Fulham (2024/25, 1–0, 0–0 at half time)', () => {
  const reading = readReplayFile(readJson('2024-25/en.1.json'), { code: 'PL', shiftMs: 0 });
  if (!reading.ok) throw new Error(reading.errors.join('\n'));
  const plan = planReplay(reading.fixtures);
  const id = stableId('PL|1|Manchester United FC|Fulham FC');
  const kickoff = Date.parse('2024-08-16T19:00:00Z'); // 20:00 in London
  const minute = (m: number) => kickoff + m * MIN;

  it('kicks off at its real time, matchday 1, REGULAR_SEASON, with club short names and three letters', () => {
    expect(at(plan, id, minute(-1))).toMatchObject({
      status: 'TIMED',
      utcDate: '2024-08-16T19:00:00Z',
      matchday: 1,
      stage: 'REGULAR_SEASON',
      homeTeam: { name: 'Manchester United FC', shortName: 'Manchester United', tla: 'MAN' },
      awayTeam: { name: 'Fulham FC', shortName: 'Fulham', tla: 'FUL' },
    });
  });

  it('places its one goal in the second half (half time 0–0), ends 1–0', () => {
    expect(at(plan, id, minute(50))).toMatchObject({ status: 'PAUSED', score: { halfTime: { home: 0, away: 0 }, fullTime: { home: 0, away: 0 } } });
    const goal = plan.fixtures.find((f) => f.id === id)!.result!.goals;
    expect(goal).toEqual([{ side: 'home', minute: expect.any(Number), added: 0 }]);
    expect(goal[0].minute).toBeGreaterThan(45);
    expect(goal[0].minute).toBeLessThanOrEqual(90);
    expect(at(plan, id, minute(200))).toMatchObject({ status: 'FINISHED', score: { winner: 'HOME_TEAM', fullTime: { home: 1, away: 0 }, halfTime: { home: 0, away: 0 } } });
  });

  it('serves the same state from a plan made again (a restart mid-match)', () => {
    const again = readReplayFile(readJson('2024-25/en.1.json'), { code: 'PL', shiftMs: 0 });
    if (!again.ok) throw new Error('unreadable');
    const replanned = planReplay(again.fixtures);
    for (const m of [30, 70, 95]) expect(at(replanned, id, minute(m))).toEqual(at(plan, id, minute(m)));
  });
});

describe('the clock', () => {
  it('runs a shifted match day faster: wall kick-off = anchor + (file kick-off + shift − anchor) / speed', () => {
    const shiftMs = Date.parse('2030-01-01T00:00:00Z') - GER_PAR_KICKOFF;
    const plan = worldCupPlan(shiftMs);
    const clock: ReplayClock = { anchorMs: Date.parse('2029-12-31T23:00:00Z'), speed: 10 };
    // Kick-off one virtual hour after the anchor: six real minutes.
    const wallKickoff = clock.anchorMs + 6 * MIN;
    expect(wallTime(clock, virtualTime(clock, wallKickoff))).toBe(wallKickoff);
    expect(at(plan, GER_PAR, wallKickoff - 1000, clock)).toMatchObject({ status: 'TIMED', utcDate: '2029-12-31T23:06:00Z' });
    // 3 real minutes = 30 match minutes: the 31st minute; 4.25 real minutes: Enciso has scored in the 42nd.
    expect(at(plan, GER_PAR, wallKickoff + 3 * MIN, clock)).toMatchObject({ status: 'IN_PLAY', minute: 31 });
    expect(at(plan, GER_PAR, wallKickoff + 4.25 * MIN, clock)).toMatchObject({ minute: 43, score: { fullTime: { home: 0, away: 1 } } });
  });

  it('lists a plan in kick-off order, every match valid against the schema at any instant', () => {
    const plan = worldCupPlan();
    for (const instant of [Date.parse('2026-06-01T00:00:00Z'), Date.parse('2026-06-29T22:00:00Z'), Date.parse('2026-07-11T22:30:00Z'), Date.parse('2026-08-01T00:00:00Z')]) {
      const matches = matchesAt(plan, REAL_TIME, instant);
      expect(matches).toHaveLength(104);
      const kickoffs = matches.map((m) => m.utcDate);
      expect([...kickoffs].sort()).toEqual(kickoffs);
      for (const m of matches) expect(checkFootballDataMatch(m)).toEqual({ ok: true, value: expect.anything() });
    }
    const finals = matchesAt(plan, REAL_TIME, Date.parse('2026-08-01T00:00:00Z'));
    expect(finals.every((m) => m.status === 'FINISHED')).toBe(true);
  });
});

describe('shoot-outs kick by kick', () => {
  const tally = (kicks: { side: string; scored: boolean }[]) => [kicks.filter((k) => k.side === 'home' && k.scored).length, kicks.filter((k) => k.side === 'away' && k.scored).length];

  it.each([
    [3, 4, 9],
    [4, 3, 10],
    [4, 2, 8],
    [2, 4, 8],
    [5, 4, 10],
    [7, 6, 14],
  ])('ends exactly on %i–%i after %i kicks, home first, alternating', (home, away, length) => {
    const kicks = shootoutKicks(home, away)!;
    expect(tally(kicks)).toEqual([home, away]);
    expect(kicks).toHaveLength(length);
    kicks.forEach((k, i) => expect(k.side).toBe(i % 2 === 0 ? 'home' : 'away'));
  });

  it('has none for a level shoot-out', () => {
    expect(shootoutKicks(4, 4)).toBeNull();
  });

  it('tells a shoot-out that cannot be told kick by kick whole, at its end', () => {
    const timeline = matchTimeline({ ft: [0, 0], et: [0, 0], p: [4, 4], goals: [], awarded: false });
    expect(timeline.kicks).toEqual([]);
    expect(timeline.segments[timeline.segments.length - 1]).toMatchObject({ kind: 'shoot-out' });
  });
});
