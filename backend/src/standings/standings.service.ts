import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DomainEvent } from '@scoreline/contracts/events';
import { ActivityWriterService, NewActivity } from '../activity/activity-writer.service';
import { BonusPointsService } from '../bonus/bonus-points.service';
import { SeasonContextService, type SeasonContext } from './season-context.service';
import { selectSeasonsOfLeagues } from './season-context.queries';
import { seasonBonusCounts } from './season-bonus.queries';
import { BIG_LEAGUE } from '../platform/common/big-league';
import {
  addJoinerInPlace,
  CHANGED_ROWS_LIMIT,
  countLeaverInPlace,
  type ChangedRow,
  countMembersAndRows,
  deleteFormerMemberRow,
  deleteStandingsOfUser,
  deleteStrangerRows,
  lockLeagueStandings,
  lockSmallLeaguesSweep,
  shareSmallLeaguesSweep,
  markTablePass,
  recomputeLeagueStandings,
  type RecomputedTable,
  repairKeyCounts,
  selectLeaguesAffectedByBonus,
  selectLeaguesAffectedByScores,
  selectMemberCounts,
  sweepSmallLeaguesStandings,
  tryLockLeagueStandings,
  tuneForTableStatements,
  undoTablePass,
  upsertSummaries,
} from './standings.queries';
import { recomputeGroups, type RecomputeGroups } from './recompute-groups';

export { CHANGED_ROWS_LIMIT } from './standings.queries';
export { TOP_ROWS } from './standings.shared-sql';

/** Namespace of the per-league advisory lock held while a league's standings are rewritten. */
export const STANDINGS_LOCK = 4201;
/** Namespace of the lock a sweep of small leagues holds alone and a single small league's recompute shares (lockSmallLeaguesSweep). */
export const SMALL_LEAGUES_SWEEP_LOCK = 4202;
/**
 * A single league's recompute shares the sweep's lock below this many times the big-league size: a
 * sweep takes leagues by their last stored member count (under BIG_LEAGUE.members), and the margin
 * covers a league that grew past it since.
 */
const SWEPT_BELOW = 2;

/**
 * Small leagues recomputed together (recompute-groups.ts), in one statement and transaction: every
 * small league of an event at once (50,000 of 20 at 1M; issue 37: batches of 200 each read the
 * whole totals tables, 250 times a goal). The bounds only keep one statement's memory in reason.
 * Tests lower them.
 */
export const SMALL_LEAGUE_BATCH = { leagues: 100_000, members: 2_000_000 };

export interface RecomputeResult {
  leagueId: number;
  members: number;
  written: number;
  removed: number;
  climbs: number;
  changed: ChangedRow[];
  /** More rows changed than `changed` holds. */
  truncated: boolean;
  activities: NewActivity[];
}

/**
 * Standings per league, computed set-based in SQL from the game engine's totals: each member's
 * table key (points with the season's bonus points, season-bonus.shared-sql.ts; exact scores; correct
 * results) and recent points of the latest scored gameweek, written only where they changed, with the league's histogram of keys moved by those
 * rows. Ranks are derived, never stored: 1 + the members with a better key (full ties share a
 * rank: 1, 1, 3 — see table-ranking.shared-sql.ts). Idempotent: a second run with no new scores
 * writes nothing.
 */
