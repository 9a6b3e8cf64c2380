import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { LiveEventsService } from '../live/live-events.service';
import { reconcilerRepairs, reconcilerRuns } from '../platform/metrics/metrics';
import { ScoringService } from '../scoring/scoring.service';
import { SeasonsService } from '../seasons/seasons.service';
import { RankHistoryService } from '../standings/rank-history.service';
import { SeasonContextService } from '../standings/season-context.service';
import { StandingsService } from '../standings/standings.service';
import { describeReport, noRepairs, REPAIR_KINDS, ReconcileRepairs, ReconcileReport, totalRepairs } from './reconcile-report';
import { ReconcileReportsService } from './reconcile-reports.service';
import {
  findDriftingFixtures,
  findDriftingStandings,
  findDriftingTotals,
  lockPass,
  repairGameweekTotals,
  repairSeasonTotals,
  tryLockPass,
  unlockPass,
  withoutJit,
} from './reconcile.queries';

/**
 * How long a just-changed fixture or league is left to the normal path (its job is probably
 * running) before drift there counts: without it, every pass during a live match would "repair"
 * what the scoring and standings workers are about to write anyway.
 */
export const RECONCILE_GRACE_SECONDS = 10;

export interface ReconcileOptions {
  /** Seconds a fresh change is left alone (tests and the ops CLI may pass 0). */
  graceSeconds?: number;
  /** Wait for another replica's pass to end instead of skipping (the ops CLI, tests). */
  waitForLock?: boolean;
}

/**
 * The safety net under the at-least-once job path: Postgres alone says what every fan's points,
 * totals and standings must be, so a pass recomputes each layer from the one below it and
 * repairs what disagrees through the normal writers — a. predictions against their fixture
 * (ScoringService, which also moves totals and raises scores.updated), b. totals against their
 * predictions, c. league standings against the totals (StandingsService, then the same pushes
 * as the standings worker). In that order, since a repair of one layer feeds the next.
 * Idempotent; one pass at a time across replicas (a session advisory lock). Each pass that ran
 * (or failed halfway) leaves its report in `reconciler_reports`, for the console.
 */
