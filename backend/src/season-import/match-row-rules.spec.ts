import * as fs from 'fs';
import * as path from 'path';
import {
  dateProblem,
  describeProblems,
  drawnShootOut,
  extraTimeProblem,
  goalPairProblem,
  halfTimeAboveFullTime,
  matchRowProblems,
  penaltiesWithoutExtraTime,
  roundProblem,
  scoreAndStatusProblems,
  show,
  teamProblem,
  timeProblem,
} from './match-row-rules';

/** The project's data folder beside the repository (read-only; its README describes every file). */
const SHARED_DATA = path.resolve(__dirname, '../../../../shared/data/openfootball');

describe('one field at a time', () => {
  it('rounds', () => {
    expect(['Matchday 1', 'Round 12', 'Matchweek 38'].map(roundProblem)).toEqual([null, null, null]);
    expect(roundProblem('Matchday 0')).toMatch(/^expected "Matchday N"/);
    expect(roundProblem('Final')).toMatch(/got "Final"$/);
    expect(roundProblem(undefined)).toBe('expected a string like "Matchday 1", got nothing');
  });

  it('dates and times', () => {
    expect(dateProblem('2024-02-29')).toBeNull();
    expect(dateProblem('2023-02-29')).toBe('"2023-02-29" is not a real date');
    expect(dateProblem('29/02/2024')).toMatch(/^expected YYYY-MM-DD/);
    expect(timeProblem(undefined)).toBeNull();
    expect(timeProblem('20:45')).toBeNull();
    expect(timeProblem('24:00')).toMatch(/^expected HH:MM/);
    expect(timeProblem('16:30 UTC-4')).toMatch(/^expected HH:MM/);
  });

  it('team names', () => {
    expect(teamProblem('Liverpool FC (ENG)')).toBeNull();
    expect(teamProblem(' ')).toMatch(/non-empty/);
    expect(teamProblem(null)).toBe('expected a non-empty team name, got null');
    expect(teamProblem('x'.repeat(101))).toMatch(/longer than 100/);
  });

  it('score pairs: two whole numbers 0–99, a negative one named as such', () => {
    expect(goalPairProblem([0, 0])).toBeNull();
    expect(goalPairProblem([99, 3])).toBeNull();
    expect(goalPairProblem([2, -1])).toBe('a score cannot be negative, got [2,-1]');
    expect(goalPairProblem([1.5, 0])).toBe('expected two integers 0–99, got [1.5,0]');
    expect(goalPairProblem([100, 0])).toMatch(/^expected two integers/);
    expect(goalPairProblem([1])).toMatch(/^expected two integers/);
    expect(goalPairProblem(['1', '0'])).toMatch(/^expected two integers/);
    expect(goalPairProblem({ home: 1 })).toMatch(/^expected two integers/);
  });

  it('quotes values cut to 100 characters', () => {
    expect(show(undefined)).toBe('nothing');
    expect(show('x'.repeat(300))).toBe(`"${'x'.repeat(99)}…`);
  });
});

describe("a score's parts against each other", () => {
  it('a shoot-out needs extra time before it', () => {
    expect(penaltiesWithoutExtraTime({ ft: [1, 1], et: [1, 1], p: [3, 4] })).toBeNull();
    expect(penaltiesWithoutExtraTime({ ft: [1, 1] })).toBeNull();
    expect(penaltiesWithoutExtraTime({ ft: [1, 1], p: [3, 4] })).toMatchObject({ field: 'score.p', message: expect.stringMatching(/^penalties without extra time/) });
  });

  it('a shoot-out always has a winner', () => {
    expect(drawnShootOut({ ft: [0, 1], et: [0, 1], p: [4, 1] })).toBeNull();
    expect(drawnShootOut({ ft: [0, 1], et: [0, 1], p: [4, 4] })).toEqual({
      field: 'score.p',
      message: 'a drawn shoot-out cannot be (a shoot-out always has a winner), got [4,4]',
    });
  });

  it('extra time counts the whole match: it needs full time and is never below it', () => {
    expect(extraTimeProblem({ ft: [1, 1], et: [3, 2] })).toBeNull();
    expect(extraTimeProblem({ ft: [1, 1], et: [1, 1] })).toBeNull();
    expect(extraTimeProblem({ et: [1, 1] })).toMatchObject({ field: 'score.et', message: expect.stringMatching(/without a full-time score/) });
    expect(extraTimeProblem({ ft: [2, 2], et: [3, 1] })).toMatchObject({ field: 'score.et', message: expect.stringMatching(/below the full-time score \[2,2\]/) });
  });

  it('half time is never above full time, except in an awarded result', () => {
    expect(halfTimeAboveFullTime({ ht: [1, 0], ft: [1, 2] }, false)).toBeNull();
    expect(halfTimeAboveFullTime({ ht: [1, 1], ft: [0, 2] }, false)).toMatchObject({ field: 'score.ht' });
    expect(halfTimeAboveFullTime({ ht: [1, 1], ft: [0, 2] }, true)).toBeNull();
  });

  it('checks the parts against each other only once every part has its shape', () => {
    expect(scoreAndStatusProblems({ ft: [1, 1], et: 'aet', p: [4, 4] }, undefined)).toEqual([{ field: 'score.et', message: 'expected two integers 0–99, got "aet"' }]);
    expect(scoreAndStatusProblems({ ft: [1, 1], p: [4, 4] }, undefined).map((p) => p.message)).toEqual([
      expect.stringMatching(/^penalties without extra time/),
      expect.stringMatching(/^a drawn shoot-out/),
    ]);
  });

  it('the status against the score', () => {
    expect(scoreAndStatusProblems({}, 'postponed')).toEqual([]);
    expect(scoreAndStatusProblems({ ft: [0, 2] }, 'awarded')).toEqual([]);
    expect(scoreAndStatusProblems({}, 'awarded')).toEqual([{ field: 'score.ft', message: 'an awarded match needs its awarded full-time score' }]);
    expect(scoreAndStatusProblems({ ft: [1, 0] }, 'postponed')).toEqual([{ field: 'score.ft', message: 'a postponed match cannot have a full-time score' }]);
    expect(scoreAndStatusProblems(undefined, 'abandoned')).toEqual([{ field: 'status', message: 'expected "postponed", "awarded" or no status, got "abandoned"' }]);
    expect(scoreAndStatusProblems([1, 0], undefined)).toEqual([{ field: 'score', message: 'expected an object such as {"ft": [1, 0]} or {}, got [1,0]' }]);
  });
});

