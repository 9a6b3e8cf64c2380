import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import argon2 from 'argon2';
import { DataSource, EntityManager } from 'typeorm';
import type {
  AccountExport,
  AccountExportActivity,
  AccountExportGameweekTotals,
  AccountExportJoinRequest,
  AccountExportLeague,
  AccountExportPrediction,
  AccountExportSeasonTotals,
} from '@scoreline/contracts/api/account';
import { ActivityWriterService } from '../activity/activity-writer.service';
import { PreferencesService } from '../auth/preferences.service';
import { LeaguesService } from '../leagues/leagues.service';
import { MailRecordsService } from '../mail/mail-records.service';
import { deleteMailEventsOfUser } from '../platform/outbox/outbox.queries';
import { PushSubscriptionsService } from '../push/push-subscriptions.service';
import { StandingsService } from '../standings/standings.service';
import { UsersService } from '../users/users.service';
import {
  selectExportActivity,
  selectExportGameweekTotals,
  selectExportJoinRequests,
  selectExportLeagues,
  selectExportPredictions,
  selectExportSeasonTotals,
  selectExportUser,
} from './account.queries';
import { BonusExportService } from '../bonus/bonus-export.service';
import { TokenUsersService } from '../auth/token-users.service';
import { ApiError } from '../platform/common/api-error';

type Timestamp = Date | string;
const iso = (value: Timestamp): string => new Date(value).toISOString();
const isoOrNull = (value: Timestamp | null): string | null => (value === null ? null : iso(value));

const WRONG_PASSWORD = 'Your password is incorrect.';

/**
 * Settings → Privacy: the export of everything stored about a user, and the deletion of the
 * account with everything of theirs. What another domain keeps, it reads or removes itself (its
 * service, inside this transaction).
 */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tokenUsers: TokenUsersService,
    private readonly bonusExport: BonusExportService,
    private readonly users: UsersService,
    private readonly preferences: PreferencesService,
    private readonly leagueService: LeaguesService,
    private readonly standings: StandingsService,
    private readonly activityWriter: ActivityWriterService,
    private readonly mailRecords: MailRecordsService,
    private readonly pushSubscriptions: PushSubscriptionsService,
  ) {}

  async export(userId: number): Promise<AccountExport> {
    // One snapshot: a prediction scored halfway through cannot disagree with the totals.
    return this.db.transaction('REPEATABLE READ', async (tx) => {
      const user = await selectExportUser(tx, userId);
      // Deleted between the token check and here.
      if (!user) throw ApiError.unauthorized();


      return {
        exported_at: new Date().toISOString(),
        profile: {
          id: user.id,
          username: user.username,
          email: user.email,
          first_name: user.first_name,
          last_name: user.last_name,
          role: user.role,
          email_verified_at: isoOrNull(user.email_verified_at),
          onboarding_completed_at: isoOrNull(user.onboarding_completed_at),
          created_at: iso(user.created_at),
          updated_at: iso(user.updated_at),
        },
        country: user.country_id === null ? null : { id: user.country_id, code: user.country_code!, name: user.country_name! },
        club: user.club_id === null ? null : { id: user.club_id, name: user.club_name!, short_name: user.club_short_name! },
        preferences: await this.preferences.exportOf(tx, userId),
        predictions: await this.predictions(tx, userId),
        ...(await this.totals(tx, userId)),
        leagues: await this.leagues(tx, userId),
        join_requests: await this.joinRequests(tx, userId),
        activity: await this.activity(tx, userId),
        push_devices: await this.pushSubscriptions.exportOf(tx, userId),
        ...(await this.bonusExport.answersOf(tx, userId)),
      };
    });
  }

  /**
   * Delete the account after checking its password. One transaction: the user's rows (most
   * cascade from users), the owner's private and public leagues passed on to their
   * longest-standing member or deleted when nobody is left, activity entries naming the user,
   * and a `member.left` event per remaining league so the workers close the ranks. The token is
   * revoked on every replica once the deletion is committed.
   */
  async delete(userId: number, password: string): Promise<void> {
    const user = await this.users.passwordHashAndEmail(userId);
    if (!user) throw ApiError.unauthorized();
    // Checked before the transaction: argon2 takes a while and no lock needs to wait for it.
    if (!(await argon2.verify(user.password_hash, password).catch(() => false))) throw ApiError.field('password', WRONG_PASSWORD);

    await this.db.transaction(async (tx) => {
      // Leagues first, in id order, as leaving and approving lock them: no deadlock with either.
      await this.leagueService.lockLeaguesOfUser(tx, userId);
      const current = await this.users.lockPasswordHash(tx, userId);
      if (!current) throw ApiError.unauthorized();
      // The password changed while it was being checked: the one given is no longer the password.
      if (current.password_hash !== user.password_hash) throw ApiError.field('password', WRONG_PASSWORD);

      await this.leagueService.leaveAll(tx, userId);
      await this.standings.removeUser(tx, userId);
      await this.activityWriter.removeEntriesNaming(tx, userId);
      await deleteMailEventsOfUser(tx, userId);
      await this.mailRecords.forgetRecipient(tx, user.email);
      // Cascades: email codes, predictions, totals, preferences, notification deliveries, join requests, push subscriptions (and their deliveries).
      await this.users.remove(tx, userId);
    });
    await this.tokenUsers.revoked(userId);
  }

  private async predictions(tx: EntityManager, userId: number): Promise<AccountExportPrediction[]> {
    const rows = await selectExportPredictions(tx, userId);
    return rows.map((r) => ({
      id: r.id,
      season: { id: r.season_id, name: r.season_name, label: r.season_label },
      gameweek: r.gameweek,
      fixture: {
        id: r.fixture_id,
        home_team: r.home_team,
        away_team: r.away_team,
        kickoff_at: iso(r.kickoff_at),
        status: r.status,
        home_score: r.fixture_home_score,
        away_score: r.fixture_away_score,
      },
      home_score: r.home_score,
      away_score: r.away_score,
      is_banker: r.is_banker,
      points: r.points,
      outcome: r.outcome,
      is_final: r.is_final,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    }));
  }

  private async totals(tx: EntityManager, userId: number): Promise<{ gameweek_totals: AccountExportGameweekTotals[]; season_totals: AccountExportSeasonTotals[] }> {
    const gameweeks = await selectExportGameweekTotals(tx, userId);
    const seasons = await selectExportSeasonTotals(tx, userId);
    return {
      gameweek_totals: gameweeks,
      season_totals: seasons.map(({ id, name, label, ...totals }) => ({ season: { id, name, label }, ...totals })),
    };
  }

  private async leagues(tx: EntityManager, userId: number): Promise<AccountExportLeague[]> {
    const rows = await selectExportLeagues(tx, userId);
    return rows.map((r) => ({ ...r, joined_at: iso(r.joined_at) }));
  }

  private async joinRequests(tx: EntityManager, userId: number): Promise<AccountExportJoinRequest[]> {
    const rows = await selectExportJoinRequests(tx, userId);
    return rows.map((r) => ({ ...r, created_at: iso(r.created_at), decided_at: isoOrNull(r.decided_at) }));
  }

  private async activity(tx: EntityManager, userId: number): Promise<AccountExportActivity[]> {
    const rows = await selectExportActivity(tx, userId);
    // bigserial ids arrive as strings.
    return rows.map((r) => ({ ...r, id: Number(r.id), created_at: iso(r.created_at) }));
  }
}
