import fc from 'fast-check';
import { liveRanking } from './live-ranking';
import { NO_PICK, ordered, packPick, type FixtureScoreState } from './live-table';
import { specBase, specPicks, type SpecFan } from './live-table.spec-helpers';
import { RankedTable } from './ranked-table';

const fixtureState = fc.oneof(
  fc.constant(null),
  fc.record({
    status: fc.constantFrom<FixtureScoreState['status']>('live', 'finished', 'postponed'),
    home: fc.option(fc.nat(3), { nil: null }),
    away: fc.option(fc.nat(3), { nil: null }),
  }),
);
const pick = fc.oneof(fc.constant(NO_PICK), fc.tuple(fc.nat(3), fc.nat(3), fc.boolean()).map(([h, a, b]) => packPick(h, a, b)));

/** A base of members (few distinct figures: many ties) and up to three fixtures' moves. */
const leagueAndMoves = fc
  .tuple(
    fc.uniqueArray(
      fc.record({
        user_id: fc.integer({ min: 1, max: 5_000 }),
        points: fc.nat(60),
        exact: fc.nat(2),
        correct: fc.nat(3),
        live: fc.nat(1),
        picks: fc.array(pick, { minLength: 3, maxLength: 3 }),
      }),
      { selector: (m) => m.user_id, maxLength: 70 },
    ),
    fc.array(fc.tuple(fixtureState, fc.record({ status: fc.constantFrom<FixtureScoreState['status']>('live', 'finished', 'postponed'), home: fc.nat(3), away: fc.nat(3) })), {
      maxLength: 3,
    }),
  )
  .map(([unordered, fixtureMoves]) => {
    const members = [...unordered].sort((a, b) => a.user_id - b.user_id);
    const fans: SpecFan[] = members.map((m) => ({
      user_id: m.user_id,
      figures: { points: m.points, exact: m.exact, correct: Math.max(m.correct, m.exact), live: m.live },
      picks: m.picks,
    }));
    const base = () => specBase(fans, fixtureMoves.map(([from]) => from));
    const moves = fixtureMoves.map(([from, to], f) => ({ from, to, picks: specPicks(fans, f) }));
    return { members, base, moves };
  });

describe('LiveRanking (a live table as runs of its base, nothing rewritten per member)', () => {
  it('answers every position, page, member, rank and count as the whole merged table does', () => {
    fc.assert(
      fc.property(leagueAndMoves, fc.array(fc.tuple(fc.integer({ min: -2, max: 75 }), fc.integer({ min: 0, max: 12 })), { maxLength: 6 }), fc.integer({ min: -5, max: 130 }), ({ members, base, moves }, pages, points) => {
        const ranking = liveRanking(base(), moves);
        // The reference: the same table merged whole, from a ranking of its own (the merge is checked against
        // each fan re-scored from scratch in live-table.spec.ts).
        const whole = new RankedTable(liveRanking(base(), moves).columns());
        expect(ranking.size).toBe(whole.size);
        for (let p = 0; p < whole.size; p++) expect([p, ranking.at(p)]).toEqual([p, whole.at(p)]);
        for (const [from, length] of pages) expect([from, length, ranking.slice(from, from + length)]).toEqual([from, length, whole.slice(from, from + length)]);
        for (const m of members) {
          expect([m.user_id, ranking.positionOf(m.user_id)]).toEqual([m.user_id, whole.positionOf(m.user_id)]);
          expect([m.user_id, ranking.memberOf(m.user_id)]).toEqual([m.user_id, whole.memberOf(m.user_id)]);
        }
        expect(ranking.positionOf(9_999)).toBeUndefined();
        expect(ranking.memberOf(9_999)).toBeUndefined();
        expect([points, ranking.countBelow(points)]).toEqual([points, whole.countBelow(points)]);
        // Asked whole (everyone's picks), it merges once; its answers stay the same.
        expect(ranking.orderColumns()).toEqual(whole.orderColumns());
        expect(ranking.slice(0, whole.size)).toEqual(whole.slice(0, whole.size));
      }),
      { numRuns: 300 },
    );
  });

  it('is empty for an empty league', () => {
    const none = new Int32Array(0);
    const ranking = liveRanking(ordered({ user_ids: none, points: none, exact: none, correct: none, live_scored: none }), []);
    expect([ranking.size, ranking.slice(0, 10), ranking.positionOf(1), ranking.countBelow(10)]).toEqual([0, [], undefined, 0]);
    expect(() => ranking.at(0)).toThrow(RangeError);
  });
});
