import { outcomeSqlCase, scoringSqlCase } from '@scoreline/contracts/game/scoring';
import { advancedSideSql, knockoutAdvancedSql, pointsWithAdvanceSql } from './knockout.shared-sql';
import { countsAsCorrect, countsAsExact, countsAsLive, countsAsScored, IS_FINAL_SQL, SCORING_COLUMNS } from './scoring.shared-sql';

const totalsUpdate = (table: string, keyColumn: string, keyParam: string) => `
  UPDATE ${table} t SET
    points = t.points + c.d_points,
    scored = t.scored + c.d_scored,
    correct = t.correct + c.d_correct,
    exact = t.exact + c.d_exact,
    live_scored = t.live_scored + c.d_live,
    updated_at = now()
  FROM changed c
  -- Only this part's users: the totals side of the join is hashed, and the other parts' rows need not be.
  WHERE t.${keyColumn} = ${keyParam} AND t.user_id % $4::int = $5::int AND t.user_id = c.user_id
    AND (c.d_points <> 0 OR c.d_scored <> 0 OR c.d_correct <> 0 OR c.d_exact <> 0 OR c.d_live <> 0)
  RETURNING 1`;

/**
 * Scores every prediction of one fixture from the fixture's CURRENT row, in one statement:
 * - scheduled → points/outcome NULL (un-scores after a correction), is_final false;
 * - live → provisional points; finished → final points; postponed → void, 0 points, final.
 * Only rows whose values change are written, and the two totals tables move by each changed
 * prediction's (new − old) contribution in the same statement, so a replay changes nothing
 * and any order of events for one fixture ends in the same totals.
 *
 * It also remembers the score and status it scored at (fixture_scorings) and answers whether
 * they moved: a goal can move the score without moving anybody's points, and a fixture scored in
 * parts may have had some parts committed by a try that never told the news.
 *
 * Parameters: $1 fixture id, $2 gameweek id, $3 season id (of that fixture), $4 parts, $5 part:
 * it scores the predictions of the users with user_id % parts = part, so a big fixture can be
 * scored in several statements at once. A user's prediction and both totals rows are in the same
 * part, so each part is whole on its own. Part 0 remembers the score and status. All predictions of a
 * fixture share its gameweek and season, so each user has at most one changed row here.
 * Callers hold the season's scoring advisory lock (the old values must not move under us).
 */
function scoreFixtureSql(fx: string, newPoints: string): string {
  return `
WITH fx AS (${fx}),
calc AS (
  SELECT p.id, p.user_id,
         p.points AS old_points, p.outcome AS old_outcome, p.is_final AS old_final,
         ${newPoints} AS new_points,
         ${outcomeSqlCase(SCORING_COLUMNS)} AS new_outcome,
         (${IS_FINAL_SQL}) AS new_final
  FROM predictions p JOIN fx ON fx.id = p.fixture_id
  WHERE p.fixture_id = $1 AND p.user_id % $4::int = $5::int
),
changed AS (
  UPDATE predictions p
  SET points = c.new_points, outcome = c.new_outcome, is_final = c.new_final
  FROM calc c
  WHERE p.id = c.id
    AND (c.old_points IS DISTINCT FROM c.new_points OR c.old_outcome IS DISTINCT FROM c.new_outcome
         OR c.old_final IS DISTINCT FROM c.new_final)
  RETURNING c.user_id,
    COALESCE(c.new_points, 0) - COALESCE(c.old_points, 0) AS d_points,
    ${countsAsScored('c.new_outcome')} - ${countsAsScored('c.old_outcome')} AS d_scored,
    ${countsAsCorrect('c.new_outcome')} - ${countsAsCorrect('c.old_outcome')} AS d_correct,
    ${countsAsExact('c.new_outcome')} - ${countsAsExact('c.old_outcome')} AS d_exact,
    ${countsAsLive('c.new_outcome', 'c.new_final')} - ${countsAsLive('c.old_outcome', 'c.old_final')} AS d_live
),
gameweek_totals AS (${totalsUpdate('user_gameweek_totals', 'gameweek_id', '$2')}),
season_totals AS (${totalsUpdate('user_season_totals', 'season_id', '$3')}),
-- The score and status these predictions were scored at, remembered by part 0 when either moved
-- (no row: never scored; a status change alone is news once a score was remembered).
last_scored AS (
  SELECT home_score, away_score, status FROM fixture_scorings WHERE fixture_id = $1
),
moved AS (
  SELECT id, home_score, away_score, status FROM fx
  WHERE $5::int = 0
    AND ((home_score, away_score) IS DISTINCT FROM ((SELECT home_score FROM last_scored), (SELECT away_score FROM last_scored))
         OR EXISTS (SELECT 1 FROM last_scored l WHERE l.status IS DISTINCT FROM fx.status))
),
remembered AS (
  INSERT INTO fixture_scorings AS s (fixture_id, home_score, away_score, status)
  SELECT id, home_score, away_score, status FROM moved
  ON CONFLICT (fixture_id) DO UPDATE SET home_score = EXCLUDED.home_score, away_score = EXCLUDED.away_score, status = EXCLUDED.status, scored_at = now()
  RETURNING 1
)
SELECT (SELECT count(*) FROM changed)::int AS changed,
       EXISTS (SELECT 1 FROM remembered) AS state_moved,
       (SELECT count(*) FROM gameweek_totals)::int AS gameweek_rows,
       (SELECT count(*) FROM season_totals)::int AS season_rows,
       (SELECT status FROM fx) AS status`;
}

