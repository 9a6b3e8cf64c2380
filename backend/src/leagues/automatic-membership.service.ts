import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboxService } from '../outbox/outbox.service';

/**
 * Global, country and club leagues fill themselves: every user is in the global league, and in
 * the league of the country and the club they chose. Leagues are created on demand, once.
 */
@Injectable()
export class AutomaticMembershipService {
  constructor(private readonly outbox: OutboxService) {}

  private async ensureLeague(tx: EntityManager, kind: 'global' | 'country' | 'club', refId: number | null): Promise<number> {
    const rows: { id: number }[] =
      kind === 'global'
        ? await tx.query(
            `INSERT INTO leagues (name, description, type) VALUES ('Global League', 'Every Scoreline player, worldwide.', 'global')
             ON CONFLICT (type) WHERE type = 'global' DO UPDATE SET type = EXCLUDED.type RETURNING id`,
          )
        : kind === 'country'
          ? await tx.query(
              `INSERT INTO leagues (name, description, type, country_id)
               SELECT c.name || ' League', 'Every player from ' || c.name || '.', 'country', c.id FROM countries c WHERE c.id = $1
               ON CONFLICT (country_id) WHERE type = 'country' DO UPDATE SET type = EXCLUDED.type RETURNING id`,
              [refId],
            )
          : await tx.query(
              `INSERT INTO leagues (name, description, type, club_id)
               SELECT c.name || ' Fans', 'Every fan of ' || c.name || '.', 'club', c.id FROM clubs c WHERE c.id = $1
               ON CONFLICT (club_id) WHERE type = 'club' DO UPDATE SET type = EXCLUDED.type RETURNING id`,
              [refId],
            );
    return rows[0].id;
  }

  private async join(tx: EntityManager, leagueId: number, userId: number, leagueType: 'global' | 'country' | 'club'): Promise<void> {
    const inserted: unknown[] = await tx.query(
      `INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'member') ON CONFLICT DO NOTHING RETURNING league_id`,
      [leagueId, userId],
    );
    if (inserted.length > 0) {
      await this.outbox.publish(tx, 'member.joined', { leagueId, userId, leagueType, via: 'automatic' });
    }
  }

  async joinGlobal(tx: EntityManager, userId: number): Promise<void> {
    await this.join(tx, await this.ensureLeague(tx, 'global', null), userId, 'global');
  }

  /** Put the user in the leagues of their country and club, and out of any other such league. */
  async syncPreferences(tx: EntityManager, userId: number, countryId: number | null, clubId: number | null): Promise<void> {
    const countryLeague = countryId === null ? null : await this.ensureLeague(tx, 'country', countryId);
    const clubLeague = clubId === null ? null : await this.ensureLeague(tx, 'club', clubId);
    // TypeORM answers a DELETE ... RETURNING as [rows, affected].
    const [left]: [{ league_id: number; type: 'country' | 'club' }[], number] = await tx.query(
      `DELETE FROM league_members m USING leagues l
       WHERE m.league_id = l.id AND m.user_id = $1 AND l.type IN ('country', 'club') AND l.id <> ALL($2::int[])
       RETURNING m.league_id, l.type`,
      [userId, [countryLeague, clubLeague].filter((id): id is number => id !== null)],
    );
    for (const row of left) {
      await this.outbox.publish(tx, 'member.left', { leagueId: row.league_id, userId, leagueType: row.type, via: 'preferences' });
    }
    await this.joinGlobal(tx, userId);
    if (countryLeague !== null) await this.join(tx, countryLeague, userId, 'country');
    if (clubLeague !== null) await this.join(tx, clubLeague, userId, 'club');
  }
}
