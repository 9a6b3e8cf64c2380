import fc from 'fast-check';
import { compareTableFigures, tableRanks } from '@scoreline/contracts/game/table-ranking';
import { liveColumns } from './live-ranking';
import { NO_PICK, ordered, packPick, pickContribution, sameContribution, tableOrderOf, type FixtureScoreState } from './live-table';
import { figuresAt, specBase, specPicks, type SpecFan } from './live-table.spec-helpers';

const state = (status: FixtureScoreState['status'], home: number | null, away: number | null): FixtureScoreState => ({ status, home, away });

describe('pickContribution (the scorer rule, per pick)', () => {
  it('scores exact, correct and wrong picks, doubles a banker, and marks a match in play as provisional', () => {
    expect(pickContribution(packPick(1, 0, false), state('live', 1, 0))).toEqual({ points: 20, exact: 1, correct: 1, live: 1 });
    expect(pickContribution(packPick(2, 0, true), state('finished', 1, 0))).toEqual({ points: 20, exact: 0, correct: 1, live: 0 });
    expect(pickContribution(packPick(1, 1, false), state('finished', 2, 2))).toEqual({ points: 15, exact: 0, correct: 1, live: 0 });
    expect(pickContribution(packPick(2, 2, true), state('live', 2, 2))).toEqual({ points: 60, exact: 1, correct: 1, live: 1 });
    expect(pickContribution(packPick(0, 1, false), state('live', 1, 0))).toEqual({ points: 0, exact: 0, correct: 0, live: 1 });
  });

  it('counts nothing for no pick, a fixture never scored, a void match or one without a score', () => {
    const nothing = { points: 0, exact: 0, correct: 0, live: 0 };
    expect(pickContribution(NO_PICK, state('live', 1, 0))).toEqual(nothing);
    expect(pickContribution(packPick(1, 0, false), null)).toEqual(nothing);
    expect(pickContribution(packPick(1, 0, true), state('postponed', null, null))).toEqual(nothing);
    expect(pickContribution(packPick(0, 0, false), state('scheduled', null, null))).toEqual(nothing);
  });
});

const fixtureState = fc.oneof(
  fc.constant(null),
  fc.record({
    status: fc.constantFrom<FixtureScoreState['status']>('scheduled', 'live', 'finished', 'postponed'),
    home: fc.option(fc.nat(4), { nil: null }),
    away: fc.option(fc.nat(4), { nil: null }),
  }),
);
const pick = fc.oneof(fc.constant(NO_PICK), fc.tuple(fc.nat(4), fc.nat(4), fc.boolean()).map(([h, a, b]) => packPick(h, a, b)));

/** A member of a property's league: base figures and one pick per fixture. */
interface Member {
  user_id: number;
  points: number;
  exact: number;
  correct: number;
  picks: number[];
}

/** Members with a pick for each of `fixtures` fixtures, and those fixtures' moves (from, to). */
function leagueOf(fixtures: { min: number; max: number }, move = fc.tuple(fixtureState, fixtureState)) {
  return fc.tuple(
    fc.uniqueArray(
      fc.record({ user_id: fc.integer({ min: 1, max: 10_000 }), points: fc.nat(40), exact: fc.nat(3), correct: fc.nat(5), picks: fc.array(pick, { minLength: fixtures.max, maxLength: fixtures.max }) }),
      { selector: (m) => m.user_id, maxLength: 50 },
    ),
    fc.array(move, { minLength: fixtures.min, maxLength: fixtures.max }),
  );
}

