import type { DataSource } from 'typeorm';
import { ms } from './timing';

/**
 * The scoring floor: the CASE the scorer uses, written straight over a fixture's prediction rows,
 * in `parts` statements at once split by user as the scorer splits a big fixture (SCORING_PARTS;
 * 1: one statement, the floor). Answers the milliseconds it took.
 */
export async function rawScoreUpdate(db: DataSource, fixtureId: number, parts = 1): Promise<number> {
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: parts }, (_, part) =>
      db.query(
        `UPDATE predictions p SET
           points = (CASE WHEN p.home_score = f.home_score AND p.away_score = f.away_score THEN (CASE WHEN f.home_score = f.away_score THEN 30 ELSE 20 END)
                          WHEN sign(p.home_score - p.away_score) = sign(f.home_score - f.away_score) THEN (CASE WHEN f.home_score = f.away_score THEN 15 ELSE 10 END)
                          ELSE 0 END) * (CASE WHEN p.is_banker THEN 2 ELSE 1 END),
           outcome = CASE WHEN p.home_score = f.home_score AND p.away_score = f.away_score THEN 'exact'
                          WHEN sign(p.home_score - p.away_score) = sign(f.home_score - f.away_score) THEN 'correct' ELSE 'wrong' END,
           is_final = f.status = 'finished'
         FROM fixtures f WHERE f.id = p.fixture_id AND p.fixture_id = $1 AND p.user_id % $2::int = $3::int`,
        [fixtureId, parts, part],
      ),
    ),
  );
  return ms(start);
}
