/**
 * The crowd's figures for one fixture of a locked gameweek, from the counts stored once at lock:
 * the home / draw / away split, the most predicted scores and the exact-score share.
 */

/** How many predictions named one score. */
export interface ScoreCount {
  home: number;
  away: number;
  count: number;
}

export interface CrowdSplit {
  home: number;
  draw: number;
  away: number;
}

/**
 * Whole percentages of `parts` that add up to exactly 100 (largest remainder: the floors first,
 * then one point each to the largest remainders, ties to the earlier part). All zeros when the
 * total is zero.
 */
export function wholePercents(parts: readonly number[]): number[] {
  const total = parts.reduce((a, b) => a + b, 0);
  if (total <= 0) return parts.map(() => 0);
  const exact = parts.map((p) => (p * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return floors;
}

/** The home win / draw / away win split of a fixture's predicted scores, in whole percent (sums to 100). */
export function crowdSplit(scores: readonly ScoreCount[]): CrowdSplit {
  let home = 0;
  let draw = 0;
  let away = 0;
  for (const s of scores) {
    if (s.home > s.away) home += s.count;
    else if (s.home === s.away) draw += s.count;
    else away += s.count;
  }
  const [h, d, a] = wholePercents([home, draw, away]);
  return { home: h, draw: d, away: a };
}

/**
 * The `limit` most predicted scores with their share in whole percent of all predictions.
 * Ties in count go to the lower total of goals, then the higher home score (1-0 before 0-1),
 * so the order is stable whatever order the counts come in.
 */
export function topScores(scores: readonly ScoreCount[], limit = 3): { home: number; away: number; count: number; percent: number }[] {
  const total = scores.reduce((a, s) => a + s.count, 0);
  return [...scores]
    .filter((s) => s.count > 0)
    .sort((a, b) => b.count - a.count || a.home + a.away - (b.home + b.away) || b.home - a.home)
    .slice(0, limit)
    .map((s) => ({ home: s.home, away: s.away, count: s.count, percent: total > 0 ? Math.round((s.count * 100) / total) : 0 }));
}

/**
 * "You were one of N% who got the exact score": the share of the fixture's predictions that
 * named the final score, in whole percent, rounded up so that a correct few never read as 0%.
 */
export function exactScorePercent(scores: readonly ScoreCount[], finalHome: number, finalAway: number): number {
  const total = scores.reduce((a, s) => a + s.count, 0);
  if (total === 0) return 0;
  const exact = scores.filter((s) => s.home === finalHome && s.away === finalAway).reduce((a, s) => a + s.count, 0);
  return Math.ceil((exact * 100) / total);
}
