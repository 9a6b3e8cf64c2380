import { startsWithRange } from '../platform/common/sql-like';

// Public SQL of the users domain (the *.shared-sql.ts convention): any domain may compose it.

/**
 * How other domains' queries match and order users by name, in the exact forms the users
 * table's indexes answer (migrations 1765500000000, 1765700000000): a search matches when a word
 * of the name starts with it — the full name ("carlos jo"), the family name ("john") or the
 * username — in any case, each a B-tree range that reads only the matches; A–Z through the
 * expression index. `search` is the SQL of the search text (trimmed, not blank), `alias` the
 * users row.
 */
export const userNameStartsWith = (alias: string, search: string) => {
  const prefix = `lower(${search})`;
  return `(${[`lower(${alias}.first_name || ' ' || ${alias}.last_name)`, `lower(${alias}.last_name)`, `lower(${alias}.username)`]
    .map((name) => startsWithRange(name, prefix))
    .join(' OR ')})`;
};
export const userNameOrder = (alias: string) => `lower(${alias}.first_name || ' ' || ${alias}.last_name)`;
