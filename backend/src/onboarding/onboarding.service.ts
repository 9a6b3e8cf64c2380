import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Club, Country, OnboardingStatus, Preferences } from '../../../contracts/src/api/onboarding';
import { ApiError } from '../common/api-error';
import { AutomaticMembershipService } from '../leagues/automatic-membership.service';
import { ClubSearchQueryDto, CompleteOnboardingDto } from './dto/onboarding.dto';
import { containsPattern, startsWithPattern } from '../common/sql-like';

@Injectable()
export class OnboardingService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly memberships: AutomaticMembershipService,
  ) {}

  async status(userId: number): Promise<OnboardingStatus> {
    const [row]: { done: boolean; has_preferences: boolean }[] = await this.db.query(
      `SELECT onboarding_completed_at IS NOT NULL AS done, (country_id IS NOT NULL AND club_id IS NOT NULL) AS has_preferences
       FROM users WHERE id = $1`,
      [userId],
    );
    return { completed_onboarding: row.done, is_complete: row.done, has_preferences: row.has_preferences };
  }

  countries(): Promise<Country[]> {
    return this.db.query(`SELECT id, code, name, flag FROM countries ORDER BY name`);
  }

  async clubs(query: ClubSearchQueryDto): Promise<Club[]> {
    const search = containsPattern(query.search);
    const rows: { id: number; name: string; logo: string | null; short_name: string; country_id: number | null; league_name: string; league_code: string }[] =
      await this.db.query(
        `SELECT c.id, c.name, c.logo, c.short_name, c.country_id, comp.name AS league_name, comp.code AS league_code
         FROM clubs c JOIN competitions comp ON comp.id = c.competition_id
         WHERE ($1::text IS NULL OR c.name ILIKE $1 OR c.short_name ILIKE $1
                OR EXISTS (SELECT 1 FROM unnest(c.alternate_names) alt WHERE alt ILIKE $1))
           AND ($2::int IS NULL OR c.country_id = $2)
         ORDER BY (c.name ILIKE $3) DESC, c.name
         LIMIT $4`,
        [search, query.country_id ?? null, startsWithPattern(query.search) ?? '%', query.limit ?? 20],
      );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      logo: r.logo,
      short_name: r.short_name,
      country_id: r.country_id,
      league: { name: r.league_name, code: r.league_code },
    }));
  }

  async preferences(userId: number): Promise<Preferences> {
    const [row]: { country_id: number | null; country_name: string | null; flag: string | null; club_id: number | null; club_name: string | null }[] =
      await this.db.query(
        `SELECT co.id AS country_id, co.name AS country_name, co.flag, cl.id AS club_id, cl.name AS club_name
         FROM users u LEFT JOIN countries co ON co.id = u.country_id LEFT JOIN clubs cl ON cl.id = u.club_id
         WHERE u.id = $1`,
        [userId],
      );
    return {
      country: row.country_id === null ? null : { id: row.country_id, name: row.country_name!, flag: row.flag! },
      club: row.club_id === null ? null : { id: row.club_id, name: row.club_name! },
    };
  }

  /** Store the preferences (also later, to change them) and move the user's automatic leagues. */
  async complete(userId: number, dto: CompleteOnboardingDto): Promise<Preferences> {
    await this.db.transaction(async (tx) => {
      const [found]: { country: boolean; club: boolean }[] = await tx.query(
        `SELECT EXISTS (SELECT 1 FROM countries WHERE id = $1) AS country, EXISTS (SELECT 1 FROM clubs WHERE id = $2) AS club`,
        [dto.country_id, dto.club_id],
      );
      const errors: Record<string, string[]> = {};
      if (!found.country) errors.country_id = ['That country does not exist.'];
      if (!found.club) errors.club_id = ['That club does not exist.'];
      if (Object.keys(errors).length > 0) throw ApiError.badRequest(Object.values(errors)[0][0], errors);
      await tx.query(
        `UPDATE users SET country_id = $2, club_id = $3, onboarding_completed_at = coalesce(onboarding_completed_at, now()),
                updated_at = now() WHERE id = $1`,
        [userId, dto.country_id, dto.club_id],
      );
      await this.memberships.syncPreferences(tx, userId, dto.country_id, dto.club_id);
    });
    return this.preferences(userId);
  }

  async skip(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE users SET onboarding_completed_at = coalesce(onboarding_completed_at, now()) WHERE id = $1`, [userId]);
      await this.memberships.joinGlobal(tx, userId);
    });
  }
}
