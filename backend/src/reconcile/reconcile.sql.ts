import { outcomeSqlCase } from '@scoreline/contracts/game/scoring';
import { knockoutAdvancedSql, pointsWithAdvanceSql } from '../scoring/knockout.shared-sql';
import { countsAsCorrect, countsAsExact, countsAsLive, countsAsScored, IS_FINAL_SQL, SCORING_COLUMNS } from '../scoring/scoring.shared-sql';
import { TOP_ROWS } from '../standings/standings.shared-sql';
import { tablePosition, tableRank, totalsOf } from '../standings/table-ranking.shared-sql';
import { seasonBonusJoins, seasonBonusMovedAt, seasonBonusOf, withSeasonBonus } from '../standings/season-bonus.shared-sql';

/**
 * The reconciler's SQL: every check recomputes from the rows below it (fixture → predictions →
 * totals → standings) with the same rule builders the writers use, set-based, and returns only
 * what disagrees. Nothing here loops over rows in JavaScript.
 */

/** Advisory-lock key of a pass (session lock): one pass at a time across every worker replica. */
export const RECONCILE_LOCK = [7_305, 0] as const;

/**
 * a. Fixtures with at least one prediction whose points, outcome or finality is not what the
 * scoring SQL would set from the fixture's current row (and, for a knockout match's "who goes
 * through" pick, its first leg's: knockout.shared-sql.ts; the knockout fixtures are computed once, and
 * a league fixture's prediction meets no knockout row, so it is checked by the score's rule alone).
 * A scheduled fixture's predictions are only looked at when they carry a result (they should
 * not), so the CASE runs on scored rows only. A fixture changed within the grace ($1 seconds),
 * or whose first leg did, is left to the normal path.
 */
export const DRIFTING_FIXTURES_SQL = `
WITH knockout AS MATERIALIZED (${knockoutAdvancedSql()}
)
SELECT p.fixture_id, count(*)::int AS predictions
FROM predictions p JOIN fixtures fx ON fx.id = p.fixture_id
LEFT JOIN knockout k ON k.fixture_id = p.fixture_id
WHERE fx.updated_at < now() - make_interval(secs => $1)
  AND (k.first_leg_updated_at IS NULL OR k.first_leg_updated_at < now() - make_interval(secs => $1))
  AND (fx.status <> 'scheduled' OR p.points IS NOT NULL OR p.outcome IS NOT NULL OR p.is_final)
  AND (p.points IS DISTINCT FROM ${pointsWithAdvanceSql(SCORING_COLUMNS, 'p.advance', 'k.advanced')}
       OR p.outcome IS DISTINCT FROM ${outcomeSqlCase(SCORING_COLUMNS)}
       OR p.is_final IS DISTINCT FROM (${IS_FINAL_SQL}))
GROUP BY p.fixture_id
ORDER BY p.fixture_id`;

/** The totals columns, in one order for every comparison and write below. */
const TOTALS_COLUMNS = ['points', 'predictions', 'scored', 'correct', 'exact', 'live_scored'] as const;
const columnsOf = (alias: string) => TOTALS_COLUMNS.map((c) => `${alias}.${c}`).join(', ');
const zeroIfMissing = (alias: string) => TOTALS_COLUMNS.map((c) => `coalesce(${alias}.${c}, 0)`).join(', ');

/** What a totals row must hold: sums over a user's predictions `p` (one group per row). */
const TOTALS_FROM_PREDICTIONS = `
  count(p.id)::int AS predictions,
  coalesce(sum(p.points), 0)::int AS points,
  coalesce(sum(${countsAsScored('p.outcome')}), 0)::int AS scored,
  coalesce(sum(${countsAsCorrect('p.outcome')}), 0)::int AS correct,
  coalesce(sum(${countsAsExact('p.outcome')}), 0)::int AS exact,
  coalesce(sum(${countsAsLive('p.outcome', 'p.is_final')}), 0)::int AS live_scored`;

/**
 * b (finding). The (user, gameweek) and (user, season) totals rows that disagree with the sums
 * of their predictions: a wrong figure, a missing row (a user with predictions has one, see
 * PredictionsService), or a row left with figures but no predictions. One scan of predictions:
 * season sums are summed from the gameweek sums. Read-only, so it takes no lock.
 */
