import fc from 'fast-check';
import { LiveStandings } from './live-standings';
import { RankedTable } from './ranked-table';

/** A table of members by points alone (the table rule's first key), in table order with shared ranks. */
function tableOf(members: { user_id: number; points: number }[]): RankedTable {
  const rows = [...members].sort((a, b) => b.points - a.points || a.user_id - b.user_id);
  const rank = (points: number) => 1 + rows.filter((o) => o.points > points).length;
  return new RankedTable({
    user_ids: Int32Array.from(rows, (r) => r.user_id),
    ranks: Int32Array.from(rows, (r) => rank(r.points)),
    points: Int32Array.from(rows, (r) => r.points),
    exact: new Int32Array(rows.length),
    correct: new Int32Array(rows.length),
    provisional: new Uint8Array(rows.length),
  });
}

const members = fc.uniqueArray(fc.record({ user_id: fc.integer({ min: 1, max: 200 }), points: fc.nat(12) }), { selector: (m) => m.user_id, maxLength: 50 });

describe('LiveStandings', () => {
  it('counts the members below any number of points as a plain count does', () => {
    fc.assert(
      fc.property(members, fc.integer({ min: -1, max: 14 }), (season, points) => {
        const live = new LiveStandings(tableOf(season), null, null, null, 'k');
        expect(live.countBelow(points)).toBe(season.filter((m) => m.points < points).length);
      }),
    );
  });

  it("answers a member's rank, points, place and recent points from the two tables, and nothing for a stranger", () => {
    fc.assert(
      fc.property(members, fc.array(fc.nat(5), { maxLength: 50 }), (season, recentPoints) => {
        // The recent gameweek's table holds the first members only (the rest scored nothing in it).
        const recent = season.slice(0, recentPoints.length).map((m, i) => ({ user_id: m.user_id, points: recentPoints[i] }));
        const live = new LiveStandings(tableOf(season), tableOf(recent), 3, null, 'k');
        const ordered = [...season].sort((a, b) => b.points - a.points || a.user_id - b.user_id);
        for (const m of season) {
          expect(live.lineOf(m.user_id)).toEqual({
            position: ordered.indexOf(m),
            rank: 1 + season.filter((o) => o.points > m.points).length,
            points: m.points,
            recentPoints: recent.find((r) => r.user_id === m.user_id)?.points ?? 0,
            provisional: false,
          });
        }
        expect(live.lineOf(201)).toBeUndefined();
        expect(live.positionOf(201)).toBeUndefined();
      }),
    );
  });
});
