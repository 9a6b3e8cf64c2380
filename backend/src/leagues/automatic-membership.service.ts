import { Injectable, OnModuleInit, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CompetitionsService } from '../competitions/competitions.service';
import { OutboxService } from '../outbox/outbox.service';
import { SeasonsService } from '../seasons/seasons.service';
import {
  deleteCountryAndClubMembershipsExcept,
  ensureClubLeague,
  ensureCountryLeague,
  ensureGlobalLeague,
  insertAutomaticMembershipsOfUsers,
  insertMissingLeaguesOfUsers,
  isVerifiedUser,
} from './automatic-membership.queries';
import { insertMemberUnlessPresent } from './league-members.queries';

/**
 * Global, country and club leagues fill themselves: every verified user is in the global league
 * (joined when their email is verified), and in the league of the country and the club they
 * chose. Leagues are created on demand, once per competition: at verification and onboarding the
 * home competition's (SeasonsService.activeCompetitionCode). Joining one adds its competition to
 * the competitions the user plays; starting to play a competition (PUT /competitions/{code}/play,
 * onboarding) puts a verified fan in its global league.
 */
@Injectable()
export class AutomaticMembershipService implements OnModuleInit {
  constructor(
    private readonly outbox: OutboxService,
    private readonly seasons: SeasonsService,
    // Absent outside the API (demo, scripts): nobody starts playing there.
    @Optional() private readonly competitions?: CompetitionsService,
  ) {}

  onModuleInit(): void {
    this.competitions?.onStartedPlaying((tx, userId, code) => this.joinGlobalOfCompetition(tx, code, userId));
  }

  /** A fan who starts playing a competition is in its global league once verified (as joinGlobal at verification). */
  async joinGlobalOfCompetition(tx: EntityManager, competition: string, userId: number): Promise<void> {
    if (await isVerifiedUser(tx, userId)) await this.joinGlobalOf(tx, competition, userId);
  }

  private async join(tx: EntityManager, leagueId: number, userId: number, leagueType: 'global' | 'country' | 'club'): Promise<void> {
    if (await insertMemberUnlessPresent(tx, leagueId, userId)) {
      await this.outbox.publish(tx, 'member.joined', { leagueId, userId, leagueType, via: 'automatic' });
    }
  }

  /**
   * joinGlobal + syncPreferences for many new users at once, set-based (the demo seed's few
   * hundred fans): their global, country and club leagues are created when missing and every
   * membership is added in one statement, joined_at being the account's creation. No
   * member.joined events: the caller recomputes the standings of the leagues returned, and
   * hundreds of "joined" entries would bury the leagues' feeds. Returns the leagues joined.
   */
  async joinAutomaticLeaguesOfMany(tx: EntityManager, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const competition = await this.seasons.activeCompetitionCode(tx);
    await ensureGlobalLeague(tx, competition);
    await insertMissingLeaguesOfUsers(tx, competition, userIds);
    return insertAutomaticMembershipsOfUsers(tx, competition, userIds);
  }

  async joinGlobal(tx: EntityManager, userId: number): Promise<void> {
    await this.joinGlobalOf(tx, await this.seasons.activeCompetitionCode(tx), userId);
  }

  private async joinGlobalOf(tx: EntityManager, competition: string, userId: number): Promise<void> {
    await this.join(tx, await ensureGlobalLeague(tx, competition), userId, 'global');
  }

  /** Put the user in the competition's leagues of their country and club, and out of any other such league of it. */
  async syncPreferences(tx: EntityManager, userId: number, countryId: number | null, clubId: number | null): Promise<void> {
    const competition = await this.seasons.activeCompetitionCode(tx);
    const countryLeague = countryId === null ? null : await ensureCountryLeague(tx, competition, countryId);
    const clubLeague = clubId === null ? null : await ensureClubLeague(tx, competition, clubId);
    const kept = [countryLeague, clubLeague].filter((id): id is number => id !== null);
    const left = await deleteCountryAndClubMembershipsExcept(tx, competition, userId, kept);
    for (const row of left) {
      await this.outbox.publish(tx, 'member.left', { leagueId: row.league_id, userId, leagueType: row.type, via: 'preferences' });
    }
    await this.joinGlobalOf(tx, competition, userId);
    if (countryLeague !== null) await this.join(tx, countryLeague, userId, 'country');
    if (clubLeague !== null) await this.join(tx, clubLeague, userId, 'club');
  }
}
