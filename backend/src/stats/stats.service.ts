import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type {
  DashboardData,
  GameweekResults,
  ResultMatch,
  TeamAccuracy,
} from '../../../contracts/src/api/stats';
import type { FixtureStatus } from '../../../contracts/src/game/gameweek-status';
import type { PredictionOutcome } from '../../../contracts/src/game/scoring';
import { SeasonsService } from '../seasons/seasons.service';
import { wholeAccuracy } from './accuracy';

export interface TotalsRow {
  points: number;
  predictions: number;
  scored: number;
  correct: number;
  exact: number;
  provisional: boolean;
}

const ZERO_TOTALS: TotalsRow = { points: 0, predictions: 0, scored: 0, correct: 0, exact: 0, provisional: false };

/** Clubs shown as hot / cold need at least this many scored predictions in their matches. */
export const MIN_TEAM_PREDICTIONS = 3;
const TEAMS_SHOWN = 3;

interface TeamRow {
  team_id: number;
  team: string;
  team_short: string;
  team_logo: string | null;
  scored: number;
  correct: number;
}

/**
 * Hot: best accuracy first (ties: more predictions, then name); cold: worst first among the
 * clubs that are not hot. Pure, so the tie rules are tested beside it.
 */
export function hotAndColdTeams(rows: ReadonlyArray<TeamRow>): { hot: TeamAccuracy[]; cold: TeamAccuracy[] } {
  const teams = rows
    .filter((r) => r.scored >= MIN_TEAM_PREDICTIONS)
    .map((r) => ({
      team: r.team,
      team_id: r.team_id,
      team_short: r.team_short,
      team_logo: r.team_logo,
      ratio: r.correct / r.scored,
      accuracy: wholeAccuracy(r.correct, r.scored),
      predictions: r.scored,
    }));
  const strip = ({ ratio: _ratio, ...t }: (typeof teams)[number]): TeamAccuracy => t;
  const hot = [...teams].sort((a, b) => b.ratio - a.ratio || b.predictions - a.predictions || a.team.localeCompare(b.team)).slice(0, TEAMS_SHOWN);
  const hotIds = new Set(hot.map((t) => t.team_id));
  const cold = teams
    .filter((t) => !hotIds.has(t.team_id))
    .sort((a, b) => a.ratio - b.ratio || b.predictions - a.predictions || a.team.localeCompare(b.team))
    .slice(0, TEAMS_SHOWN);
  return { hot: hot.map(strip), cold: cold.map(strip) };
}

