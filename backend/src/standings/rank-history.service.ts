import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DomainEventMap } from '@scoreline/contracts/events';
import {
  lockGameweekHistory,
  selectBonusMayCount,
  selectCompletedFromGameweek,
  selectLatestCompletedGameweek,
  selectLeaguesWithMembers,
  selectMissingHistory,
  selectUserHistory,
  selectUserLeagues,
  writeGameweekHistory,
} from './rank-history.queries';
import { tuneForTableStatements } from './standings.queries';

export interface GameweekHistoryWrite {
  gameweekId: number;
  /** Leagues whose snapshot of the gameweek was written. */
  leagues: number;
  /** Members whose bucket of history was inserted or changed (0 on a replay). */
  written: number;
}

export interface StoredRankPoint {
  league_id: number;
  gameweek_id: number;
  gameweek_number: number;
  /** gameweeks.name: a tournament's round as its file names it; null for a league's matchday. */
  gameweek_name: string | null;
  rank: number;
  points: number;
  members: number;
}

/**
 * Rank over time: each member's rank in each league at the end of every completed gameweek,
 * stored when the gameweek completes (the standings worker, on the final `scores.updated` of a
 * completed gameweek) and read as stored. Its points are the season table's: round points and
 * the settled bonus points (the latest completed round rewritten on `bonus.settled`). Set-based: one statement ranks every member of every
 * league (or of the leagues given) for one gameweek. Idempotent: a replay rewrites nothing.
 */
@Injectable()
export class RankHistoryService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * After a fixture's final scores: when its gameweek is completed, write its history, and
   * rewrite every later completed gameweek that has one (their season points include this
   * fixture's, so a corrected result moves them too). Nothing while the gameweek is open.
   */
  async recordAfterScores(payload: DomainEventMap['scores.updated']): Promise<GameweekHistoryWrite[]> {
    if (!payload.final) return [];
    const writes: GameweekHistoryWrite[] = [];
    for (const id of await selectCompletedFromGameweek(this.db, payload.gameweekId)) writes.push(await this.writeGameweek(id));
    return writes;
  }

  /**
   * After a bonus settlement moved someone's points (`bonus.settled`): the season's latest
   * completed round counts the season table's bonus points as they are now, so its history is
   * written again, for every league of the competition (a competition's questions) or for the one
   * league whose own question it was. Earlier rounds keep what they counted. Nothing before a
   * round is completed (the first one written will count them).
   */
  async recordAfterBonus(payload: DomainEventMap['bonus.settled']): Promise<GameweekHistoryWrite | null> {
    const gameweekId = await selectLatestCompletedGameweek(this.db, payload.seasonId);
    if (gameweekId === null) return null;
    return this.writeGameweek(gameweekId, payload.leagueId === null ? null : [payload.leagueId]);
  }

  /**
   * Writes (or rewrites) one gameweek's history for every league of its competition, or for the
   * leagues given: one set-based statement per league (as the standings recompute), all in one
   * transaction under the gameweek's advisory lock, so two workers writing the same gameweek run
   * one after the other. The statement adds the bonus points only when some may count (most of a
   * season has none settled: the plain statement then).
   */
  async writeGameweek(gameweekId: number, leagueIds: number[] | null = null): Promise<GameweekHistoryWrite> {
    return this.db.transaction(async (tx) => {
      await lockGameweekHistory(tx, gameweekId);
      await tuneForTableStatements(tx);
      const leagues = leagueIds ?? (await selectLeaguesWithMembers(tx, gameweekId));
      const total: GameweekHistoryWrite = { gameweekId, leagues: 0, written: 0 };
      if (leagues.length === 0) return total;
      const withBonus = await selectBonusMayCount(tx, gameweekId, leagues);
      for (const leagueId of leagues) {
        const row = await writeGameweekHistory(tx, gameweekId, leagueId, { withBonus });
        total.leagues += row.leagues;
        total.written += row.written;
      }
      return total;
    });
  }

  /**
   * Backfill: every completed gameweek of every active season that a league with members of its
   * competition has no history for (a season imported with results, a league created mid-season,
   * a completion whose event carried no final scores); only those leagues are written. Called by the reconciler pass and the demo seed.
   * `graceSeconds`: gameweeks whose fixtures changed more recently are left to the worker.
   */
  async backfillMissing(graceSeconds = 0): Promise<GameweekHistoryWrite[]> {
    const missing = await selectMissingHistory(this.db, graceSeconds);
    const writes: GameweekHistoryWrite[] = [];
    for (const { gameweek_id, league_ids } of missing) writes.push(await this.writeGameweek(gameweek_id, league_ids));
    return writes;
  }

  /** A user's stored history in the given leagues (each one's season), oldest gameweek first. */
  async historyOf(userId: number, leagueIds: number[]): Promise<StoredRankPoint[]> {
    if (leagueIds.length === 0) return [];
    return selectUserHistory<StoredRankPoint>(this.db, userId, leagueIds);
  }

  /** The leagues a user belongs to (global, country, club first); only a competition's when named. */
  async leaguesOf(userId: number, competitionCode?: string): Promise<{ id: number; name: string; type: string }[]> {
    return selectUserLeagues(this.db, userId, competitionCode ?? null);
  }
}
