import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DomainEvent } from '@scoreline/contracts/events';
import { roundName } from '@scoreline/contracts/game/round-name';
import { BIG_LEAGUE } from '../platform/common/big-league';
import {
  deleteActivitiesNamingUser,
  deleteStaleFixtureEntries,
  planForManyRows,
  insertMemberJoined,
  insertMemberLeft,
  insertRankClimbs,
  insertRequestApproved,
  selectRoundName,
  upsertFixtureHits,
  upsertGameweekScored,
  upsertPeriodWinners,
  type NewActivity,
  type RankClimb,
} from './activity.queries';

export type { NewActivity, RankClimb } from './activity.queries';

/** One winner of a gameweek or month in one league (from the standings' table rule). */
export interface PeriodWin {
  league_id: number;
  user_id: number;
  points: number;
  exact: number;
  correct: number;
  /** How many share the win in that league (1 for an outright win). */
  winners: number;
}

/** A settled gameweek or month whose winners get entries. */
export type WonPeriod = { kind: 'gameweek'; gameweekId: number; number: number } | { kind: 'month'; seasonId: number; month: string };

/**
 * Writes league activity entries from domain events (run by the activity worker) and from the
 * standings worker (rank climbs). Every entry has a dedupe key unique per league, so a replayed
 * event finds its entry already there; entries about scores are upserted from the current
 * state, so a corrected result corrects them.
 *
 * Volume: private and public leagues under BIG_LEAGUE.members get every entry. The automatic
 * leagues (global, country, club: up to every user) and big public leagues get only what stays
 * readable at that size — joins (not in global), the gameweek's top scorers and climbs into the
 * top 10.
 */
@Injectable()
export class ActivityWriterService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Account deletion: the entries naming the user (the foreign keys would only blank the ids: the messages still carry the name). */
  removeEntriesNaming(tx: EntityManager, userId: number): Promise<void> {
    return deleteActivitiesNamingUser(tx, userId);
  }

  memberJoined(event: DomainEvent<'member.joined'>): Promise<NewActivity[]> {
    const { leagueId, userId, via } = event.payload;
    const description =
      via === 'create' ? 'Created the league.' : via === 'approval' ? 'Joined after the owner approved their request.' : 'Welcome to the league!';
    return insertMemberJoined(this.db, leagueId, userId, via, description, event.id);
  }

  memberLeft(event: DomainEvent<'member.left'>): Promise<NewActivity[]> {
    const { leagueId, userId, via } = event.payload;
    return insertMemberLeft(this.db, leagueId, userId, via, event.id);
  }

  requestApproved(event: DomainEvent<'request.approved'>): Promise<NewActivity[]> {
    const { leagueId, userId, ownerId, requestId } = event.payload;
    return insertRequestApproved(this.db, leagueId, userId, ownerId, requestId);
  }

  /**
   * Exact scores and banker hits of a finished match; gameweek points once its gameweek is
   * complete (`gameweek: false` skips them, for a batch that asks once per gameweek at its end).
   */
  async scoresUpdated(event: DomainEvent<'scores.updated'>, options: { gameweek: boolean } = { gameweek: true }): Promise<NewActivity[]> {
    const { fixtureId, gameweekId, final } = event.payload;
    if (!final) return [];
    return this.db.transaction(async (tx) => {
      // Entries that no longer hold (a corrected or voided result) go first.
      await deleteStaleFixtureEntries(tx, fixtureId);
      await planForManyRows(tx);
      const hits: NewActivity[] = await upsertFixtureHits(tx, fixtureId, BIG_LEAGUE.members);
      return options.gameweek ? [...hits, ...(await this.gameweekScored(tx, gameweekId))] : hits;
    });
  }

  /**
   * Once every match of the gameweek is finished or void and every prediction of it is final:
   * each member's points (the league's top scorers only, in automatic leagues, where an entry
   * goes again when a correction makes its player no longer the top scorer).
   */
  private gameweekScored(tx: EntityManager, gameweekId: number): Promise<NewActivity[]> {
    return upsertGameweekScored(tx, gameweekId, BIG_LEAGUE.members);
  }

  /** Climbs into the top 10 found by a standings recompute of one league or many (final points only), in its transaction. */
  rankClimbs(tx: EntityManager, gameweek: { id: number; number: number }, climbs: (RankClimb & { leagueId: number })[]): Promise<NewActivity[]> {
    return climbs.length > 0 ? insertRankClimbs(tx, gameweek, climbs) : Promise.resolve([]);
  }

  /**
   * The winners of a settled gameweek or month, one entry per winner per league (ties share the
   * win: each gets an entry saying with how many). The entries are the period's whole set: a
   * winner who no longer is (a correction after the period ended changed the table) loses the
   * entry, and a new winner gets a new one (a new entry at the top of the feed, so the
   * correction is seen). Pass no wins to withdraw every entry of a period that is no longer
   * settled. Idempotent: a replay rewrites nothing (dedupe key per league, period and winner).
   */
  async periodWinners(tx: EntityManager, period: WonPeriod, wins: PeriodWin[]): Promise<NewActivity[]> {
    const kind = period.kind === 'gameweek' ? 'gameweek_won' : 'month_won';
    const prefix = period.kind === 'gameweek' ? `gw-won:${period.gameweekId}:` : `month-won:${period.seasonId}:${period.month}:`;
    return upsertPeriodWinners(tx, {
      kind,
      keyPrefix: prefix,
      // A round as fans see it: "Gameweek 12", "Round of 32".
      periodName: period.kind === 'gameweek' ? roundName({ number: period.number, name: await selectRoundName(tx, period.gameweekId) }) : monthLabel(period.month),
      gameweek: period.kind === 'gameweek' ? period.number : null,
      month: period.kind === 'month' ? period.month : null,
      wins,
    });
  }
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '2025-10' → 'October 2025' (the English line; other languages write their own from metadata.month). */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${MONTH_NAMES[Number(m) - 1]} ${year}`;
}
