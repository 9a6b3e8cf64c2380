/**
 * The SQL side of parseIntList (ranked-table.ts): an integer column aggregated into one
 * comma-separated text, '' for no rows, which the reader parses straight into a typed array
 * (a million members' column as one string, not a JS array and a string per element).
 * `orderBy` orders the elements (e.g. `user_id`); without it they come in the rows' order.
 * Public SQL of the standings domain (the *.shared-sql.ts convention).
 */
export function intList(expression: string, orderBy?: string): string {
  return `coalesce(array_to_string(array_agg(${expression}${orderBy ? ` ORDER BY ${orderBy}` : ''}), ','), '')`;
}
