import type { DataSource } from 'typeorm';
import { advancePickPoints, hasAdvancePick, matchWinner, tieWinner, type Goals, type Side } from '@scoreline/contracts/game/knockout';
import { PredictionOutcome, scorePrediction } from '@scoreline/contracts/game/scoring';
import { tableRanks } from '@scoreline/contracts/game/table-ranking';
import { storedRank } from '@scoreline/backend/standings/table-ranking.shared-sql';

/*
 * The independent checker: reads the raw rows and recomputes, in TypeScript from the game's
 * rules (contracts/src/game/scoring.ts), what every stored figure should be. It shares no SQL
 * with the scoring or standings workers, so a job that never ran, ran twice or ran on stale
 * data shows up as a mismatch.
 */

export interface FixtureRow {
  id: number;
  status: 'scheduled' | 'live' | 'finished' | 'postponed';
  home_score: number | null;
  away_score: number | null;
}

export interface PredictionRow {
  id: number;
  user_id: number;
  fixture_id: number;
  gameweek_id: number;
  season_id: number;
  home_score: number;
  away_score: number;
  is_banker: boolean;
  /** The "who goes through" pick, a side of the fixture (null: none). */
  advance: Side | null;
  points: number | null;
  outcome: PredictionOutcome | null;
  is_final: boolean;
}

export interface ExpectedPrediction {
  points: number | null;
  outcome: PredictionOutcome | null;
  is_final: boolean;
}

/**
 * What a prediction should hold given its fixture's current row and, for a knockout match that
 * carries the "who goes through" pick, who went through it (null while not known, or no pick
 * carried): the score's points (the banker doubling them) plus the pick's, never doubled.
 */
export function expectedPrediction(
  fixture: FixtureRow,
  p: Pick<PredictionRow, 'home_score' | 'away_score' | 'is_banker'> & { advance?: Side | null },
  advanced: Side | null = null,
): ExpectedPrediction {
  if (fixture.status === 'postponed') return { points: 0, outcome: 'void', is_final: true };
  if (fixture.status === 'scheduled') return { points: null, outcome: null, is_final: false };
  const { points, outcome } = scorePrediction({
    predictedHome: p.home_score,
    predictedAway: p.away_score,
    actualHome: fixture.home_score,
    actualAway: fixture.away_score,
    isBanker: p.is_banker,
  });
  const advance = advancePickPoints(p.advance ?? null, advanced, { isBanker: p.is_banker }) ?? 0;
  return { points: points + advance, outcome, is_final: fixture.status === 'finished' };
}

/** A fixture with what the knockout rules read: its round's kind, its tie and leg, teams, extra time and penalties. */
export interface KnockoutFixtureRow extends FixtureRow {
  kind: 'league' | 'group' | 'knockout';
  tie_key: string | null;
  tie_leg: 1 | 2 | null;
  home_club_id: number | null;
  away_club_id: number | null;
  et_home: number | null;
  et_away: number | null;
  pen_home: number | null;
  pen_away: number | null;
}

const pair = (home: number | null, away: number | null): Goals | null => (home === null || away === null ? null : [home, away]);

/**
 * Who went through each finished fixture that carries the pick (hasAdvancePick), as a side of that
 * fixture, by the contracts' matchWinner and tieWinner (a tie on its second leg, by the aggregate);
 * fixtures not decided yet are left out. Only knockout rows are looked at, so it is cheap.
 */
export function advancedSides(fixtures: KnockoutFixtureRow[]): Map<number, Side> {
  const out = new Map<number, Side>();
  const firstLegs = new Map(fixtures.filter((f) => f.tie_leg === 1 && f.tie_key !== null).map((f) => [f.tie_key, f]));
  const scoreOf = (f: KnockoutFixtureRow) => ({ ft: pair(f.home_score, f.away_score), et: pair(f.et_home, f.et_away), p: pair(f.pen_home, f.pen_away) });
  for (const f of fixtures) {
    if (f.status !== 'finished' || !hasAdvancePick({ knockout: f.kind === 'knockout', leg: f.tie_leg })) continue;
    let side: Side | null = null;
    if (f.tie_leg === null) {
      side = matchWinner(scoreOf(f));
    } else {
      const first = firstLegs.get(f.tie_key);
      if (first === undefined || first.status !== 'finished') continue;
      const team = tieWinner(
        { home: String(first.home_club_id), away: String(first.away_club_id), score: scoreOf(first) },
        { home: String(f.home_club_id), away: String(f.away_club_id), score: scoreOf(f) },
      );
      side = team === null ? null : team === String(f.home_club_id) ? 'home' : 'away';
    }
    if (side !== null) out.set(f.id, side);
  }
  return out;
}

