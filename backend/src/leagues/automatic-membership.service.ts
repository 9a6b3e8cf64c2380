import { Injectable, OnModuleInit, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CompetitionsService } from '../competitions/competitions.service';
import { OutboxService } from '../platform/outbox/outbox.service';
import { SeasonsService } from '../seasons/seasons.service';
import {
  deleteCountryAndClubMembershipsExcept,
  ensureClubLeague,
  ensureCountryLeague,
  ensureGlobalLeague,
  insertAutomaticMembershipsOfUsers,
  insertMissingLeaguesOfUsers,
  selectAutomaticChoices,
  selectCompetitionOfLeague,
} from './automatic-membership.queries';
import { insertMemberUnlessPresent } from './league-members.queries';

/**
 * Global, country and club leagues fill themselves, in each competition a fan plays: every
 * verified fan is in its global league, in the league of their country, and in the fans league of
 * their team there (a league's: the team chosen, else their club; a tournament's: the national
 * team chosen, else none). Leagues are created on demand, once per competition.
 * - Verification joins the global league of each competition the fan plays (joinGlobal).
 * - A country or club change moves the country and club leagues of each (syncPreferences).
 * - Starting to play a competition, or changing team in it (PUT /competitions/{code}/play,
 *   onboarding), and joining a league of it (public, or approved) put the fan in its leagues
 *   (syncCompetition). Creating one adds the competition only (its owner's leagues stay as they are).
 * The competitions "each": those the fan plays that are being played; a fan playing none of them
 * plays the home competition (SeasonsService.activeCompetitionCode), as with one competition.
 * Joining one of these leagues adds its competition to those the user plays.
 */
@Injectable()
export class AutomaticMembershipService implements OnModuleInit {
  constructor(
    private readonly outbox: OutboxService,
    private readonly seasons: SeasonsService,
    // Absent outside the API (demo, scripts): nobody starts playing there, and every fan plays the home competition.
    @Optional() private readonly competitions?: CompetitionsService,
  ) {}

  onModuleInit(): void {
    this.competitions?.onStartedPlaying((tx, userId, code) => this.syncCompetition(tx, code, userId));
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

  /** At verification (the caller vouches for it): the global league of each competition the fan plays. */
  async joinGlobal(tx: EntityManager, userId: number): Promise<void> {
    for (const competition of await this.competitionsOf(tx, userId)) {
      await this.join(tx, await ensureGlobalLeague(tx, competition), userId, 'global');
    }
  }

  /** After a country or club change: the automatic leagues of each competition the fan plays. */
  async syncPreferences(tx: EntityManager, userId: number): Promise<void> {
    for (const competition of await this.competitionsOf(tx, userId)) await this.syncCompetition(tx, competition, userId);
  }

  /**
   * The fan in the competition's global league (once verified), the league of their country and
   * the fans league of their team there (AutomaticChoices), and out of any other country or club
   * league of it (a country, club or team that changed).
   */
  async syncCompetition(tx: EntityManager, competition: string, userId: number): Promise<void> {
    const fan = await selectAutomaticChoices(tx, userId, competition);
    if (!fan) return; // the account is gone; the caller's own write answers for it
    const countryLeague = fan.country_id === null ? null : await ensureCountryLeague(tx, competition, fan.country_id);
    const clubLeague = fan.team_id === null ? null : await ensureClubLeague(tx, competition, fan.team_id);
    const kept = [countryLeague, clubLeague].filter((id): id is number => id !== null);
    const left = await deleteCountryAndClubMembershipsExcept(tx, competition, userId, kept);
    for (const row of left) {
      await this.outbox.publish(tx, 'member.left', { leagueId: row.league_id, userId, leagueType: row.type, via: 'preferences' });
    }
    if (fan.verified) await this.join(tx, await ensureGlobalLeague(tx, competition), userId, 'global');
    if (countryLeague !== null) await this.join(tx, countryLeague, userId, 'country');
    if (clubLeague !== null) await this.join(tx, clubLeague, userId, 'club');
  }

  /**
   * A fan joining a league plays its competition: they are in its automatic leagues too. Callers run it before locking the league joined, when they can: the automatic leagues
   * are row-locked in id order by an account's deletion (lockLeaguesOfUser), and taking them
   * after a later league's lock could deadlock with it.
   */
  async syncCompetitionOfLeague(tx: EntityManager, leagueId: number, userId: number): Promise<void> {
    const competition = await selectCompetitionOfLeague(tx, leagueId);
    if (competition !== undefined) await this.syncCompetition(tx, competition, userId);
  }

  /** The competitions whose automatic leagues the fan is in: those they play being played, else the home one. */
  private async competitionsOf(tx: EntityManager, userId: number): Promise<string[]> {
    const played = (await this.competitions?.playedActiveCodes(userId, tx)) ?? [];
    return played.length > 0 ? played : [await this.seasons.activeCompetitionCode(tx)];
  }
}
