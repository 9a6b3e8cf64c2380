import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { matchAt, planReplay, type ReplayFixture } from './replay';
import { clubTlaOf, fileGoalsAgree, plannedGoals, readReplayFile, scorelineCodeOf, shortNameOf, stableId, type ReplayFileOptions } from './replay-file';

const BUNDLED = join(__dirname, '../../../data/openfootball');
const SHARED = resolve(__dirname, '../../../../../shared/data/openfootball');
const readJson = (dir: string, file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));

function fixturesOf(raw: unknown, opts: ReplayFileOptions): { fixtures: ReplayFixture[]; refused: string[] } {
  const reading = readReplayFile(raw, opts);
  if (!reading.ok) throw new Error(reading.errors.join('\n'));
  return reading;
}

describe('ids and names from the file', () => {
  it('derives ids from text alone: the same in every run, positive, 31 bits', () => {
    expect(stableId('WC|#74')).toBe(stableId('WC|#74'));
    expect(stableId('WC|#74')).not.toBe(stableId('WC|#75'));
    for (const text of ['', 'a', 'team|Germany', 'x'.repeat(1000)]) {
      expect(stableId(text)).toBeGreaterThan(0);
      expect(stableId(text)).toBeLessThanOrEqual(0x7fffffff);
    }
  });

  it.each([
    ['Manchester United FC', 'Manchester United', 'MAN'],
    ['AFC Bournemouth', 'Bournemouth', 'BOU'],
    ['1. FC Köln', 'Köln', 'KOL'],
    ['Real Madrid CF', 'Real Madrid', 'REA'],
    ['Liverpool FC (ENG)', 'Liverpool', 'LIV'],
    ['AC Milan', 'Milan', 'MIL'],
    ['Brighton & Hove Albion FC', 'Brighton & Hove Albion', 'BRI'],
    ['FC', 'FC', 'FC'],
  ])('%s → short name %s, three letters %s', (name, short, tla) => {
    expect(shortNameOf(name)).toBe(short);
    expect(clubTlaOf(name)).toBe(tla);
  });

  it('knows which Scoreline competition a provider code is', () => {
    expect(scorelineCodeOf('WC')).toBe('fifa.wc');
    expect(scorelineCodeOf('PL')).toBe('en.1');
    expect(scorelineCodeOf('ELC')).toBeNull();
  });
});

describe('goals for a score without scorers', () => {
  it('keep the half-time score and add up to the full-time one, the same for the same seed', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const goals = plannedGoals([3, 2], [1, 2], null, seed);
      expect(fileGoalsAgree(goals, [3, 2], null)).toBe(true);
      const firstHalf = goals.filter((g) => g.minute <= 45);
      expect([firstHalf.filter((g) => g.side === 'home').length, firstHalf.filter((g) => g.side === 'away').length]).toEqual([1, 2]);
      expect(goals.every((g) => g.minute >= 1 && g.minute <= 90 && g.added === 0)).toBe(true);
      expect(plannedGoals([3, 2], [1, 2], null, seed)).toEqual(goals);
    }
  });

  it('spread extra-time goals over 91–120, and do without a half-time score', () => {
    const goals = plannedGoals([1, 1], null, [3, 2], 7);
    expect(fileGoalsAgree(goals, [1, 1], [3, 2])).toBe(true);
    expect(goals.filter((g) => g.minute > 90).every((g) => g.minute <= 120)).toBe(true);
  });

  it('tell when listed goals disagree with the score', () => {
    expect(fileGoalsAgree([{ side: 'home', minute: 92, added: 0 }], [1, 0], null)).toBe(false);
    expect(fileGoalsAgree([{ side: 'home', minute: 90, added: 3 }], [1, 0], null)).toBe(true);
  });
});

