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
} from '../../../contracts/src/api/account';
import type { DomainEventMap } from '../../../contracts/src/events';
import type { LeagueKind, LeagueRole } from '../../../contracts/src/api/leagues';
import { PREFERENCE_COLUMNS, toUserPreferences, type PreferencesRow } from '../auth/preferences';
import { passOwnershipOrDelete } from '../leagues/ownership';
import { TokenUsersService } from '../auth/token-users.service';
import { ApiError } from '../common/api-error';
import { OutboxService } from '../outbox/outbox.service';

type Timestamp = Date | string;
const iso = (value: Timestamp): string => new Date(value).toISOString();
const isoOrNull = (value: Timestamp | null): string | null => (value === null ? null : iso(value));

const WRONG_PASSWORD = 'Your password is incorrect.';

/**
 * Settings → Privacy: the export of everything stored about a user, and the deletion of the
 * account with everything of theirs.
 */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly tokenUsers: TokenUsersService,
  ) {}

  async export(userId: number): Promise<AccountExport> {
    // One snapshot: a prediction scored halfway through cannot disagree with the totals.
    return this.db.transaction('REPEATABLE READ', async (tx) => {
      const [user]: {
        id: number;
        username: string;
        email: string;
        first_name: string;
        last_name: string;
        role: 'user' | 'admin';
        email_verified_at: Timestamp | null;
        onboarding_completed_at: Timestamp | null;
        created_at: Timestamp;
        updated_at: Timestamp;
        country_id: number | null;
        country_code: string | null;
        country_name: string | null;
        club_id: number | null;
        club_name: string | null;
        club_short_name: string | null;
      }[] = await tx.query(
        `SELECT u.id, u.username, u.email, u.first_name, u.last_name, u.role, u.email_verified_at, u.onboarding_completed_at,
                u.created_at, u.updated_at, co.id AS country_id, co.code AS country_code, co.name AS country_name,
                cl.id AS club_id, cl.name AS club_name, cl.short_name AS club_short_name
         FROM users u LEFT JOIN countries co ON co.id = u.country_id LEFT JOIN clubs cl ON cl.id = u.club_id
         WHERE u.id = $1`,
        [userId],
      );
      // Deleted between the token check and here.
      if (!user) throw ApiError.unauthorized();

      const [prefs]: (PreferencesRow & { updated_at: Timestamp })[] = await tx.query(
        `SELECT ${PREFERENCE_COLUMNS}, updated_at FROM user_preferences WHERE user_id = $1`,
        [userId],
      );

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
        preferences: prefs ? { ...toUserPreferences(prefs), updated_at: iso(prefs.updated_at) } : null,
        predictions: await this.predictions(tx, userId),
        ...(await this.totals(tx, userId)),
        leagues: await this.leagues(tx, userId),
        join_requests: await this.joinRequests(tx, userId),
        activity: await this.activity(tx, userId),
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
    const [user]: { password_hash: string; email: string }[] = await this.db.query(`SELECT password_hash, email FROM users WHERE id = $1`, [
      userId,
    ]);
    if (!user) throw ApiError.unauthorized();
    // Checked before the transaction: argon2 takes a while and no lock needs to wait for it.
    if (!(await argon2.verify(user.password_hash, password).catch(() => false))) throw ApiError.field('password', WRONG_PASSWORD);

    await this.db.transaction(async (tx) => {
      // Leagues first, in id order, as leaving and approving lock them: no deadlock with either.
      await tx.query(
        `SELECT l.id FROM leagues l
         WHERE l.owner_id = $1 OR EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = l.id AND m.user_id = $1)
         ORDER BY l.id FOR UPDATE`,
        [userId],
      );
      const [current]: { password_hash: string }[] = await tx.query(`SELECT password_hash FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      if (!current) throw ApiError.unauthorized();
      // The password changed while it was being checked: the one given is no longer the password.
      if (current.password_hash !== user.password_hash) throw ApiError.field('password', WRONG_PASSWORD);

      // TypeORM answers a DELETE ... RETURNING as [rows, affected].
      const [left]: [{ league_id: number; type: LeagueKind }[], number] = await tx.query(
        `DELETE FROM league_members m USING leagues l WHERE m.league_id = l.id AND m.user_id = $1 RETURNING m.league_id, l.type`,
        [userId],
      );
      const deleted = new Set<number>();
      const owned: { id: number }[] = await tx.query(
        `SELECT id FROM leagues WHERE owner_id = $1 AND type IN ('private', 'public') ORDER BY id`,
        [userId],
      );
      for (const { id } of owned) {
        if ((await passOwnershipOrDelete(tx, id)) === 'deleted') deleted.add(id);
      }

      // The same event as leaving a league: the standings worker drops the row and re-ranks the others.
      const events: DomainEventMap['member.left'][] = left
        .filter((row) => !deleted.has(row.league_id))
        .map((row) => ({ leagueId: row.league_id, userId, leagueType: row.type, via: 'left' }));
      await this.outbox.publishMany(tx, 'member.left', events);
      // Standings have no user foreign key; drop the rows now rather than when the worker gets there.
      await tx.query(`DELETE FROM league_standings WHERE user_id = $1`, [userId]);
      // The foreign keys would only blank the ids: the messages still carry the user's name.
      await tx.query(`DELETE FROM league_activities WHERE actor_user_id = $1 OR target_user_id = $1`, [userId]);
      // The outbox keeps relayed rows; these carry the email address (and a code).
      await tx.query(`DELETE FROM outbox_events WHERE name IN ('user.registered', 'otp.requested', 'account.exists') AND payload->>'userId' = $1::text`, [
        userId,
      ]);
      await tx.query(`DELETE FROM sent_emails WHERE recipient = $1`, [user.email]);
      // Cascades: email codes, predictions, totals, preferences, notification deliveries, join requests.
      await tx.query(`DELETE FROM users WHERE id = $1`, [userId]);
    });
    await this.tokenUsers.revoked(userId);
  }

  private async predictions(tx: EntityManager, userId: number): Promise<AccountExportPrediction[]> {
    const rows: {
      id: number;
      season_id: number;
      season_name: string;
      season_label: string;
      gameweek: number;
      fixture_id: number;
      home_team: string;
      away_team: string;
      kickoff_at: Timestamp;
      status: AccountExportPrediction['fixture']['status'];
      fixture_home_score: number | null;
      fixture_away_score: number | null;
      home_score: number;
      away_score: number;
      is_banker: boolean;
      points: number | null;
      outcome: AccountExportPrediction['outcome'];
      is_final: boolean;
      created_at: Timestamp;
      updated_at: Timestamp;
    }[] = await tx.query(
      // Only the recorded score: fixtures.real_* is the replay's hidden future result.
      `SELECT p.id, s.id AS season_id, s.name AS season_name, s.label AS season_label, g.number AS gameweek,
              f.id AS fixture_id, hc.name AS home_team, ac.name AS away_team, f.kickoff_at, f.status,
              f.home_score AS fixture_home_score, f.away_score AS fixture_away_score,
              p.home_score, p.away_score, p.is_banker, p.points, p.outcome, p.is_final, p.created_at, p.updated_at
       FROM predictions p
       JOIN fixtures f ON f.id = p.fixture_id
       JOIN gameweeks g ON g.id = p.gameweek_id
       JOIN seasons s ON s.id = p.season_id
       JOIN clubs hc ON hc.id = f.home_club_id
       JOIN clubs ac ON ac.id = f.away_club_id
       WHERE p.user_id = $1
       ORDER BY s.id, g.number, f.kickoff_at, f.id`,
      [userId],
    );
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
    const gameweeks: AccountExportGameweekTotals[] = await tx.query(
      `SELECT t.season_id, g.number AS gameweek, t.points, t.predictions, t.scored, t.correct, t.exact, t.provisional
       FROM user_gameweek_totals t JOIN gameweeks g ON g.id = t.gameweek_id
       WHERE t.user_id = $1 ORDER BY t.season_id, g.number`,
      [userId],
    );
    const seasons: { id: number; name: string; label: string; points: number; predictions: number; scored: number; correct: number; exact: number; provisional: boolean }[] =
      await tx.query(
        `SELECT s.id, s.name, s.label, t.points, t.predictions, t.scored, t.correct, t.exact, t.provisional
         FROM user_season_totals t JOIN seasons s ON s.id = t.season_id
         WHERE t.user_id = $1 ORDER BY s.id`,
        [userId],
      );
    return {
      gameweek_totals: gameweeks,
      season_totals: seasons.map(({ id, name, label, ...totals }) => ({ season: { id, name, label }, ...totals })),
    };
  }

  private async leagues(tx: EntityManager, userId: number): Promise<AccountExportLeague[]> {
    const rows: { league_id: number; name: string; type: LeagueKind; role: LeagueRole; joined_at: Timestamp }[] = await tx.query(
      `SELECT l.id AS league_id, l.name, l.type, m.role, m.joined_at
       FROM league_members m JOIN leagues l ON l.id = m.league_id
       WHERE m.user_id = $1 ORDER BY m.joined_at, l.id`,
      [userId],
    );
    return rows.map((r) => ({ ...r, joined_at: iso(r.joined_at) }));
  }

  private async joinRequests(tx: EntityManager, userId: number): Promise<AccountExportJoinRequest[]> {
    const rows: (Omit<AccountExportJoinRequest, 'created_at' | 'decided_at'> & { created_at: Timestamp; decided_at: Timestamp | null })[] = await tx.query(
      `SELECT r.id, r.league_id, l.name AS league_name, r.message, r.status, r.created_at, r.decided_at
       FROM league_requests r JOIN leagues l ON l.id = r.league_id
       WHERE r.user_id = $1 ORDER BY r.created_at, r.id`,
      [userId],
    );
    return rows.map((r) => ({ ...r, created_at: iso(r.created_at), decided_at: isoOrNull(r.decided_at) }));
  }

  private async activity(tx: EntityManager, userId: number): Promise<AccountExportActivity[]> {
    const rows: (Omit<AccountExportActivity, 'id' | 'created_at'> & { id: string; created_at: Timestamp })[] = await tx.query(
      `SELECT a.id, a.league_id, l.name AS league_name, a.kind,
              CASE WHEN a.actor_user_id = $1 THEN 'actor' ELSE 'target' END AS "as",
              a.message, a.description, a.created_at
       FROM league_activities a JOIN leagues l ON l.id = a.league_id
       WHERE a.actor_user_id = $1 OR a.target_user_id = $1
       ORDER BY a.created_at, a.id`,
      [userId],
    );
    // bigserial ids arrive as strings.
    return rows.map((r) => ({ ...r, id: Number(r.id), created_at: iso(r.created_at) }));
  }
}