@Injectable()
export class ReconcilerService {
  private readonly logger = new Logger('Reconciler');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly scoring: ScoringService,
    private readonly standings: StandingsService,
    private readonly seasonContexts: SeasonContextService,
    private readonly seasons: SeasonsService,
    private readonly live: LiveEventsService,
    private readonly rankHistory: RankHistoryService,
    private readonly reports: ReconcileReportsService,
  ) {}

  async runPass(options: ReconcileOptions = {}): Promise<ReconcileReport> {
    const started = Date.now();
    const grace = options.graceSeconds ?? RECONCILE_GRACE_SECONDS;
    // A session lock needs its own connection for the whole pass; it goes if the process dies.
    const lockConnection = this.db.createQueryRunner();
    try {
      await lockConnection.connect();
      const locked = options.waitForLock ? (await lockPass(lockConnection), true) : await tryLockPass(lockConnection);
      if (!locked) {
        this.logger.debug('Reconciler pass skipped: another replica is running one');
        return { ran: false, repairs: noRepairs(), fixtureIds: [], leagueIds: [], durationMs: Date.now() - started };
      }
      // Filled as the pass goes, so a pass that fails halfway still counts what it repaired.
      const repairs = noRepairs();
      try {
        const fixtureIds = await this.repairPredictions(grace, repairs);
        await this.repairTotals(repairs);
        const leagueIds = await this.repairStandings(grace, repairs);
        await this.backfillRankHistory(grace);
        const report: ReconcileReport = { ran: true, repairs, fixtureIds, leagueIds, durationMs: Date.now() - started };
        reconcilerRuns.inc({ outcome: 'ok' });
        this.log(report);
        await this.reports.record(totalRepairs(repairs), describeReport(report));
        return report;
      } catch (error) {
        const repaired = totalRepairs(repairs);
        await this.reports.record(repaired, `failed after repairing ${repaired} row${repaired === 1 ? '' : 's'}: ${(error as Error).message}`);
        throw error;
      } finally {
        this.countRepairs(repairs);
        await unlockPass(lockConnection);
      }
    } catch (error) {
      reconcilerRuns.inc({ outcome: 'error' });
      throw error;
    } finally {
      await lockConnection.release();
    }
  }

  /** a. Rescore, through the normal path, each fixture whose predictions disagree with it. */
  private async repairPredictions(grace: number, repairs: ReconcileRepairs): Promise<number[]> {
    const drifting = await findDriftingFixtures(this.db, grace);
    for (const { fixture_id } of drifting) {
      repairs.predictions += (await this.scoring.scoreFixture(fixture_id)).changed;
    }
    return drifting.map((f) => f.fixture_id);
  }

  /** b. Found without a lock (usually nothing); repaired under the scoring locks of the seasons involved. */
  private async repairTotals(repairs: ReconcileRepairs): Promise<void> {
    const drifting = await findDriftingTotals(this.db);
    if (drifting.length === 0) return;
    const seasonIds = [...new Set(drifting.map((d) => d.season_id))].sort((a, b) => a - b);
    const gameweekRows = drifting.filter((d) => d.kind === 'gameweek');
    const seasonRows = drifting.filter((d) => d.kind === 'season');
    await this.db.transaction(async (tx) => {
      // The scorer's own locks, in a fixed order (a scorer holds one at a time): no deadlock,
      // and no scorer moves these totals until this commits.
      for (const seasonId of seasonIds) await this.scoring.lockSeason(tx, seasonId);
      await withoutJit(tx);
      if (gameweekRows.length > 0) {
        repairs.gameweek_totals += await repairGameweekTotals(
          tx,
          gameweekRows.map((d) => d.user_id),
          gameweekRows.map((d) => d.key_id),
        );
      }
      if (seasonRows.length > 0) {
        repairs.season_totals += await repairSeasonTotals(
          tx,
          seasonRows.map((d) => d.user_id),
          seasonRows.map((d) => d.key_id),
        );
      }
    });
  }

  /**
   * c. Recompute each drifting league as the standings worker does, and push the same way: per
   * active season, the leagues of its competition (a league's table follows that season).
   */
  private async repairStandings(grace: number, repairs: ReconcileRepairs): Promise<number[]> {
    const drifting: { league_id: number; rows: number }[] = [];
    const seasons = await this.seasons.activeSeasons();
    // No active season: every league is still checked (strangers' rows removed, members at 0).
    if (seasons.length === 0) drifting.push(...(await findDriftingStandings(this.db, null, null, grace)));
    for (const season of seasons) {
      const ctx = await this.seasonContexts.load(season.id);
      drifting.push(...(await findDriftingStandings(this.db, season.id, ctx?.recent ?? null, grace)));
    }
    for (const { league_id, rows } of drifting) {
      const result = await this.standings.recomputeLeague(league_id, { checkEveryRow: true });
      repairs.standings += rows;
      try {
        await this.live.leaderboardChanged(result.leagueId, result.changed, result.truncated);
        await this.live.activitiesCreated(result.activities);
      } catch (error) {
        // The table is repaired in Postgres; a client that missed the push refetches on reconnect.
        this.logger.warn(`Reconciler could not push league ${league_id}'s repaired table: ${(error as Error).message}`);
      }
    }
    return drifting.map((l) => l.league_id);
  }

  /**
   * d. Rank history of completed gameweeks that some league lacks (a season imported with its
   * results, a league created mid-season, a completion whose last event carried no final scores).
   * Not a repair of drift, so not counted among the repairs; logged when it wrote anything.
   */
  private async backfillRankHistory(grace: number): Promise<void> {
    const writes = await this.rankHistory.backfillMissing(grace);
    const rows = writes.reduce((sum, w) => sum + w.written, 0);
    if (writes.length > 0) this.logger.log(`Reconciler wrote the rank history of ${writes.length} gameweek(s): ${rows} rows`);
  }

  private countRepairs(repairs: ReconcileRepairs): void {
    for (const kind of REPAIR_KINDS) {
      if (repairs[kind] > 0) reconcilerRepairs.inc({ kind }, repairs[kind]);
    }
  }

  /** A warn line with the counts when the pass repaired anything, a quiet debug line otherwise. */
  private log(report: ReconcileReport): void {
    const line = `Reconciler ${describeReport(report)}`;
    if (totalRepairs(report.repairs) > 0) this.logger.warn(line);
    else this.logger.debug(line);
  }
}
