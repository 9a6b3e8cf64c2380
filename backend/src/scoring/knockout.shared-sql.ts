import { advancePickSqlCase } from '@scoreline/contracts/game/knockout';
import { scoringSqlCase, type ScoringSqlColumns } from '@scoreline/contracts/game/scoring';

/**
 * The knockout rules in SQL, for the scorer, the fan's live totals and the reconciler: who went
 * through a knockout match (matchWinner, tieWinner in contracts/src/game/knockout.ts), as a side
 * of the fixture that carries the "who goes through" pick, and a prediction's points with that
 * pick's. Only fixtures of knockout rounds go through here: a league fixture's scoring SQL is
 * left exactly as it was. test/game/knockout-scoring.int-spec.ts checks who went through, as
 * these expressions say, against matchWinner and tieWinner at every state its season goes through.
 * Public SQL of the scoring domain (the *.shared-sql.ts convention): any domain may compose it.
 */

/** 'home' or 'away' for the side ahead, NULL when level or unknown. */
const leaderSql = (home: string, away: string) => `(CASE WHEN ${home} > ${away} THEN 'home' WHEN ${home} < ${away} THEN 'away' END)`;

/**
 * Who went through, as a side ('home' | 'away') of fixture `f` of round `g`, or NULL: while `f`
 * is not finished, when it carries no pick (not a knockout round, or the first leg of a tie), or
 * while it is not decided (a level score without the extra time or shoot-out recorded).
 * - A single match: the 90-minute leader, else extra time's (cumulative), else the shoot-out's.
 * - A second leg: the same on the aggregate (the first leg's goals added from the point of view
 *   of the second leg's sides, who swap grounds between the legs; no away-goals rule), the
 *   shoot-out being the second leg's own. NULL while the first leg is not finished.
 * The stored rows hold no impossible score (the CHECKs, and matchWinner at every door that
 * writes a result), so taking the first decided stage is the rules' answer.
 */
export function advancedSideSql(f: string, g: string): string {
  // The first leg's goals of the second leg's home and away sides.
  const firstLegHome = `(CASE WHEN l1.home_club_id = ${f}.away_club_id THEN l1.away_score ELSE l1.home_score END)`;
  const firstLegAway = `(CASE WHEN l1.home_club_id = ${f}.away_club_id THEN l1.home_score ELSE l1.away_score END)`;
  return `(CASE
    WHEN ${g}.kind <> 'knockout' OR ${f}.status <> 'finished' OR ${f}.tie_leg = 1 THEN NULL
    WHEN ${f}.tie_leg IS NULL THEN COALESCE(${leaderSql(`${f}.home_score`, `${f}.away_score`)}, ${leaderSql(`${f}.et_home`, `${f}.et_away`)},
                                           ${leaderSql(`${f}.pen_home`, `${f}.pen_away`)})
    ELSE (SELECT COALESCE(${leaderSql(`${f}.home_score + ${firstLegHome}`, `${f}.away_score + ${firstLegAway}`)},
                          ${leaderSql(`${f}.et_home + ${firstLegHome}`, `${f}.et_away + ${firstLegAway}`)},
                          ${leaderSql(`${f}.pen_home`, `${f}.pen_away`)})
          FROM fixtures l1
          WHERE l1.season_id = ${f}.season_id AND l1.tie_key = ${f}.tie_key AND l1.tie_leg = 1 AND l1.status = 'finished')
  END)`;
}

/**
 * A CTE body: who went through each fixture of a knockout round (`fixture_id`, `advanced`), with
 * when its first leg last changed (`first_leg_updated_at`, NULL but for a second leg): a first
 * leg's correction moves its second leg's points. `where` narrows the rounds (`g`), e.g. to a
 * season. Materialise it (one row per knockout fixture, computed once) before joining it to
 * predictions.
 */
export function knockoutAdvancedSql(where = 'TRUE'): string {
  return `
  SELECT f.id AS fixture_id, ${advancedSideSql('f', 'g')} AS advanced,
         (SELECT l1.updated_at FROM fixtures l1 WHERE f.tie_leg = 2 AND l1.season_id = f.season_id AND l1.tie_key = f.tie_key AND l1.tie_leg = 1) AS first_leg_updated_at
  FROM gameweeks g JOIN fixtures f ON f.gameweek_id = g.id
  WHERE g.kind = 'knockout' AND (${where})`;
}

/**
 * A prediction's points with its "who goes through" pick: the score's points as scoringSqlCase
 * gives them (the banker doubling that part only; NULL while there is no score, 0 when void),
 * plus the pick's (advancePickSqlCase: ADVANCE_POINTS for the right side once `advanced` is
 * known, never doubled; 0 when void or without a pick). `advanced` is NULL for a fixture that
 * carries no pick, so a prediction there scores exactly as scoringSqlCase says.
 */
export function pointsWithAdvanceSql(columns: ScoringSqlColumns, pick: string, advanced: string): string {
  const advance = advancePickSqlCase({ pick, actual: advanced, ...(columns.isVoid === undefined ? {} : { isVoid: columns.isVoid }) });
  return `(${scoringSqlCase(columns)} + COALESCE(${advance}, 0))`;
}
