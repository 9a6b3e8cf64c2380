import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DashboardData, GameweekResults, TeamAccuracy } from '@scoreline/contracts/api/stats';
import { SeasonsService } from '../seasons/seasons.service';
import { wholeAccuracy } from './accuracy';
import {
  selectClubAccuracy,
  selectGameweekBenchmarks,
  selectGameweekTotals,
  selectGameweekTotalsOfSeason,
  selectRecentGameweekTotals,
  selectResultMatches,
  selectSeasonTotals,
  type TotalsRow,
} from './stats.queries';
import { hotAndColdTeams } from './team-form';

const ZERO_TOTALS: TotalsRow = { points: 0, predictions: 0, scored: 0, correct: 0, exact: 0, provisional: false };

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
    const [seasonTotals, recent, clubs, gameweeks, byGameweek] = await Promise.all([
      selectSeasonTotals(this.db, userId, season.id),
      selectRecentGameweekTotals(this.db, userId, season.id),
      selectClubAccuracy(this.db, userId, season.id),
      this.seasons.gameweeks(season.id),
      selectGameweekTotalsOfSeason(this.db, userId, season.id),
    ]);
    const totals = seasonTotals ?? ZERO_TOTALS;
    const pointsOf = new Map(byGameweek.map((r) => [r.gameweek_id, r.points]));
    const { hot, cold } = hotAndColdTeams(clubs);
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

  /** A player's hot and cold teams in a season (also a league's player profile). */
  async teamForm(userId: number, seasonId: number | null): Promise<{ hot: TeamAccuracy[]; cold: TeamAccuracy[] }> {
    return hotAndColdTeams(await selectClubAccuracy(this.db, userId, seasonId));
  }

  /** The Results screen of one gameweek (by number) of the active season. */
  async gameweekResults(userId: number, gameweekNumber: number): Promise<GameweekResults> {
    const { gameweek } = await this.seasons.gameweekByNumber(gameweekNumber);
    const [totals, bench, matches] = await Promise.all([
      selectGameweekTotals(this.db, userId, gameweek.id),
      selectGameweekBenchmarks(this.db, gameweek.id),
      selectResultMatches(this.db, userId, gameweek.id),
    ]);
    const t = totals ?? ZERO_TOTALS;
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