/** Dashboard and Results read models, from the totals tables the scoring worker keeps. */
@Injectable()
export class StatsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly seasons: SeasonsService,
  ) {}

  async dashboard(userId: number): Promise<DashboardData> {
    const season = await this.seasons.activeSeason();
    if (!season) {
      return {
        season: null,
        current_season_stats: { total_points: 0, total_predictions: 0, accuracy: '0', exact_scores: 0, correct_results: 0, scored_predictions: 0, provisional: false },
        recent_gameweeks: [],
        hot_teams: [],
        cold_teams: [],
        points_by_gameweek: [],
      };
    }
    const [totalsRows, recent, teams, gameweeks, byGameweek] = await Promise.all([
      this.db.query(
        `SELECT points, predictions, scored, correct, exact, provisional FROM user_season_totals WHERE user_id = $1 AND season_id = $2`,
        [userId, season.id],
      ) as Promise<TotalsRow[]>,
      this.db.query(
        `SELECT g.id, g.number, t.points, t.predictions, t.scored, t.correct, t.exact, t.provisional
         FROM user_gameweek_totals t JOIN gameweeks g ON g.id = t.gameweek_id
         WHERE t.user_id = $1 AND t.season_id = $2 AND t.predictions > 0
         ORDER BY g.number DESC LIMIT 5`,
        [userId, season.id],
      ) as Promise<(TotalsRow & { id: number; number: number })[]>,
      this.db.query(
        `SELECT c.id AS team_id, c.name AS team, c.short_name AS team_short, c.logo AS team_logo,
                count(*)::int AS scored, count(*) FILTER (WHERE p.outcome IN ('exact', 'correct'))::int AS correct
         FROM predictions p
         JOIN fixtures f ON f.id = p.fixture_id
         JOIN clubs c ON c.id = f.home_club_id OR c.id = f.away_club_id
         WHERE p.user_id = $1 AND p.season_id = $2 AND p.outcome IN ('exact', 'correct', 'wrong')
         GROUP BY c.id`,
        [userId, season.id],
      ) as Promise<TeamRow[]>,
      this.seasons.gameweeks(season.id),
      this.db.query(`SELECT gameweek_id, points FROM user_gameweek_totals WHERE user_id = $1 AND season_id = $2`, [userId, season.id]) as Promise<
        { gameweek_id: number; points: number }[]
      >,
    ]);
    const totals = totalsRows[0] ?? ZERO_TOTALS;
    const pointsOf = new Map(byGameweek.map((r) => [r.gameweek_id, r.points]));
    const { hot, cold } = hotAndColdTeams(teams);
    return {
      season: { id: season.id, name: season.name, label: season.label },
      current_season_stats: {
        total_points: totals.points,
        total_predictions: totals.predictions,
        accuracy: String(wholeAccuracy(totals.correct, totals.scored)),
        exact_scores: totals.exact,
        correct_results: totals.correct,
        scored_predictions: totals.scored,
        provisional: totals.provisional,
      },
      recent_gameweeks: recent.map((r) => ({
        id: r.id,
        number: r.number,
        gameweek_name: `Gameweek ${r.number}`,
        total_predictions: r.predictions,
        correct_results: r.correct,
        exact_scores: r.exact,
        accuracy: wholeAccuracy(r.correct, r.scored),
        points_earned: r.points,
        provisional: r.provisional,
      })),
      hot_teams: hot,
      cold_teams: cold,
      points_by_gameweek: gameweeks
        .filter((g) => g.status !== 'upcoming')
        .map((g) => ({ number: g.number, points: pointsOf.get(g.id) ?? 0 })),
    };
  }

  /** The Results screen of one gameweek (by number) of the active season. */
  async gameweekResults(userId: number, gameweekNumber: number): Promise<GameweekResults> {
    const { gameweek } = await this.seasons.gameweekByNumber(gameweekNumber);
    const [totalsRows, [bench], matches] = await Promise.all([
      this.db.query(
        `SELECT points, predictions, scored, correct, exact, provisional FROM user_gameweek_totals WHERE user_id = $1 AND gameweek_id = $2`,
        [userId, gameweek.id],
      ) as Promise<TotalsRow[]>,
      this.db.query(
        `SELECT COALESCE(max(points), 0)::int AS highest, COALESCE(avg(points), 0)::float8 AS average, count(*)::int AS participants
         FROM user_gameweek_totals WHERE gameweek_id = $1 AND predictions > 0`,
        [gameweek.id],
      ) as Promise<{ highest: number; average: number; participants: number }[]>,
      this.db.query(
        `SELECT f.id AS fixture_id, h.name AS home_team, a.name AS away_team, h.short_name AS home_team_short, a.short_name AS away_team_short,
                f.kickoff_at, f.status, f.minute, f.home_score AS actual_home_score, f.away_score AS actual_away_score,
                p.home_score AS predicted_home_score, p.away_score AS predicted_away_score, p.points AS points_earned,
                COALESCE(p.is_banker, false) AS is_banker, p.outcome AS result_status, COALESCE(p.is_final, false) AS is_final
         FROM fixtures f
         JOIN clubs h ON h.id = f.home_club_id
         JOIN clubs a ON a.id = f.away_club_id
         LEFT JOIN predictions p ON p.fixture_id = f.id AND p.user_id = $1
         WHERE f.gameweek_id = $2
         ORDER BY f.kickoff_at, f.id`,
        [userId, gameweek.id],
      ) as Promise<(Omit<ResultMatch, 'match_time'> & { kickoff_at: Date; status: FixtureStatus; result_status: PredictionOutcome | null })[]>,
    ]);
    const t = totalsRows[0] ?? ZERO_TOTALS;
    return {
      gameweek,
      user_stats: {
        total_points: t.points,
        correct_results: t.correct,
        exact_scores: t.exact,
        accuracy: wholeAccuracy(t.correct, t.scored),
        wrong_results: t.scored - t.correct,
        total_predictions: t.predictions,
        scored_predictions: t.scored,
        provisional: t.provisional,
      },
      global_benchmarks: {
        highest_points: bench.highest,
        average_points: Math.round(bench.average * 10) / 10,
        participants: bench.participants,
      },
      matches: matches.map(({ kickoff_at, ...m }) => ({ ...m, match_time: new Date(kickoff_at).toISOString() })),
    };
  }
}