/** The live columns equal each fan re-scored from scratch at the "to" scores (or "from" where it never moved), ranked by the plain rule. */
function expectRescored(unordered: Member[], fixtureMoves: [FixtureScoreState | null, FixtureScoreState | null][]): void {
  const fans: SpecFan[] = [...unordered]
    .sort((a, b) => a.user_id - b.user_id)
    .map((m) => ({ user_id: m.user_id, figures: { points: m.points, exact: m.exact, correct: m.correct, live: 0 }, picks: m.picks }));
  const moves = fixtureMoves
    .map(([from, to], f) => ({ from, to, f }))
    .filter((m): m is { from: FixtureScoreState | null; to: FixtureScoreState; f: number } => m.to !== null)
    .map(({ from, to, f }) => ({ from, to, picks: specPicks(fans, f) }));
  const live = liveColumns(
    specBase(
      fans,
      fixtureMoves.map(([from]) => from),
    ),
    moves,
  );
  const expected = fans.map((fan) => ({ user_id: fan.user_id, ...figuresAt(fan, fixtureMoves.map(([from, to]) => to ?? from)) }));
  const ranks = tableRanks(expected);
  const inOrder = expected
    .map((e, i) => ({ ...e, rank: ranks[i] }))
    .sort((a, b) => compareTableFigures(a, b) || a.user_id - b.user_id);
  expect(Array.from(live.user_ids)).toEqual(inOrder.map((e) => e.user_id));
  expect(Array.from(live.ranks)).toEqual(inOrder.map((e) => e.rank));
  expect(Array.from(live.points)).toEqual(inOrder.map((e) => e.points));
  expect(Array.from(live.exact)).toEqual(inOrder.map((e) => e.exact));
  expect(Array.from(live.correct)).toEqual(inOrder.map((e) => e.correct));
  expect(Array.from(live.provisional)).toEqual(inOrder.map((e) => (e.live > 0 ? 1 : 0)));
}

describe('liveColumns', () => {
  it('equals each fan re-scored from the base and ranked by the plain rule, for any picks and any score moves', () => {
    // One move (a run per pick code) and a few (a summed cell per member).
    fc.assert(
      fc.property(leagueOf({ min: 1, max: 3 }), ([members, fixtureMoves]) => expectRescored(members, fixtureMoves)),
      { numRuns: 300 },
    );
  });

  it('equals the re-scored table with scores moved in forty matches at once (shifts too many to number densely)', () => {
    // Every match scored for the first time: each adds its full range of points, so the shifts' box is far too big.
    const firstScore = fc.tuple(fc.constant(null), fc.record({ status: fc.constant<FixtureScoreState['status']>('live'), home: fc.nat(4), away: fc.nat(4) }));
    fc.assert(
      fc.property(leagueOf({ min: 40, max: 40 }, firstScore), ([members, fixtureMoves]) => expectRescored(members, fixtureMoves)),
      { numRuns: 30 },
    );
  });
});

describe('tableOrderOf', () => {
  it('refuses members out of user id order (ties would lose their order)', () => {
    const two = Int32Array.from([0, 0]);
    expect(() => tableOrderOf({ user_ids: Int32Array.from([2, 1]), points: two, exact: two, correct: two })).toThrow(RangeError);
  });

  it('equals a plain sort by points, exact, correct (best first), then user id', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ points: fc.integer({ min: 0, max: 400 }), exact: fc.integer({ min: 0, max: 6 }), correct: fc.integer({ min: 0, max: 6 }) }), { maxLength: 60 }),
        (rows) => {
          const user_ids = Int32Array.from(rows, (_, i) => 3 * i + 1);
          const column = (figure: 'points' | 'exact' | 'correct') => Int32Array.from(rows, (r) => r[figure]);
          const order = [...tableOrderOf({ user_ids, points: column('points'), exact: column('exact'), correct: column('correct') })];
          const plain = rows
            .map((r, i) => ({ ...r, i }))
            .sort((a, b) => b.points - a.points || b.exact - a.exact || b.correct - a.correct || a.i - b.i)
            .map((r) => r.i);
          expect(order).toEqual(plain);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('orders an empty table, and live columns of it are empty', () => {
    const none = new Int32Array(0);
    expect(tableOrderOf({ user_ids: none, points: none, exact: none, correct: none }).length).toBe(0);
    expect(liveColumns(ordered({ user_ids: none, points: none, exact: none, correct: none, live_scored: none }), []).user_ids.length).toBe(0);
  });
});

describe('sameContribution', () => {
  it('is true exactly when every pick counts the same at both states', () => {
    const picks = [NO_PICK, ...[0, 1, 2, 3, 4].flatMap((h) => [0, 1, 2, 3, 4].flatMap((a) => [packPick(h, a, false), packPick(h, a, true)]))];
    fc.assert(
      fc.property(fixtureState, fixtureState, (a, b) => {
        const same = picks.every((p) => JSON.stringify(pickContribution(p, a)) === JSON.stringify(pickContribution(p, b)));
        expect(sameContribution(a, b)).toBe(same);
      }),
      { numRuns: 500 },
    );
  });
});