export interface Totals {
  points: number;
  predictions: number;
  scored: number;
  correct: number;
  exact: number;
  live_scored: number;
}

const TOTALS_FIELDS: (keyof Totals)[] = ['points', 'predictions', 'scored', 'correct', 'exact', 'live_scored'];

/** Adds one prediction's expected figures to a total (as the totals tables count them). */
export function addToTotals(t: Totals, e: ExpectedPrediction): void {
  const scored = e.outcome === 'exact' || e.outcome === 'correct' || e.outcome === 'wrong';
  t.points += e.points ?? 0;
  t.predictions += 1;
  t.scored += scored ? 1 : 0;
  t.correct += e.outcome === 'exact' || e.outcome === 'correct' ? 1 : 0;
  t.exact += e.outcome === 'exact' ? 1 : 0;
  t.live_scored += scored && !e.is_final ? 1 : 0;
}

/** rank() semantics over points, highest first: ties share a rank and the next rank skips (1, 1, 3). */
export function competitionRanks(points: number[]): number[] {
  const sorted = [...points].sort((a, b) => b - a);
  const firstIndex = new Map<number, number>();
  sorted.forEach((p, i) => {
    if (!firstIndex.has(p)) firstIndex.set(p, i + 1);
  });
  return points.map((p) => firstIndex.get(p)!);
}

export interface MismatchCounts {
  predictions: number;
  gameweekTotals: number;
  seasonTotals: number;
  standings: number;
  total: number;
}

const emptyTotals = (): Totals => ({ points: 0, predictions: 0, scored: 0, correct: 0, exact: 0, live_scored: 0 });

/** Rows that differ in any compared field, plus rows missing on either side. */
function countDiffs<T>(expected: Map<string, T>, stored: Map<string, T>, same: (a: T, b: T) => boolean): number {
  let diffs = 0;
  for (const [key, want] of expected) {
    const have = stored.get(key);
    if (have === undefined || !same(want, have)) diffs += 1;
  }
  for (const key of stored.keys()) if (!expected.has(key)) diffs += 1;
  return diffs;
}

