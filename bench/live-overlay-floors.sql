-- Plain-SQL floors of the "live overlay" design for issue 12's headline (a goal → every fan's rank readable in
-- every league kind ≤ 2 s at 1M): nothing per fan is written on a goal; a fan's live key is the stored key of
-- the final fixtures plus what the live fixtures' current scores give their predictions, and each league's
-- histogram of live keys (ranks by binary search, as KeyRanks does now) and its leading 100 are rebuilt from
-- that once per goal. psql -v n=1000000 -v k=6 -f bench/live-overlay-floors.sql on a scratch database:
-- n fans, five leagues as the headline bench has them (all, 30%, 5%, 1,000, 20), k fixtures live at once
-- (1 for a lone evening match, 6+ for a Saturday 3 pm), every fan predicting every live fixture.
-- The points rule is the game's (3 exact / 1 result, 2× banker), written out; the floors are the reads.
\timing on
SET jit = off;
SET work_mem = '128MB';
DROP TABLE IF EXISTS ov_base, ov_live, ov_members, ov_fixtures;
CREATE TABLE ov_base (user_id int PRIMARY KEY, points int NOT NULL, exact int NOT NULL, correct int NOT NULL);
INSERT INTO ov_base SELECT i, (random() * 600)::int, (random() * 8)::int, 8 + (random() * 12)::int FROM generate_series(1, :n) i;
CREATE TABLE ov_members (league_id int, user_id int, PRIMARY KEY (league_id, user_id));
INSERT INTO ov_members SELECT 1, i FROM generate_series(1, :n) i;
INSERT INTO ov_members SELECT 2, i FROM generate_series(1, :n) i WHERE i % 10 < 3;
INSERT INTO ov_members SELECT 3, i FROM generate_series(1, :n) i WHERE i % 20 = 0;
INSERT INTO ov_members SELECT 4, i FROM generate_series(1, least(:n, 1000)) i;
INSERT INTO ov_members SELECT 5, i FROM generate_series(1, 20) i;
CREATE TABLE ov_fixtures (id int PRIMARY KEY, home int NOT NULL, away int NOT NULL);
INSERT INTO ov_fixtures SELECT f, 0, 0 FROM generate_series(1, :k) f;
CREATE TABLE ov_live (fixture_id int, user_id int, home int NOT NULL, away int NOT NULL, banker boolean NOT NULL, PRIMARY KEY (fixture_id, user_id));
INSERT INTO ov_live SELECT f, i, (random() * 3)::int, (random() * 2)::int, random() < 0.1 FROM generate_series(1, :k) f, generate_series(1, :n) i;
VACUUM ANALYZE ov_base, ov_members, ov_fixtures, ov_live;

CREATE OR REPLACE VIEW ov_live_keys AS
WITH scored AS (
  SELECT p.user_id,
         (CASE WHEN p.home = f.home AND p.away = f.away THEN 3 WHEN sign(p.home - p.away) = sign(f.home - f.away) THEN 1 ELSE 0 END)
           * (CASE WHEN p.banker THEN 2 ELSE 1 END) AS points,
         (p.home = f.home AND p.away = f.away)::int AS exact,
         (sign(p.home - p.away) = sign(f.home - f.away))::int AS correct
  FROM ov_live p JOIN ov_fixtures f ON f.id = p.fixture_id
),
delta AS (SELECT user_id, sum(points) AS points, sum(exact) AS exact, sum(correct) AS correct FROM scored GROUP BY user_id)
SELECT m.league_id, m.user_id, b.points + coalesce(d.points, 0) AS points, b.exact + coalesce(d.exact, 0) AS exact,
       b.correct + coalesce(d.correct, 0) AS correct
FROM ov_members m JOIN ov_base b ON b.user_id = m.user_id LEFT JOIN delta d ON d.user_id = m.user_id;

\echo 'a goal in fixture 1 (1-0)'
UPDATE ov_fixtures SET home = 1 WHERE id = 1;
\echo 'every league''s histogram of live keys (what ranks read), one statement'
SELECT count(*) AS buckets FROM (SELECT league_id, points, exact, correct, count(*) FROM ov_live_keys GROUP BY 1, 2, 3, 4) h;
\echo 'every league''s leading 100 by live key (the first pages), one statement'
SELECT count(*) AS leading_rows FROM (
  SELECT league_id, user_id, row_number() OVER (PARTITION BY league_id ORDER BY points DESC, exact DESC, correct DESC, user_id) AS rn
  FROM ov_live_keys) t WHERE rn <= 100;
\echo 'both from one pass (the histogram and the leading 100 of each league)'
WITH keys AS MATERIALIZED (SELECT * FROM ov_live_keys),
hist AS (SELECT league_id, points, exact, correct, count(*) AS n FROM keys GROUP BY 1, 2, 3, 4),
leaders AS (
  SELECT * FROM (SELECT league_id, user_id, row_number() OVER (PARTITION BY league_id ORDER BY points DESC, exact DESC, correct DESC, user_id) AS rn FROM keys) t
  WHERE rn <= 100)