describe('the World Cup file', () => {
  const { fixtures } = fixturesOf(readJson(BUNDLED, '2026/worldcup.json'), { code: 'WC', shiftMs: 0, squads: readJson(BUNDLED, '2026/worldcup.squads.json') });

  it('reads all 104 matches with football-data stages, groups and knockout ranks', () => {
    expect(fixtures).toHaveLength(104);
    const count = (stage: string) => fixtures.filter((f) => f.stage === stage).length;
    expect([count('GROUP_STAGE'), count('LAST_32'), count('LAST_16'), count('QUARTER_FINALS'), count('SEMI_FINALS'), count('THIRD_PLACE'), count('FINAL')]).toEqual([72, 16, 8, 4, 2, 1, 1]);
    expect(fixtures[0]).toMatchObject({ group: 'GROUP_A', matchday: 1, knockoutRank: null, home: { name: 'Mexico', tla: 'MEX' }, away: { name: 'South Africa', tla: 'RSA' } });
    expect(fixtures.find((f) => f.stage === 'FINAL')).toMatchObject({ knockoutRank: 6, matchday: null, group: null });
  });

  it("counts a group match's matchday as football-data does: each team's first, second, third match", () => {
    const groupA = fixtures.filter((f) => f.group === 'GROUP_A');
    expect(groupA.map((f) => f.matchday)).toEqual([1, 1, 2, 2, 3, 3]);
    expect(new Set(fixtures.filter((f) => f.group !== null).map((f) => f.matchday))).toEqual(new Set([1, 2, 3]));
  });

  it('keeps the listed goals (they agree with the scores) and the shoot-out of match 74', () => {
    const gerPar = fixtures.find((f) => f.id === stableId('WC|#74'))!;
    expect(gerPar.result).toEqual({
      ft: [1, 1],
      et: [1, 1],
      p: [3, 4],
      goals: [
        { side: 'home', minute: 54, added: 0 },
        { side: 'away', minute: 42, added: 0 },
      ],
      awarded: false,
    });
  });

  it('gives each team one id everywhere, and the FIFA code of the squads file ("USA" plays as USA)', () => {
    const usa = fixtures.flatMap((f) => [f.home, f.away]).filter((t) => t?.name === 'USA');
    expect(new Set(usa.map((t) => t!.id)).size).toBe(1);
    expect(usa[0]!.tla).toBe('USA');
  });

  it('shifts kick-offs by shiftMs', () => {
    const shifted = fixturesOf(readJson(BUNDLED, '2026/worldcup.json'), { code: 'WC', shiftMs: 3_600_000 }).fixtures;
    expect(shifted[0].kickoffMs - fixtures[0].kickoffMs).toBe(3_600_000);
  });
});

describe('a snapshot of the World Cup as it stood (2026-06-28)', () => {
  const { fixtures } = fixturesOf(readJson(BUNDLED, '2026/worldcup-2026-06-28.json'), { code: 'WC', shiftMs: 0 });
  const full = fixturesOf(readJson(BUNDLED, '2026/worldcup.json'), { code: 'WC', shiftMs: 0 }).fixtures;

  it('keeps the ids of the complete file (a match is the same match in every snapshot)', () => {
    expect(fixtures.map((f) => f.id).sort()).toEqual(full.map((f) => f.id).sort());
  });

  it('leaves a match without a score scheduled for ever, and a placeholder side unknown for ever', () => {
    const plan = planReplay(fixtures);
    const gerPar = plan.fixtures.find((f) => f.id === stableId('WC|#74'))!;
    expect(gerPar.result).toBeNull();
    const long = gerPar.kickoffMs + 30 * 24 * 60 * 60_000;
    expect(matchAt(gerPar, { anchorMs: 0, speed: 1 }, long, plan.publishedMs)).toMatchObject({ status: 'TIMED', score: { fullTime: { home: null } } });
    const final = plan.fixtures.find((f) => f.stage === 'FINAL')!;
    expect([final.home, final.away]).toEqual([null, null]);
    expect(matchAt(final, { anchorMs: 0, speed: 1 }, long, plan.publishedMs).homeTeam.id).toBeNull();
  });
});