describe('a whole row', () => {
  const row = { round: 'Matchday 1', date: '2024-08-16', time: '20:00', team1: 'Manchester United FC', team2: 'Fulham FC', score: { ht: [0, 0], ft: [1, 0] } };

  it('has no problem when every rule holds', () => {
    expect(matchRowProblems(row)).toEqual([]);
  });

  it('lists every problem in field order, as one reason', () => {
    const problems = matchRowProblems({ ...row, round: 'Week 1', team2: 'Manchester United FC', score: { ft: [1, 1], et: [1, 1], p: [4, 4] } });
    expect(problems.map((p) => p.field)).toEqual(['round', 'team2', 'score.p']);
    expect(describeProblems(problems)).toMatch(/^round: expected "Matchday N".*; team2: a team cannot play itself; score.p: a drawn shoot-out/);
    expect(describeProblems([{ field: '', message: 'same round and teams as matches[0]' }])).toBe('same round and teams as matches[0]');
  });
});

describe('the score rules on the real files (../shared/data/openfootball)', () => {
  const matchesOf = (file: string): { round: string; team1: string; team2: string; score?: unknown; status?: unknown }[] =>
    JSON.parse(fs.readFileSync(path.join(SHARED_DATA, file), 'utf8')).matches;

  it('find the two shoot-outs the Champions League 2024/25 writes 4–4, and nothing else in it', () => {
    const refused = matchesOf('2024-25/uefa.cl.json')
      .map((m, i) => ({ i, teams: `${m.team1} v ${m.team2}`, problems: scoreAndStatusProblems(m.score, m.status) }))
      .filter((m) => m.problems.length > 0);
    expect(refused.map((m) => [m.i, m.teams, describeProblems(m.problems)])).toEqual([
      [169, 'Liverpool FC (ENG) v Paris Saint-Germain FC (FRA)', 'score.p: a drawn shoot-out cannot be (a shoot-out always has a winner), got [4,4]'],
      [174, 'Club Atlético de Madrid (ESP) v Real Madrid CF (ESP)', 'score.p: a drawn shoot-out cannot be (a shoot-out always has a winner), got [4,4]'],
    ]);
  });

  it("pass every score of the World Cup 2026 (9 matches with extra time, 4 shoot-outs) and of the league files", () => {
    const worldCup = matchesOf('2026/worldcup.json');
    expect(worldCup.filter((m) => (m.score as { p?: unknown } | undefined)?.p !== undefined)).toHaveLength(4);
    expect(worldCup.filter((m) => (m.score as { et?: unknown } | undefined)?.et !== undefined)).toHaveLength(9);
    for (const file of ['2026/worldcup.json', '2024-25/en.1.json', '2024-25/de.1.json', '2025-26/en.1.json', '2025-26/de.1.json', '2025-26/es.1.json', '2025-26/fr.1.json', '2025-26/it.1.json']) {
      const problems = matchesOf(file).flatMap((m) => scoreAndStatusProblems(m.score, m.status));
      expect({ file, problems }).toEqual({ file, problems: [] });
    }
  });
});