/** Compare every prediction, totals row and standing of the active season (its competition's leagues) with the recomputation. */
export async function countMismatches(db: DataSource): Promise<MismatchCounts> {
  const seasons: { id: number }[] = await db.query(`SELECT id FROM seasons WHERE is_active ORDER BY id DESC LIMIT 1`);
  if (seasons.length === 0) throw new Error('checker: no active season');
  const seasonId = seasons[0].id;
  const fixtures: (KnockoutFixtureRow & { gameweek_id: number; number: number })[] = await db.query(
    `SELECT f.id, f.status, f.home_score, f.away_score, f.gameweek_id, g.number, g.kind, f.tie_key, f.tie_leg,
            f.home_club_id, f.away_club_id, f.et_home, f.et_away, f.pen_home, f.pen_away
     FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id WHERE f.season_id = $1`,
    [seasonId],
  );
  const predictions: PredictionRow[] = await db.query(
    `SELECT id, user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker, advance, points, outcome, is_final
     FROM predictions WHERE season_id = $1`,
    [seasonId],
  );
  const gameweekRows: (Totals & { user_id: number; gameweek_id: number })[] = await db.query(
    `SELECT user_id, gameweek_id, ${TOTALS_FIELDS.join(', ')} FROM user_gameweek_totals WHERE season_id = $1`,
    [seasonId],
  );
  const seasonRows: (Totals & { user_id: number })[] = await db.query(
    `SELECT user_id, ${TOTALS_FIELDS.join(', ')} FROM user_season_totals WHERE season_id = $1`,
    [seasonId],
  );
  // The leagues of the active season's competition: a league follows its own competition's season.
  const ofCompetition = `SELECT l.id FROM leagues l JOIN seasons se ON se.id = $1 AND l.competition_code = se.league_code`;
  const members: { league_id: number; user_id: number }[] = await db.query(
    `SELECT league_id, user_id FROM league_members WHERE league_id IN (${ofCompetition})`,
    [seasonId],
  );
  const standingRows: { league_id: number; user_id: number; rank: number; total_points: number; recent_points: number; provisional: boolean }[] =
    await db.query(
      `SELECT league_id, user_id, ${storedRank('s')} AS rank, total_points, recent_points, provisional FROM league_standings s WHERE league_id IN (${ofCompetition})`,
      [seasonId],
    );

  const fixtureById = new Map(fixtures.map((f) => [f.id, f]));
  const advanced = advancedSides(fixtures.filter((f) => f.kind === 'knockout'));
  let predictionDiffs = 0;
  const gameweekTotals = new Map<string, Totals>();
  const seasonTotals = new Map<string, Totals>();
  for (const p of predictions) {
    const want = expectedPrediction(fixtureById.get(p.fixture_id)!, p, advanced.get(p.fixture_id) ?? null);
    if (want.points !== p.points || want.outcome !== p.outcome || want.is_final !== p.is_final) predictionDiffs += 1;
    const gKey = `${p.user_id}:${p.gameweek_id}`;
    if (!gameweekTotals.has(gKey)) gameweekTotals.set(gKey, emptyTotals());
    addToTotals(gameweekTotals.get(gKey)!, want);
    const sKey = String(p.user_id);
    if (!seasonTotals.has(sKey)) seasonTotals.set(sKey, emptyTotals());
    addToTotals(seasonTotals.get(sKey)!, want);
  }
  const sameTotals = (a: Totals, b: Totals) => TOTALS_FIELDS.every((f) => Number(a[f]) === Number(b[f]));
  const storedGameweek = new Map(gameweekRows.map((r) => [`${r.user_id}:${r.gameweek_id}`, r as Totals]));
  const storedSeason = new Map(seasonRows.map((r) => [String(r.user_id), r as Totals]));

  // Standings (standings.service.ts): total = season points, recent = points of the latest
  // gameweek with a live or finished match, provisional when either holds live points.
  const recentNumber = Math.max(0, ...fixtures.filter((f) => f.status === 'live' || f.status === 'finished').map((f) => f.number));
  const recentGameweekId = fixtures.find((f) => f.number === recentNumber)?.gameweek_id ?? null;
  const byLeague = new Map<number, number[]>();
  for (const m of members) {
    if (!byLeague.has(m.league_id)) byLeague.set(m.league_id, []);
    byLeague.get(m.league_id)!.push(m.user_id);
  }
  type Standing = { rank: number; total_points: number; recent_points: number; provisional: boolean };
  const expectedStandings = new Map<string, Standing>();
  for (const [leagueId, userIds] of byLeague) {
    const totals = userIds.map((u) => seasonTotals.get(String(u)) ?? emptyTotals());
    // The table rule (points, exact, correct; full ties share), as every table ranks.
    const ranks = tableRanks(totals);
    userIds.forEach((u, i) => {
      const recent = recentGameweekId === null ? undefined : gameweekTotals.get(`${u}:${recentGameweekId}`);
      expectedStandings.set(`${leagueId}:${u}`, {
        rank: ranks[i],
        total_points: totals[i].points,
        recent_points: recent?.points ?? 0,
        provisional: totals[i].live_scored > 0 || (recent?.live_scored ?? 0) > 0,
      });
    });
  }
  const storedStandings = new Map(standingRows.map((r) => [`${r.league_id}:${r.user_id}`, r as Standing]));
  const sameStanding = (a: Standing, b: Standing) =>
    a.rank === b.rank && a.total_points === b.total_points && a.recent_points === b.recent_points && a.provisional === b.provisional;

  const counts = {
    predictions: predictionDiffs,
    gameweekTotals: countDiffs(gameweekTotals, storedGameweek, sameTotals),
    seasonTotals: countDiffs(seasonTotals, storedSeason, sameTotals),
    standings: countDiffs(expectedStandings, storedStandings, sameStanding),
  };
  return { ...counts, total: counts.predictions + counts.gameweekTotals + counts.seasonTotals + counts.standings };
}

export interface Convergence {
  counts: MismatchCounts;
  /** Seconds from the call until 0 mismatches; null when the timeout came first. */
  convergedInS: number | null;
}

/** Poll the checker until it finds 0 mismatches or the timeout passes; the last counts either way. */
export async function waitForConvergence(db: DataSource, timeoutMs: number, since = Date.now()): Promise<Convergence> {
  const deadline = Date.now() + timeoutMs;
  let counts: MismatchCounts = { predictions: -1, gameweekTotals: -1, seasonTotals: -1, standings: -1, total: -1 };
  for (;;) {
    try {
      counts = await countMismatches(db);
      if (counts.total === 0) return { counts, convergedInS: (Date.now() - since) / 1000 };
    } catch {
      /* the database may be coming back: try again */
    }
    if (Date.now() > deadline) return { counts, convergedInS: null };
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** "predictions=0 gameweek_totals=0 …" for the figure line and failure messages. */
export function describeMismatches(c: MismatchCounts): string {
  return `mismatches=${c.total} (predictions=${c.predictions} gameweek_totals=${c.gameweekTotals} season_totals=${c.seasonTotals} standings=${c.standings})`;
}

/** What describeMismatches says of a state the checker fully agrees with. */
export const NO_MISMATCHES = describeMismatches({ predictions: 0, gameweekTotals: 0, seasonTotals: 0, standings: 0, total: 0 });