SELECT (SELECT count(*) FROM hist) AS buckets, (SELECT count(*) FROM leaders) AS leading_rows;
\echo 'one fan''s live points (what their own row reads): the stored key plus the live deltas'
SELECT * FROM ov_live_keys WHERE league_id = 1 AND user_id = 424242 % :n + 1;
\echo 'incremental, for fixture 1 alone: per league, each fan''s key without fixture 1 counted by their pick in it (built off the goal''s path, at kick-off)'
CREATE TABLE ov_class_members AS
SELECT k.league_id, p.home, p.away, p.banker, k.points - d.points AS points, k.exact - d.exact AS exact, k.correct - d.correct AS correct, k.user_id
FROM ov_live_keys k
JOIN ov_live p ON p.fixture_id = 1 AND p.user_id = k.user_id
JOIN ov_fixtures f ON f.id = 1
CROSS JOIN LATERAL (SELECT
  (CASE WHEN p.home = f.home AND p.away = f.away THEN 3 WHEN sign(p.home - p.away) = sign(f.home - f.away) THEN 1 ELSE 0 END) * (CASE WHEN p.banker THEN 2 ELSE 1 END) AS points,
  (p.home = f.home AND p.away = f.away)::int AS exact, (sign(p.home - p.away) = sign(f.home - f.away))::int AS correct) d;
CREATE INDEX ov_class_members_key ON ov_class_members (league_id, home, away, banker, points DESC, exact DESC, correct DESC, user_id);
CREATE TABLE ov_class_hist AS SELECT league_id, home, away, banker, points, exact, correct, count(*)::int AS n FROM ov_class_members GROUP BY 1, 2, 3, 4, 5, 6, 7;
ALTER TABLE ov_class_hist ADD PRIMARY KEY (league_id, home, away, banker, points, exact, correct);
VACUUM ANALYZE ov_class_members, ov_class_hist;
SELECT count(*) AS class_buckets, count(DISTINCT (home, away, banker)) AS classes FROM ov_class_hist;
\echo 'a second goal in fixture 1 (2-0)'
UPDATE ov_fixtures SET home = 2 WHERE id = 1;
\echo 'incremental: every league''s live histogram from the class histograms shifted by each class''s points'
CREATE TEMP TABLE ov_hist AS
SELECT h.league_id, h.points + d.points AS points, h.exact + d.exact AS exact, h.correct + d.correct AS correct, sum(h.n)::int AS n
FROM ov_class_hist h JOIN ov_fixtures f ON f.id = 1
CROSS JOIN LATERAL (SELECT
  (CASE WHEN h.home = f.home AND h.away = f.away THEN 3 WHEN sign(h.home - h.away) = sign(f.home - f.away) THEN 1 ELSE 0 END) * (CASE WHEN h.banker THEN 2 ELSE 1 END) AS points,
  (h.home = f.home AND h.away = f.away)::int AS exact, (sign(h.home - h.away) = sign(f.home - f.away))::int AS correct) d
GROUP BY 1, 2, 3, 4;
\echo 'incremental: the global league''s leading 100: its 100th key from the histogram, then one index range per class'
WITH cutoff AS (
  SELECT points, exact, correct FROM (
    SELECT points, exact, correct, sum(n) OVER (ORDER BY points DESC, exact DESC, correct DESC) AS above FROM ov_hist WHERE league_id = 1) t
  WHERE above >= 100 ORDER BY above LIMIT 1),
classes AS (
  SELECT DISTINCT h.home, h.away, h.banker,
    (CASE WHEN h.home = f.home AND h.away = f.away THEN 3 WHEN sign(h.home - h.away) = sign(f.home - f.away) THEN 1 ELSE 0 END) * (CASE WHEN h.banker THEN 2 ELSE 1 END) AS d_points,
    (h.home = f.home AND h.away = f.away)::int AS d_exact, (sign(h.home - h.away) = sign(f.home - f.away))::int AS d_correct
  FROM ov_class_hist h JOIN ov_fixtures f ON f.id = 1 WHERE h.league_id = 1)
SELECT count(*) AS leading_rows FROM classes c CROSS JOIN cutoff x CROSS JOIN LATERAL (
  SELECT m.user_id FROM ov_class_members m
  WHERE m.league_id = 1 AND m.home = c.home AND m.away = c.away AND m.banker = c.banker
    AND (m.points + c.d_points, m.exact + c.d_exact, m.correct + c.d_correct) >= (x.points, x.exact, x.correct)
    AND m.points >= x.points - c.d_points) l;
DROP TABLE ov_class_members, ov_class_hist, ov_hist;
\echo 'for comparison, the write today''s design does per goal: the live fixture''s rows of 60% of the fans'
UPDATE ov_live SET banker = banker WHERE fixture_id = 1 AND user_id % 5 < 3;
DROP VIEW ov_live_keys;
DROP TABLE ov_base, ov_live, ov_members, ov_fixtures;
