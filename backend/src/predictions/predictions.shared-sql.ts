// Public SQL of the predictions domain (the *.shared-sql.ts convention): any domain may compose it.

/**
 * The reveal rule in SQL, for a gameweek aliased `g`: its picks may be shown to everyone once
 * predictions for it are locked for good — its deadline (the first kick-off, `starts_at`) has
 * passed by the database clock, or a score was recorded in it (which closes saves at once), or
 * it is completed (every fixture finished or postponed). The same rule as `picksRevealed` in
 * contracts/src/game/reveal.ts, which picks/ and stats/ apply to a GameweekSummary; every SQL
 * reader (compare/) builds its filter here, and test/compare/reveal-rule.int-spec.ts checks
 * that both forms agree.
 */
export function revealedSql(g: string): string {
  return `(
  (${g}.starts_at IS NOT NULL AND ${g}.starts_at <= clock_timestamp())
  OR EXISTS (SELECT 1 FROM fixtures rf WHERE rf.gameweek_id = ${g}.id AND rf.status IN ('live', 'finished'))
  OR NOT EXISTS (SELECT 1 FROM fixtures rf WHERE rf.gameweek_id = ${g}.id AND rf.status NOT IN ('finished', 'postponed'))
)`;
}
