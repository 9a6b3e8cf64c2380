import fc from 'fast-check';
import { GROUP_POINTS, GroupMatch, groupTable } from './group-table';
import { ImpossibleScoreError } from './knockout';

const m = (home: string, away: string, h: number | null = null, a: number | null = null): GroupMatch => ({
  home,
  away,
  ft: h === null || a === null ? null : [h, a],
});
const order = (teams: string[], results: GroupMatch[]) => groupTable(teams, results).map((r) => r.team);
const tiedOf = (teams: string[], results: GroupMatch[]) => groupTable(teams, results).filter((r) => r.tied).map((r) => r.team);

describe('groupTable', () => {
  it('counts played, won, drawn, lost, goals and points (3 a win, 1 a draw)', () => {
    const table = groupTable(['Mexico', 'South Africa', 'South Korea', 'Czech Republic'], [
      m('Mexico', 'South Africa', 2, 0),
      m('South Korea', 'Czech Republic', 1, 1),
      m('Mexico', 'South Korea', 0, 1),
    ]);
    expect(table).toEqual([
      { team: 'South Korea', played: 2, won: 1, drawn: 1, lost: 0, goalsFor: 2, goalsAgainst: 1, goalDifference: 1, points: 4, tied: false },
      { team: 'Mexico', played: 2, won: 1, drawn: 0, lost: 1, goalsFor: 2, goalsAgainst: 1, goalDifference: 1, points: 3, tied: false },
      { team: 'Czech Republic', played: 1, won: 0, drawn: 1, lost: 0, goalsFor: 1, goalsAgainst: 1, goalDifference: 0, points: 1, tied: false },
      { team: 'South Africa', played: 1, won: 0, drawn: 0, lost: 1, goalsFor: 0, goalsAgainst: 2, goalDifference: -2, points: 0, tied: false },
    ]);
    expect(GROUP_POINTS).toEqual({ win: 3, draw: 1, loss: 0 });
  });

  it('counts only finished matches (a match without ft)', () => {
    const table = groupTable(['A', 'B'], [m('A', 'B'), { home: 'B', away: 'A' }]);
    expect(table.map((r) => [r.team, r.played, r.points, r.tied])).toEqual([
      ['A', 0, 0, true],
      ['B', 0, 0, true],
    ]);
  });

  it('puts head to head before overall goal difference between two teams level on points', () => {
    // A and B on 6 points; A has the better goal difference (+5 to +1), but B beat A: B is above A.
    const results = [m('A', 'B', 0, 1), m('A', 'C', 5, 0), m('A', 'D', 1, 0), m('B', 'C', 1, 0), m('D', 'B', 1, 0), m('C', 'D', 0, 0)];
    expect(groupTable(['A', 'B', 'C', 'D'], results).map((r) => [r.team, r.points, r.goalDifference, r.tied])).toEqual([
      ['B', 6, 1, false],
      ['A', 6, 5, false],
      ['D', 4, 0, false],
      ['C', 1, -6, false],
    ]);
  });

  // A, B and C beat one another in a circle and each beat D 1–0: all three on 6 points, 3 each head to head.
  const circle = (ab: [number, number], bc: [number, number], ca: [number, number]) => [
    m('A', 'B', ...ab),
    m('B', 'C', ...bc),
    m('C', 'A', ...ca),
    m('A', 'D', 1, 0),
    m('B', 'D', 1, 0),
    m('C', 'D', 1, 0),
  ];

  it('uses head-to-head goal difference among three teams level on points', () => {
    // Head-to-head goal difference: A +3 −1 = +2, C −1 +1 = 0, B −3 +1 = −2.
    expect(order(['A', 'B', 'C', 'D'], circle([3, 0], [2, 1], [2, 1]))).toEqual(['A', 'C', 'B', 'D']);
  });

  it('then head-to-head goals scored', () => {
    // Head-to-head goal difference 0 for all three; goals between them: C 4, A 3, B 2.
    expect(order(['A', 'B', 'C', 'D'], circle([1, 0], [2, 1], [3, 2]))).toEqual(['C', 'A', 'B', 'D']);
  });

  it('applies head to head again to the teams the three-team comparison leaves level', () => {
    // Among A, B, C: C +2 (4 goals); A and B both −1 with 2 goals. Re-applied to A and B alone:
    // A beat B 2–0, so A is above B, although B's 5–0 against D gives B the best goal difference.
    const results = [m('A', 'B', 2, 0), m('C', 'A', 3, 0), m('B', 'C', 2, 1), m('A', 'D', 1, 0), m('B', 'D', 5, 0), m('C', 'D', 1, 0)];
    const table = groupTable(['B', 'D', 'A', 'C'], results);
    expect(table.map((r) => [r.team, r.points, r.goalDifference])).toEqual([
      ['C', 6, 3],
      ['A', 6, 0],
      ['B', 6, 4],
      ['D', 0, -7],
    ]);
    expect(table.some((r) => r.tied)).toBe(false);
  });

  it('goes to overall goal difference when head to head leaves teams level', () => {
    // A and B on 4 points drew 0–0: overall goal difference A +1, B −1.
    const results = [m('A', 'C', 2, 0), m('B', 'C', 2, 0), m('A', 'B', 0, 0), m('D', 'A', 1, 0), m('D', 'B', 3, 0), m('C', 'D', 5, 0)];
    const table = groupTable(['A', 'B', 'C', 'D'], results);
    expect(table.map((r) => [r.team, r.points, r.goalDifference])).toEqual([
      ['D', 6, -1],
      ['A', 4, 1],
      ['B', 4, -1],
      ['C', 3, 1],
    ]);
    expect(table.some((r) => r.tied)).toBe(false);
  });

  it('then overall goals scored', () => {
    // A and B on 5 points drew 1–1; goal difference +1 each; A scored 4, B 2.
    const results = [m('A', 'B', 1, 1), m('A', 'C', 3, 2), m('B', 'C', 1, 0), m('A', 'D', 0, 0), m('B', 'D', 0, 0), m('C', 'D', 1, 0)];
    expect(groupTable(['B', 'A', 'C', 'D'], results).map((r) => [r.team, r.points, r.goalDifference, r.goalsFor, r.tied])).toEqual([
      ['A', 5, 1, 4, false],
      ['B', 5, 1, 2, false],
      ['C', 3, -1, 3, false],
      ['D', 2, -1, 0, false],
    ]);
  });

  it('lists teams level on everything by name, marked tied', () => {
    // A, B, C beat one another 1–0 in a circle and drew 0–0 with D: nothing separates them.
    const results = [m('A', 'B', 1, 0), m('B', 'C', 1, 0), m('C', 'A', 1, 0), m('A', 'D', 0, 0), m('B', 'D', 0, 0), m('C', 'D', 0, 0)];
    expect(order(['C', 'B', 'A', 'D'], results)).toEqual(['A', 'B', 'C', 'D']);
    expect(tiedOf(['C', 'B', 'A', 'D'], results)).toEqual(['A', 'B', 'C']);
  });

  it('falls back to the name, marked tied, when nothing in the results separates teams', () => {
    // All on 1 point; goals between the four put Spain and Uruguay (1) above Cape Verde and Saudi Arabia (0).
    const results = [m('Spain', 'Uruguay', 1, 1), m('Cape Verde', 'Saudi Arabia', 0, 0)];
    const table = groupTable(['Uruguay', 'Spain', 'Saudi Arabia', 'Cape Verde'], results);
    expect(table.map((r) => [r.team, r.tied])).toEqual([
      ['Spain', true],
      ['Uruguay', true],
      ['Cape Verde', true],
      ['Saudi Arabia', true],
    ]);
    // Before any match, every team is tied, listed by name.
    expect(order(['Mexico', 'Czech Republic', 'South Korea', 'South Africa'], [])).toEqual(['Czech Republic', 'Mexico', 'South Africa', 'South Korea']);
  });

  it('refuses a match of a stranger, a team playing itself, an impossible score or a team listed twice', () => {
    expect(() => groupTable(['A', 'B'], [m('A', 'C', 1, 0)])).toThrow(ImpossibleScoreError);
    expect(() => groupTable(['A', 'B'], [m('A', 'A', 1, 0)])).toThrow(/itself/);
    expect(() => groupTable(['A', 'B'], [m('A', 'B', -1, 0)])).toThrow(ImpossibleScoreError);
    expect(() => groupTable(['A', 'B'], [{ home: 'A', away: 'B', ft: [1.5, 0] }])).toThrow(/whole numbers/);
    expect(() => groupTable(['A', 'A'], [])).toThrow(/twice/);
  });
});

