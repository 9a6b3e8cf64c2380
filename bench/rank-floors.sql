-- Plain-SQL floors of derived ranks at :n members of one league (psql -v n=1000000 -f bench/rank-floors.sql
-- on a scratch database). Measures what a design that stores only the sort key would pay:
-- rank() over every member (today's rewrite), "my rank" as 1 + count of better keys from an
-- index, the same from a per-league histogram of keys, and writing the changed keys of a goal.
\timing on
SET jit = off;
SET work_mem = '64MB';
DROP TABLE IF EXISTS floor_keys, floor_hist;
CREATE TABLE floor_keys (league_id int, user_id int, points int, exact int, correct int, PRIMARY KEY (league_id, user_id)) WITH (fillfactor = 80);
INSERT INTO floor_keys SELECT 1, i, (random() * 600)::int, (random() * 8)::int, 8 + (random() * 12)::int FROM generate_series(1, :n) i;
CREATE INDEX floor_keys_key_idx ON floor_keys (league_id, points DESC, exact DESC, correct DESC, user_id);
VACUUM ANALYZE floor_keys;
\echo 'rank() over every member (the rewrite today, read side only)'
SELECT max(r) FROM (SELECT rank() OVER (ORDER BY points DESC, exact DESC, correct DESC) r FROM floor_keys WHERE league_id = 1) x;
\echo 'my rank, index count, a fan in the middle'
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) SELECT 1 + count(*) FROM floor_keys WHERE league_id = 1 AND (points, exact, correct) > (300, 4, 14);
\echo 'my rank, index count, the last fan'
SELECT 1 + count(*) FROM floor_keys WHERE league_id = 1 AND (points, exact, correct) > (0, 0, 8);
CREATE TABLE floor_hist AS SELECT league_id, points, exact, correct, count(*)::int AS n FROM floor_keys GROUP BY 1, 2, 3, 4;
ALTER TABLE floor_hist ADD PRIMARY KEY (league_id, points, exact, correct);
VACUUM ANALYZE floor_hist;
SELECT count(*) AS distinct_keys FROM floor_hist;
\echo 'my rank, histogram, the last fan'
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) SELECT 1 + coalesce(sum(n), 0) FROM floor_hist WHERE league_id = 1 AND (points, exact, correct) > (0, 0, 8);
\echo 'top 50 with ranks: index order plus a histogram sum per row'
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON)
SELECT k.user_id, 1 + (SELECT coalesce(sum(h.n), 0) FROM floor_hist h WHERE h.league_id = 1 AND (h.points, h.exact, h.correct) > (k.points, k.exact, k.correct)) AS rank
FROM floor_keys k WHERE k.league_id = 1 ORDER BY k.points DESC, k.exact DESC, k.correct DESC, k.user_id LIMIT 50;
\echo 'a goal: 60% of the keys move (write only the key; indexed: no HOT)'
UPDATE floor_keys SET points = points + 10 WHERE league_id = 1 AND user_id % 5 < 3;
\echo 'the histogram follows the goal (set-based delta)'
INSERT INTO floor_hist AS h SELECT 1, points, exact, correct, count(*) FROM floor_keys GROUP BY 2, 3, 4
ON CONFLICT (league_id, points, exact, correct) DO UPDATE SET n = EXCLUDED.n WHERE h.n <> EXCLUDED.n;
\echo 'the same goal without the key index (HOT), for comparison'
DROP INDEX floor_keys_key_idx;
VACUUM floor_keys;
UPDATE floor_keys SET points = points + 10 WHERE league_id = 1 AND user_id % 5 < 3;
DROP TABLE floor_keys, floor_hist;
