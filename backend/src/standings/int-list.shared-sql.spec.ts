import { intList } from './int-list.shared-sql';

describe('intList: an integer column as one comma-separated text for parseIntList', () => {
  it("aggregates the expression, in the order asked for, and answers '' for no rows", () => {
    expect(intList('user_id')).toBe(`coalesce(array_to_string(array_agg(user_id), ','), '')`);
    expect(intList('r.rank', 'r.user_id')).toBe(`coalesce(array_to_string(array_agg(r.rank ORDER BY r.user_id), ','), '')`);
  });
});