@Injectable()
export class StandingsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly seasons: SeasonContextService,
    private readonly activity: ActivityWriterService,
    private readonly bonusPoints: BonusPointsService,
  ) {}

  /** Account deletion: the user's rows go at once rather than when the worker gets to the member.left events (standings have no user foreign key). */
  removeUser(tx: EntityManager, userId: number): Promise<void> {
    return deleteStandingsOfUser(tx, userId);
  }

  /** The leagues an event may have changed the table of and that need a recompute for it. */
  async leaguesAffectedBy(event: DomainEvent): Promise<number[]> {
    switch (event.name) {
      case 'member.joined': {
        const { leagueId, userId } = event.payload;
        return (await this.joinedInPlace(leagueId, userId)) ? [] : [leagueId];
      }
      case 'member.left': {
        const { leagueId, userId } = event.payload;
        return (await this.leftInPlace(leagueId, userId)) ? [] : [leagueId];
      }
      case 'scores.updated':
        // A result may settle a bonus question (a final's winner, a league's last match) or, corrected,
        // no longer settle it: its points are written with a `bonus.settled` of their own.
        await this.bonusPoints.settleFromResults(event.payload.seasonId);
        return selectLeaguesAffectedByScores(this.db, event.payload);
      case 'bonus.settled':
        return selectLeaguesAffectedByBonus(this.db, event.payload);
      default:
        return [];
    }
  }

  /**
   * A big league's newcomer ranked without a recompute when they join below its leading rows
   * (addJoinerInPlace says when that holds). Not when a recompute is running or another
   * change holds the league: the recompute queued instead folds into it.
   */
  private joinedInPlace(leagueId: number, userId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await tryLockLeagueStandings(tx, STANDINGS_LOCK, leagueId))) return false;
      const ctx = await this.contextOf(tx, [leagueId]);
      const outcome = await addJoinerInPlace(tx, { leagueId, userId, seasonId: ctx?.seasonId ?? null, recentGameweekId: ctx?.recent?.id ?? null, bigFrom: BIG_LEAGUE.members });
      return outcome !== 'recompute';
    });
  }

  /**
   * The former member's row goes at once (the others' ranks are derived from the histogram). In a
   * big league where they sorted below the leading rows, the member count follows in place; else
   * the recompute does the rest.
   */
  private leftInPlace(leagueId: number, userId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const locked = await tryLockLeagueStandings(tx, STANDINGS_LOCK, leagueId);
      const removed = await deleteFormerMemberRow(tx, leagueId, userId);
      if (!locked || !removed) return false;
      const ctx = await this.contextOf(tx, [leagueId]);
      return countLeaverInPlace(tx, { leagueId, userId, seasonId: ctx?.seasonId ?? null, recentGameweekId: ctx?.recent?.id ?? null, bigFrom: BIG_LEAGUE.members });
    });
  }

  /** The leagues to recompute, big ones alone and small ones in batches (by their member counts as last stored). */
  async recomputeGroups(leagueIds: number[]): Promise<RecomputeGroups> {
    if (leagueIds.length === 0) return { alone: [], batches: [] };
    const { members, seasons, competitions } = await selectMemberCounts(this.db, leagueIds);
    return recomputeGroups(leagueIds, members, { aloneFrom: BIG_LEAGUE.members, ...SMALL_LEAGUE_BATCH }, seasons, competitions);
  }

  /**
   * `checkEveryRow` (the reconciler): look for strangers' rows even when the row count matches
   * the member count (one missing, one stranger), at the cost of an anti-join, and rebuild the
   * histogram of keys from the rows where they disagree; events only ever add or remove
   * members, so the counts tell the normal path.
   */
  async recomputeLeague(leagueId: number, options: { checkEveryRow?: boolean } = {}): Promise<RecomputeResult> {
    return this.db.transaction(async (tx) => {
      const exists = await lockLeagueStandings(tx, STANDINGS_LOCK, leagueId);
      if (!exists) return { leagueId, members: 0, written: 0, removed: 0, climbs: 0, changed: [], truncated: false, activities: [] };
      const ctx = await this.contextOf(tx, [leagueId]);
      await tuneForTableStatements(tx);
      // Rows of former members (member.left deletes its row at once; this catches anything else)
      // go first, so the histogram the ranks come from counts members only.
      let counts = await countMembersAndRows(tx, leagueId);
      if (counts.members < SWEPT_BELOW * BIG_LEAGUE.members) {
        // A league a sweep may hold waits for it (and counts again after it). A big one never does: its
        // recompute may take a minute at 1M, and every sweep would queue behind it.
        await shareSmallLeaguesSweep(tx, SMALL_LEAGUES_SWEEP_LOCK);
        counts = await countMembersAndRows(tx, leagueId);
      }
      let removed = 0;
      if (options.checkEveryRow === true || counts.stored > counts.members) removed += (await deleteStrangerRows(tx, [leagueId])).get(leagueId) ?? 0;
      // The reconciler also makes the histogram agree with the rows (the normal path keeps both in one transaction).
      const repaired = options.checkEveryRow === true ? await repairKeyCounts(tx, leagueId) : 0;
      const seasonId = ctx?.seasonId ?? null;
      const params = { leagueId, seasonId, recentGameweekId: ctx?.recent?.id ?? null, bonus: await seasonBonusCounts(tx, [leagueId], seasonId) };
      // Equal counts can hide a stranger's row behind a missing one; the pass that finds it is undone.
      const mayHideStranger = removed === 0 && options.checkEveryRow !== true;
      if (mayHideStranger) await markTablePass(tx);
      let result = await recomputeLeagueStandings(tx, params);
      if (mayHideStranger && counts.stored + result.inserted > result.members) {
        // The first pass ranked the stranger among the members (previous ranks too): undo it, remove the row, rank again.
        await undoTablePass(tx);
        removed = (await deleteStrangerRows(tx, [leagueId])).get(leagueId) ?? 0;
        result = await recomputeLeagueStandings(tx, params);
      }
      const [stored] = await this.store(tx, ctx, [{ leagueId, table: result, removed, repaired }]);
      return stored;
    });
  }

  /**
   * Small leagues' tables in one transaction and statement (the same rule, writes and answers as
   * recomputeLeague, per league), their summaries written by the statement; answers one result per
   * league that exists. Strangers' rows are looked for in every league (an anti-join).
   */
  async recomputeSmallLeagues(leagueIds: number[]): Promise<RecomputeResult[]> {
    return this.db.transaction(async (tx) => {
      const existing = await lockSmallLeaguesSweep(tx, SMALL_LEAGUES_SWEEP_LOCK, leagueIds);
      if (existing.length === 0) return [];
      const ctx = await this.contextOf(tx, existing);
      await tuneForTableStatements(tx);
      const removed = await deleteStrangerRows(tx, existing);
      const seasonId = ctx?.seasonId ?? null;
      const recent = ctx?.recent ?? null;
      const bonus = await seasonBonusCounts(tx, existing, seasonId);
      const tables = await sweepSmallLeaguesStandings(tx, {
        leagueIds: existing,
        seasonId,
        recentGameweekId: recent?.id ?? null,
        recentGameweekNumber: recent?.number ?? null,
        bonus,
        strangersRemoved: [...removed.keys()],
      });
      return this.answer(tx, ctx, tables.map((table) => ({ leagueId: table.league_id, table, removed: removed.get(table.league_id) ?? 0, repaired: 0 })));
    });
  }

  /**
   * The context of the leagues' season, read once per recompute (one league, or a batch: one
   * season, as recomputeGroups makes them; a batch of several is refused rather than ranked
   * by the wrong season's totals).
   */
  private async contextOf(tx: EntityManager, leagueIds: number[]): Promise<SeasonContext | null> {
    const seasons = new Set((await selectSeasonsOfLeagues(tx, leagueIds)).values());
    if (seasons.size > 1) throw new Error(`Leagues ${leagueIds.join(', ')} are of several seasons: recompute them apart (recomputeGroups).`);
    const [seasonId = null] = seasons;
    return this.seasons.load(seasonId, tx);
  }

  /** The summaries and the climbs' activities of recomputed tables, and what the worker pushes of each. */
  private async store(
    tx: EntityManager,
    ctx: SeasonContext | null,
    recomputed: { leagueId: number; table: RecomputedTable; removed: number; repaired: number }[],
  ): Promise<RecomputeResult[]> {
    const recent = ctx?.recent ?? null;
    await upsertSummaries(
      tx,
      recomputed.map(({ leagueId, table }) => ({
        leagueId,
        seasonId: ctx?.seasonId ?? null,
        recentGameweekId: recent?.id ?? null,
        recentGameweekNumber: recent?.number ?? null,
        members: table.members,
        leading: table.leading ?? 0,
        top: table.top ?? [],
      })),
    );
    return this.answer(tx, ctx, recomputed);
  }

  /** The climbs' activities of stored tables, and what the worker pushes of each. */
  private async answer(tx: EntityManager, ctx: SeasonContext | null, recomputed: { leagueId: number; table: AnsweredTable; removed: number; repaired: number }[]): Promise<RecomputeResult[]> {
    const recent = ctx?.recent ?? null;
    const climbs = recomputed.flatMap(({ leagueId, table }) => (table.climbs ?? []).map((climb) => ({ leagueId, ...climb })));
    const activities = recent ? await this.activity.rankClimbs(tx, recent, climbs) : [];
    const activitiesOf = new Map<number, NewActivity[]>();
    for (const a of activities) activitiesOf.set(a.league_id, [...(activitiesOf.get(a.league_id) ?? []), a]);
    const results: RecomputeResult[] = [];
    for (const { leagueId, table, removed, repaired } of recomputed) {
      const changed = table.changed ?? [];
      // New or removed members change the table's shape: the client refetches.
      const truncated = changed.length > CHANGED_ROWS_LIMIT || table.inserted > 0 || removed > 0;
      results.push({
        leagueId,
        members: table.members,
        written: table.updated + table.inserted + repaired,
        removed,
        climbs: table.climbs?.length ?? 0,
        // A client told to refetch has no use for rows: in a 10k league they were 8 kB on every socket a goal.
        changed: truncated ? [] : changed,
        truncated,
        activities: activitiesOf.get(leagueId) ?? [],
      });
    }
    return results;
  }
}

/** What a recompute answers of a table it stored (RecomputedTable, SweptTable). */
type AnsweredTable = Pick<RecomputedTable, 'members' | 'updated' | 'inserted' | 'climbs' | 'changed'>;

