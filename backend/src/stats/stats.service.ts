import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DashboardData, GameweekResults, GlobalBenchmarks, TeamAccuracy } from '@scoreline/contracts/api/stats';
import { SeasonsService } from '../seasons/seasons.service';
import { ScoringService } from '../scoring/scoring.service';
import type { FanTotalsRow } from '../scoring/scoring.service';
import { wholeAccuracy } from './accuracy';
import { selectClubAccuracy, selectFixtureStatesVersion, selectGameweekBenchmarks, selectResultMatches, type GameweekBenchmarks } from './stats.queries';
import { LRUCache } from 'lru-cache';
import { versionedGet, type Versioned } from '../platform/common/lru';
import { hotAndColdTeams } from './team-form';
import { pickAtState } from '@scoreline/contracts/game/scoring';
import { roundName } from '@scoreline/contracts/game/round-name';

/** How long the benchmarks over everyone are kept at most, though no score moved: the count of who predicted grows with each save. */
export const BENCHMARKS_MAX_AGE_MS = 10_000;

const ZERO_TOTALS: FanTotalsRow = { points: 0, predictions: 0, scored: 0, correct: 0, exact: 0, provisional: false, banker_hits: 0 };
/** The dashboard's recent gameweeks: the last this many the fan predicted. */
const RECENT_GAMEWEEKS = 5;

/**
 * The Results screen's benchmarks over everyone beside the fan's own totals. The benchmarks are of
 * the stored totals; the fan's own points are live (a goal counts at once, ScoringService.liveTotals),
 * so from a goal's commit until the scorer's (seconds at a million fans, whatever the cache) the
 * fan may have more than the stored highest: the highest is then the fan's own, never below it.
 */
export function globalBenchmarks(bench: GameweekBenchmarks, own: Pick<FanTotalsRow, 'points'>): GlobalBenchmarks {
  return {
    highest_points: Math.max(bench.highest, own.points),
    average_points: Math.round(bench.average * 10) / 10,
    participants: bench.participants,
  };
}

/**
 * Dashboard and Results read models. A fan's own points and counts are live: the totals the
 * scoring worker keeps, moved by what the matches' current scores give (ScoringService.liveTotals).
 * The benchmarks over everyone and the club form follow the scorer's writes.
 */
@Injectable()
export class StatsService {
  /**
   * A gameweek's benchmarks, read once per process per move of the fixtures' and scorings' rows
   * (or BENCHMARKS_MAX_AGE_MS), not per Results screen: at a million fans each read passes over a
   * million totals (~100 ms on three cores). That version is the stored totals' too: the scorer
   * writes a fixture's predictions, both totals and its fixture_scorings row in one commit (its
   * parts before it), which moves it; only the count of who predicted moves without it.
   */
  private readonly benchmarks = new LRUCache<number, Versioned<GameweekBenchmarks>>({ max: 64 });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly seasons: SeasonsService,
    private readonly scoring: ScoringService,
  ) {}

  async dashboard(userId: number, competition?: string): Promise<DashboardData> {
    const season = await this.seasons.seasonForRequestOrNone(competition, userId);
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
    const [live, clubs, gameweeks] = await Promise.all([
      this.scoring.liveTotals(userId, season.id),
      selectClubAccuracy(this.db, userId, season.id),
      this.seasons.gameweeks(season.id),
    ]);
    const totals = live.season ?? ZERO_TOTALS;
    const pointsOf = new Map(live.gameweeks.map((r) => [r.gameweek_id, r.points]));
    const nameOf = new Map(gameweeks.map((g) => [g.id, g.name]));
    const recent = live.gameweeks
      .filter((r) => r.predictions > 0)
      .sort((a, b) => b.number - a.number)
      .slice(0, RECENT_GAMEWEEKS);
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
        id: r.gameweek_id,
        number: r.number,
        gameweek_name: nameOf.get(r.gameweek_id) ?? roundName(r),
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

  private async benchmarksOf(gameweekId: number): Promise<GameweekBenchmarks> {
    const version = `${await selectFixtureStatesVersion(this.db)}:${Math.floor(Date.now() / BENCHMARKS_MAX_AGE_MS)}`;
    return versionedGet(this.benchmarks, gameweekId, version, () => selectGameweekBenchmarks(this.db, gameweekId));
  }

  /** The Results screen of one gameweek (by number) of the active season. */
  async gameweekResults(userId: number, gameweekNumber: number, competition?: string): Promise<GameweekResults> {
    const { season, gameweek } = await this.seasons.gameweekByNumber(await this.seasons.seasonForRequest(competition, userId), gameweekNumber);
    const [live, bench, matches] = await Promise.all([
      this.scoring.liveTotals(userId, season.id),
      this.benchmarksOf(gameweek.id),
      selectResultMatches(this.db, userId, gameweek.id),
    ]);
    const t = live.gameweeks.find((g) => g.gameweek_id === gameweek.id) ?? ZERO_TOTALS;
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
      global_benchmarks: globalBenchmarks(bench, t),
      matches: matches.map(({ kickoff_at, advance, advanced, ...m }) => {
        const now = pickAtState(
          { home: m.predicted_home_score, away: m.predicted_away_score, banker: m.is_banker, advance },
          { status: m.status, home: m.actual_home_score, away: m.actual_away_score, advanced },
        );
        return { ...m, points_earned: now.points, result_status: now.outcome, is_final: now.isFinal, match_time: new Date(kickoff_at).toISOString() };
      }),
    };
  }
}
