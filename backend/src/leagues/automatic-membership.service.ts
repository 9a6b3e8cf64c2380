import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboxService } from '../outbox/outbox.service';
import {
  deleteCountryAndClubMembershipsExcept,
  ensureClubLeague,
  ensureCountryLeague,
  ensureGlobalLeague,
  insertAutomaticMembershipsOfUsers,
  insertMissingLeaguesOfUsers,
} from './automatic-membership.queries';
import { insertMemberUnlessPresent } from './league-members.queries';

/**
 * Global, country and club leagues fill themselves: every verified user is in the global league
 * (joined when their email is verified), and in the league of the country and the club they
 * chose. Leagues are created on demand, once.
 */
@Injectable()
export class AutomaticMembershipService {
  constructor(private readonly outbox: OutboxService) {}

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
    await ensureGlobalLeague(tx);
    await insertMissingLeaguesOfUsers(tx, userIds);
    return insertAutomaticMembershipsOfUsers(tx, userIds);
  }

  async joinGlobal(tx: EntityManager, userId: number): Promise<void> {
    await this.join(tx, await ensureGlobalLeague(tx), userId, 'global');
  }

  /** Put the user in the leagues of their country and club, and out of any other such league. */
  async syncPreferences(tx: EntityManager, userId: number, countryId: number | null, clubId: number | null): Promise<void> {
    const countryLeague = countryId === null ? null : await ensureCountryLeague(tx, countryId);
    const clubLeague = clubId === null ? null : await ensureClubLeague(tx, clubId);
    const left = await deleteCountryAndClubMembershipsExcept(tx, userId, [countryLeague, clubLeague].filter((id): id is number => id !== null));
    for (const row of left) {
      await this.outbox.publish(tx, 'member.left', { leagueId: row.league_id, userId, leagueType: row.type, via: 'preferences' });
    }
    await this.joinGlobal(tx, userId);
    if (countryLeague !== null) await this.join(tx, countryLeague, userId, 'country');
    if (clubLeague !== null) await this.join(tx, clubLeague, userId, 'club');
  }
}
