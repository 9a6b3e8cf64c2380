import fc from 'fast-check';
import { parseIntList, RankedTable, type RankedColumns, type RankedMember } from './ranked-table';

const columnsOf = (rows: RankedMember[]): RankedColumns => ({
  user_ids: Int32Array.from(rows, (r) => r.user_id),
  ranks: Int32Array.from(rows, (r) => r.rank),
  points: Int32Array.from(rows, (r) => r.points),
  exact: Int32Array.from(rows, (r) => r.exact),
  correct: Int32Array.from(rows, (r) => r.correct),
  provisional: Uint8Array.from(rows, (r) => (r.provisional ? 1 : 0)),
});

/** Members with distinct ids and figures, ranked by the table rule (1, 1, 3 for ties), ties by id. */
const rankedTable = (ids: fc.Arbitrary<number>) =>
  fc
    .uniqueArray(fc.record({ user_id: ids, points: fc.nat(5), exact: fc.nat(1), correct: fc.nat(1), provisional: fc.boolean() }), {
      selector: (m) => m.user_id,
      maxLength: 60,
    })
    .map((members): RankedMember[] => {
      const key = (m: (typeof members)[number]) => [m.points, m.exact, m.correct];
      const better = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
      const sorted = [...members].sort((a, b) => better(key(b), key(a)) || a.user_id - b.user_id);
      return sorted.map((m) => ({ ...m, rank: 1 + sorted.filter((o) => better(key(o), key(m)) > 0).length }));
    });

describe('RankedTable', () => {
  it('keeps the table in order, finds each member, and answers pages as the rows they hold', () => {
    // Dense ids (a direct lookup array) and sparse ones (a map).
    for (const ids of [fc.integer({ min: 1, max: 80 }), fc.integer({ min: 1, max: 2_000_000_000 })]) {
      fc.assert(
        fc.property(rankedTable(ids), fc.nat(70), fc.integer({ min: 1, max: 20 }), (rows, start, size) => {
          const table = new RankedTable(columnsOf(rows));
          expect(table.size).toBe(rows.length);
          expect(table.slice(0, rows.length)).toEqual(rows);
          expect(table.slice(start, start + size)).toEqual(rows.slice(start, start + size));
          rows.forEach((r, i) => {
            expect(table.positionOf(r.user_id)).toBe(i);
            expect(table.at(i)).toEqual(r);
          });
          expect(table.positionOf(0)).toBeUndefined();
          expect(table.positionOf(2_000_000_001)).toBeUndefined();
        }),
      );
    }
  });

  it('puts columns the database answered out of order into table order', () => {
    fc.assert(
      fc.property(
        rankedTable(fc.integer({ min: 1, max: 500 })).chain((rows) => fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length }))),
        ([rows, shuffled]) => {
          const table = new RankedTable(columnsOf(shuffled));
          expect(table.slice(0, rows.length)).toEqual(rows);
          rows.forEach((r, i) => expect(table.positionOf(r.user_id)).toBe(i));
        },
      ),
    );
  });

  it('holds an empty table', () => {
    const table = new RankedTable(columnsOf([]));
    expect(table.size).toBe(0);
    expect(table.slice(0, 50)).toEqual([]);
    expect(table.positionOf(1)).toBeUndefined();
  });

  it('rejects columns of different lengths', () => {
    const columns = columnsOf([{ user_id: 1, rank: 1, points: 3, exact: 0, correct: 1, provisional: false }]);
    expect(() => new RankedTable({ ...columns, ranks: new Int32Array(0) })).toThrow('differ in length');
  });
});

describe('parseIntList', () => {
  it('reads back any list of 32-bit integers as array_to_string writes it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 200 }), (values) => {
        expect(Array.from(parseIntList(values.join(',')))).toEqual(values);
      }),
    );
  });
});