describe('groupTable properties', () => {
  const TEAMS = ['A', 'B', 'C', 'D', 'E'];
  /** A group's round robin (or part of it), some matches unplayed, goals 0–4. */
  const group = fc
    .integer({ min: 2, max: TEAMS.length })
    .chain((size) => {
      const teams = TEAMS.slice(0, size);
      const pairs = teams.flatMap((home, i) => teams.slice(i + 1).map((away) => [home, away] as const));
      return fc.record({
        teams: fc.shuffledSubarray(teams, { minLength: size, maxLength: size }),
        results: fc.tuple(
          ...pairs.map(([home, away]) =>
            fc.option(fc.tuple(fc.nat(4), fc.nat(4)), { nil: null }).map((ft): GroupMatch => ({ home, away, ft })),
          ),
        ),
      });
    });

  it('balances: won + drawn + lost = played, goals for = goals against in total, points = 3w + d', () => {
    fc.assert(
      fc.property(group, ({ teams, results }) => {
        const table = groupTable(teams, results);
        expect(table.map((r) => r.team).sort()).toEqual([...teams].sort());
        for (const r of table) {
          expect(r.won + r.drawn + r.lost).toBe(r.played);
          expect(r.points).toBe(3 * r.won + r.drawn);
          expect(r.goalDifference).toBe(r.goalsFor - r.goalsAgainst);
        }
        const sum = (key: 'goalsFor' | 'goalsAgainst' | 'played' | 'won' | 'lost') => table.reduce((n, r) => n + r[key], 0);
        expect(sum('goalsFor')).toBe(sum('goalsAgainst'));
        expect(sum('played')).toBe(2 * results.filter((r) => r.ft != null).length);
        expect(sum('won')).toBe(sum('lost'));
      }),
    );
  });

  it('orders by points, never lifting fewer points above more', () => {
    fc.assert(
      fc.property(group, ({ teams, results }) => {
        const points = groupTable(teams, results).map((r) => r.points);
        expect(points).toEqual([...points].sort((a, b) => b - a));
      }),
    );
  });

  it('does not depend on the order of the teams or the results', () => {
    fc.assert(
      fc.property(group, fc.infiniteStream(fc.nat()), ({ teams, results }, seeds) => {
        const shuffled = [...results].map((r) => ({ r, k: seeds.next().value as number })).sort((a, b) => a.k - b.k).map((x) => x.r);
        expect(groupTable([...teams].reverse(), shuffled)).toEqual(groupTable(teams, results));
      }),
    );
  });

  it('marks tied only teams level with a neighbour on points, goal difference and goals', () => {
    fc.assert(
      fc.property(group, ({ teams, results }) => {
        const table = groupTable(teams, results);
        table.forEach((row, i) => {
          if (!row.tied) return;
          const same = (o: (typeof table)[number] | undefined) =>
            o !== undefined && o.tied && o.points === row.points && o.goalDifference === row.goalDifference && o.goalsFor === row.goalsFor;
          expect(same(table[i - 1]) || same(table[i + 1])).toBe(true);
        });
      }),
    );
  });

  it('puts a team that beat every other team level on points above them all', () => {
    fc.assert(
      fc.property(group, ({ teams, results }) => {
        const table = groupTable(teams, results);
        const finished = results.filter((r) => r.ft != null);
        for (const row of table) {
          const level = table.filter((o) => o.team !== row.team && o.points === row.points);
          const beat = (o: string) =>
            finished.some((r) => (r.home === row.team && r.away === o && r.ft![0] > r.ft![1]) || (r.away === row.team && r.home === o && r.ft![1] > r.ft![0]));
          if (level.length > 0 && level.every((o) => beat(o.team))) {
            expect(table.findIndex((o) => o.points === row.points)).toBe(table.indexOf(row));
          }
        }
      }),
    );
  });
});