describe('league files', () => {
  it('read a postponed match as POSTPONED, and an unplayed one as TIMED after its kick-off', () => {
    const { fixtures } = fixturesOf(readJson(BUNDLED, '2025-26/en.1.json'), { code: 'PL', shiftMs: 0 });
    const plan = planReplay(fixtures);
    const later = Date.parse('2026-12-31T00:00:00Z');
    const postponed = plan.fixtures.find((f) => f.id === stableId('PL|31|Manchester City FC|Crystal Palace FC'))!;
    expect(matchAt(postponed, { anchorMs: 0, speed: 1 }, later, plan.publishedMs)).toMatchObject({ status: 'POSTPONED', score: { fullTime: { home: null } } });
    const unplayed = plan.fixtures.find((f) => f.id === stableId('PL|30|Sunderland AFC|Brighton & Hove Albion FC'))!;
    expect(matchAt(unplayed, { anchorMs: 0, speed: 1 }, later, plan.publishedMs).status).toBe('TIMED');
  });

  it('read the awarded Bundesliga match as AWARDED with its awarded score', () => {
    const { fixtures } = fixturesOf(readJson(BUNDLED, '2024-25/de.1.json'), { code: 'BL1', shiftMs: 0 });
    const plan = planReplay(fixtures);
    const awarded = plan.fixtures.find((f) => f.home?.name === '1. FC Union Berlin' && f.away?.name === 'VfL Bochum 1848')!;
    expect(matchAt(awarded, { anchorMs: 0, speed: 1 }, awarded.kickoffMs + 200 * 60_000, plan.publishedMs)).toMatchObject({
      status: 'AWARDED',
      score: { fullTime: { home: 0, away: 2 }, winner: 'AWAY_TEAM' },
    });
  });

  it('refuse a file that is no season, naming why', () => {
    expect(readReplayFile({ name: 'x', matches: [] }, { code: 'PL', shiftMs: 0 })).toEqual({ ok: false, errors: expect.arrayContaining([expect.stringMatching(/^matches/)]) });
    expect(readReplayFile({}, { code: 'PL', shiftMs: Number.NaN })).toEqual({ ok: false, errors: [expect.stringMatching(/^shiftMs/)] });
  });
});

describe('the Champions League 2024/25 (../shared/data)', () => {
  const raw = readJson(SHARED, '2024-25/uefa.cl.json');
  const { fixtures, refused } = fixturesOf(raw, { code: 'CL', shiftMs: 0 });

  it('reads the league phase with its matchdays and the knockouts two-legged, refusing the rows the importer refuses', () => {
    expect(fixtures.filter((f) => f.stage === 'LEAGUE_STAGE')).toHaveLength(144);
    expect(fixtures.filter((f) => f.stage === 'LEAGUE_STAGE').every((f) => f.matchday! >= 1 && f.matchday! <= 8)).toBe(true);
    expect(fixtures.filter((f) => f.stage === 'PLAYOFFS').every((f) => f.knockoutRank === 1)).toBe(true);
    // The two shoot-outs written 4–4 cannot be.
    expect(refused).toHaveLength(2);
    expect(fixtures[0].home!.name).toMatch(/\([A-Z]{3}\)$/);
    expect(fixtures[0].home!.shortName).not.toMatch(/\(/);
  });

  it('reads a file served under a code it does not know by its shape', () => {
    // Read as a tournament, but without the Champions League's time zone its local kick-offs cannot be read: refused, not guessed.
    expect(readReplayFile(raw, { code: 'XCL', shiftMs: 0 })).toEqual({ ok: false, errors: expect.arrayContaining([expect.stringMatching(/no UTC offset and no time zone/)]) });
    expect(fixturesOf(readJson(BUNDLED, '2024-25/en.1.json'), { code: 'XPL', shiftMs: 0 }).fixtures).toHaveLength(380);
  });
});