export const DRIFTING_TOTALS_SQL = `
WITH per_gameweek AS (
  SELECT p.user_id, p.gameweek_id, p.season_id, ${TOTALS_FROM_PREDICTIONS}
  FROM predictions p GROUP BY p.user_id, p.gameweek_id, p.season_id
),
per_season AS (
  SELECT user_id, season_id,
         sum(points)::int AS points, sum(predictions)::int AS predictions, sum(scored)::int AS scored,
         sum(correct)::int AS correct, sum(exact)::int AS exact, sum(live_scored)::int AS live_scored
  FROM per_gameweek GROUP BY user_id, season_id
)
SELECT 'gameweek' AS kind, coalesce(e.user_id, t.user_id) AS user_id, coalesce(e.gameweek_id, t.gameweek_id) AS key_id,
       coalesce(e.season_id, t.season_id) AS season_id
FROM per_gameweek e FULL JOIN user_gameweek_totals t ON t.user_id = e.user_id AND t.gameweek_id = e.gameweek_id
WHERE t.user_id IS NULL OR (${columnsOf('t')}) IS DISTINCT FROM (${zeroIfMissing('e')})
UNION ALL
SELECT 'season', coalesce(e.user_id, t.user_id), coalesce(e.season_id, t.season_id), coalesce(e.season_id, t.season_id)
FROM per_season e FULL JOIN user_season_totals t ON t.user_id = e.user_id AND t.season_id = e.season_id
WHERE t.user_id IS NULL OR (${columnsOf('t')}) IS DISTINCT FROM (${zeroIfMissing('e')})`;

/**
 * b (repair) of one totals table, for the given keys ($1 user ids, $2 gameweek or season ids):
 * recomputed from predictions and written where still different, missing rows inserted. The
 * caller holds the scoring advisory lock of every season involved, so no scorer moves these
 * rows meanwhile; a prediction save may (it recounts `predictions` without that lock), so a row
 * whose updated_at moved since this statement's snapshot is skipped rather than overwritten
 * with an older count (the next pass looks again).
 */
function totalsRepair(table: 'user_gameweek_totals' | 'user_season_totals'): string {
  const key = table === 'user_gameweek_totals' ? 'gameweek_id' : 'season_id';
  const seasonOfKey = table === 'user_gameweek_totals' ? '(SELECT g.season_id FROM gameweeks g WHERE g.id = k.key_id)' : 'k.key_id';
  const insertColumns = table === 'user_gameweek_totals' ? 'user_id, gameweek_id, season_id' : 'user_id, season_id';
  const insertKeys = table === 'user_gameweek_totals' ? 'e.user_id, e.key_id, e.season_id' : 'e.user_id, e.key_id';
  return `
WITH keys AS (
  SELECT DISTINCT k.user_id, k.key_id FROM unnest($1::int[], $2::int[]) AS k(user_id, key_id)
),
expected AS (
  SELECT k.user_id, k.key_id, ${seasonOfKey} AS season_id, t.updated_at AS seen_updated_at, (t.user_id IS NOT NULL) AS has_row,
         ${TOTALS_FROM_PREDICTIONS}
  FROM keys k
  LEFT JOIN predictions p ON p.user_id = k.user_id AND p.${key} = k.key_id
  LEFT JOIN ${table} t ON t.user_id = k.user_id AND t.${key} = k.key_id
  GROUP BY k.user_id, k.key_id, t.user_id, t.updated_at
),
fixed AS (
  UPDATE ${table} t SET
    ${TOTALS_COLUMNS.map((c) => `${c} = e.${c}`).join(', ')}, updated_at = now()
  FROM expected e
  WHERE t.user_id = e.user_id AND t.${key} = e.key_id AND t.updated_at = e.seen_updated_at
    AND (${columnsOf('t')}) IS DISTINCT FROM (${columnsOf('e')})
  RETURNING 1
),
added AS (
  INSERT INTO ${table} (${insertColumns}, ${TOTALS_COLUMNS.join(', ')})
  SELECT ${insertKeys}, ${columnsOf('e')} FROM expected e
  WHERE NOT e.has_row AND e.predictions > 0
  ON CONFLICT DO NOTHING
  RETURNING 1
)
SELECT (SELECT count(*) FROM fixed)::int + (SELECT count(*) FROM added)::int AS repaired`;
}

export const REPAIR_GAMEWEEK_TOTALS_SQL = totalsRepair('user_gameweek_totals');
export const REPAIR_SEASON_TOTALS_SQL = totalsRepair('user_season_totals');

/**
 * c. Leagues of season $1's competition whose stored table disagrees with the totals, as
 * StandingsService computes it (one statement per active season, as each league follows its
 * competition's active season):
 * a member's row with other figures (points with the season's bonus points, exact, correct,
 * recent points, provisional flag, bonus points) than the totals and the bonus points; a histogram of keys (the derived ranks' source) that does not count the
 * stored rows; a member without a row; a row of a non-member; a summary that
 * is missing (for a league with members) or out of date (season, recent gameweek, member
 * count, leading score, or its leading rows). What moved within the grace is left to the normal
 * path (its recompute is on the way): a member's row whose totals or membership changed then,
 * and the summary of a league where anything did (in a big league something always moves, so
 * the grace is per row: the league's other rows are still checked).
 * $1 active season id, $2 recent gameweek id, $3 its number, $4 grace in seconds.
 * Answers one row per drifting league with how many rows (standings + summary) disagree.
 */