/** A league or group fixture: the score's points (scoringSqlCase), as ever. */
export const SCORE_FIXTURE_SQL = scoreFixtureSql(
  `
  SELECT id, status, home_score, away_score FROM fixtures WHERE id = $1
`,
  scoringSqlCase(SCORING_COLUMNS),
);

/**
 * A fixture of a knockout round: the score's points as above plus the "who goes through" pick's
 * (knockout.shared-sql.ts), known once the match is finished; in a two-legged tie the pick rides on the
 * second leg and is scored on the aggregate, so a first leg's correction rescores its second leg
 * (ScoringService). Chosen per fixture, so the league statement above stays as it was.
 */
export const SCORE_KNOCKOUT_FIXTURE_SQL = scoreFixtureSql(
  `
  SELECT f.id, f.status, f.home_score, f.away_score, ${advancedSideSql('f', 'g')} AS advanced
  FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id WHERE f.id = $1
`,
  pointsWithAdvanceSql(SCORING_COLUMNS, 'p.advance', 'fx.advanced'),
);

/**
 * One fan's totals of a season as the scorer would write them now: the stored totals rows moved
 * by what each of the fan's predictions gives at its fixture's CURRENT row (the rule above) minus
 * what it was scored at. A prediction and both its totals rows are written by one statement, so
 * in one snapshot they agree: a goal the scorer has not reached yet counts once, and one it has
 * reached counts once too (its difference is 0). A knockout match's "who goes through" pick counts
 * as the scorer counts it (knockout.shared-sql.ts). The season's row has gameweek_id NULL. Banker
 * hits (a banker's result right, exact included) are counted afresh at the current rows.
 * Parameters: $1 user id, $2 season id.
 */
export const LIVE_TOTALS_SQL = `
WITH knockout AS MATERIALIZED (${knockoutAdvancedSql('g.season_id = $2')}
),
calc AS (
  SELECT p.gameweek_id, p.is_banker, p.points AS old_points, p.outcome AS old_outcome, p.is_final AS old_final,
         ${pointsWithAdvanceSql(SCORING_COLUMNS, 'p.advance', 'k.advanced')} AS new_points,
         ${outcomeSqlCase(SCORING_COLUMNS)} AS new_outcome,
         (${IS_FINAL_SQL}) AS new_final
  FROM predictions p JOIN fixtures fx ON fx.id = p.fixture_id
  LEFT JOIN knockout k ON k.fixture_id = p.fixture_id
  WHERE p.user_id = $1 AND p.season_id = $2
),
moves AS (
  SELECT gameweek_id,
    sum(COALESCE(c.new_points, 0) - COALESCE(c.old_points, 0))::int AS d_points,
    sum(${countsAsScored('c.new_outcome')} - ${countsAsScored('c.old_outcome')})::int AS d_scored,
    sum(${countsAsCorrect('c.new_outcome')} - ${countsAsCorrect('c.old_outcome')})::int AS d_correct,
    sum(${countsAsExact('c.new_outcome')} - ${countsAsExact('c.old_outcome')})::int AS d_exact,
    sum(${countsAsLive('c.new_outcome', 'c.new_final')} - ${countsAsLive('c.old_outcome', 'c.old_final')})::int AS d_live,
    count(*) FILTER (WHERE c.is_banker AND ${countsAsCorrect('c.new_outcome')} = 1)::int AS banker_hits
  FROM calc c GROUP BY gameweek_id
),
season_moves AS (
  SELECT COALESCE(sum(d_points), 0)::int AS d_points, COALESCE(sum(d_scored), 0)::int AS d_scored,
         COALESCE(sum(d_correct), 0)::int AS d_correct, COALESCE(sum(d_exact), 0)::int AS d_exact,
         COALESCE(sum(d_live), 0)::int AS d_live, COALESCE(sum(banker_hits), 0)::int AS banker_hits
  FROM moves
)
SELECT NULL::int AS gameweek_id, NULL::int AS number,
       s.points + m.d_points AS points, s.predictions, s.scored + m.d_scored AS scored,
       s.correct + m.d_correct AS correct, s.exact + m.d_exact AS exact, (s.live_scored + m.d_live) > 0 AS provisional,
       m.banker_hits
FROM user_season_totals s CROSS JOIN season_moves m
WHERE s.user_id = $1 AND s.season_id = $2
UNION ALL
SELECT t.gameweek_id, g.number,
       t.points + COALESCE(m.d_points, 0), t.predictions, t.scored + COALESCE(m.d_scored, 0),
       t.correct + COALESCE(m.d_correct, 0), t.exact + COALESCE(m.d_exact, 0), (t.live_scored + COALESCE(m.d_live, 0)) > 0,
       COALESCE(m.banker_hits, 0)
FROM user_gameweek_totals t JOIN gameweeks g ON g.id = t.gameweek_id
LEFT JOIN moves m ON m.gameweek_id = t.gameweek_id
WHERE t.user_id = $1 AND t.season_id = $2`;
