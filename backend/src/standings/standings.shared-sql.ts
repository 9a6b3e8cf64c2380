// Public SQL of the standings domain (the *.shared-sql.ts convention): any domain may compose it.

/** How many leading rows the summary keeps, so the leaderboard's first pages need no sort. */
export const TOP_ROWS = 100;