export const DRIFTING_STANDINGS_SQL = `
WITH competition_leagues AS (
  -- With no active season ($1 null) every league: its table is kept without one too (members at 0).
  SELECT l.id FROM leagues l WHERE $1::int IS NULL OR l.competition_code = (SELECT s.league_code FROM seasons s WHERE s.id = $1)
),
ranked AS (
  SELECT m.league_id, m.user_id,
         coalesce(t.points, 0) + ${seasonBonusOf('bn')} AS total_points, coalesce(t.exact, 0) AS exact, coalesce(t.correct, 0) AS correct,
         ${seasonBonusOf('bn')} AS bonus_points,
         coalesce(g.points, 0) AS recent_points,
         (coalesce(t.provisional, false) OR coalesce(g.provisional, false)) AS provisional,
         ${tableRank(withSeasonBonus(totalsOf('t'), 'bn'), 'm.league_id')} AS rank,
         ${tablePosition(withSeasonBonus(totalsOf('t'), 'bn'), 'm.user_id', 'm.league_id')} AS position,
         greatest(m.joined_at, t.updated_at, g.updated_at, ${seasonBonusMovedAt('bn')}) AS moved_at
  FROM league_members m
  LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $1
  LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $2
  ${seasonBonusJoins({ alias: 'bn', user: 'm.user_id', league: 'm.league_id', season: '$1' })}
  WHERE m.league_id IN (SELECT id FROM competition_leagues)
),
per_league AS (
  SELECT l.id AS league_id, count(r.user_id)::int AS member_count, coalesce(max(r.total_points), 0)::int AS leading_score,
         coalesce(max(r.moved_at) >= now() - make_interval(secs => $4), false) AS busy
  FROM competition_leagues l LEFT JOIN ranked r ON r.league_id = l.id
  GROUP BY l.id
),
row_drift AS (
  SELECT coalesce(r.league_id, s.league_id) AS league_id
  FROM ranked r
  FULL JOIN (SELECT * FROM league_standings WHERE league_id IN (SELECT id FROM competition_leagues)) s ON s.league_id = r.league_id AND s.user_id = r.user_id
  WHERE (r.user_id IS NULL OR s.user_id IS NULL
         OR (s.total_points, s.exact, s.correct, s.recent_points, s.provisional, s.bonus_points)
            IS DISTINCT FROM (r.total_points, r.exact, r.correct, r.recent_points, r.provisional, r.bonus_points))
    AND (r.user_id IS NULL OR r.moved_at < now() - make_interval(secs => $4))
),
-- The histogram ranks are derived from, against the stored rows it counts (written in the
-- same transaction, so no grace: any difference is drift). Counted only for a league without
-- row drift, whose repair rebuilds the histogram anyway.
key_drift AS (
  SELECT league_id FROM (
    (SELECT league_id, points, exact, correct, n FROM league_key_counts WHERE n <> 0
     EXCEPT SELECT league_id, total_points, exact, correct, count(*)::int FROM league_standings GROUP BY 1, 2, 3, 4)
    UNION ALL
    (SELECT league_id, total_points, exact, correct, count(*)::int FROM league_standings GROUP BY 1, 2, 3, 4
     EXCEPT SELECT league_id, points, exact, correct, n FROM league_key_counts WHERE n <> 0)) d
  WHERE league_id IN (SELECT id FROM competition_leagues) AND league_id NOT IN (SELECT league_id FROM row_drift)
  GROUP BY league_id
),
top_expected AS (
  SELECT league_id, user_id, rank, total_points, recent_points, provisional FROM ranked WHERE position <= ${TOP_ROWS}
),
top_stored AS (
  SELECT s.league_id, (e->>'user_id')::int, (e->>'rank')::int, (e->>'total_points')::int, (e->>'recent_points')::int, (e->>'provisional')::boolean
  FROM league_standings_summary s CROSS JOIN LATERAL jsonb_array_elements(s.top) e
  WHERE s.league_id IN (SELECT id FROM competition_leagues)
),
summary_drift AS (
  SELECT x.league_id
  FROM per_league x LEFT JOIN league_standings_summary s ON s.league_id = x.league_id
  WHERE (s.league_id IS NULL AND x.member_count > 0)
     OR (s.league_id IS NOT NULL
         AND (s.season_id IS DISTINCT FROM $1 OR s.recent_gameweek_id IS DISTINCT FROM $2 OR s.recent_gameweek_number IS DISTINCT FROM $3
              OR s.member_count <> x.member_count OR s.leading_score <> x.leading_score))
  UNION
  SELECT league_id FROM ((SELECT * FROM top_expected EXCEPT SELECT * FROM top_stored)
                         UNION ALL (SELECT * FROM top_stored EXCEPT SELECT * FROM top_expected)) d
),
drift AS (
  SELECT league_id, count(*)::int AS rows FROM row_drift GROUP BY league_id
  UNION ALL
  SELECT league_id, 1 FROM key_drift
  UNION ALL
  SELECT s.league_id, 1 FROM summary_drift s JOIN per_league x ON x.league_id = s.league_id AND NOT x.busy
)
SELECT league_id, sum(rows)::int AS rows FROM drift GROUP BY league_id ORDER BY league_id`;
