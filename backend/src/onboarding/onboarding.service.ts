import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Club, Country, OnboardingStatus, Preferences } from '@scoreline/contracts/api/onboarding';
import { ApiError } from '../platform/common/api-error';
import { CompetitionsService } from '../competitions/competitions.service';
import { AutomaticMembershipService } from '../leagues/automatic-membership.service';
import { ClubSearchQueryDto, CompleteOnboardingDto } from './dto/onboarding.dto';
import { containsPattern, startsWithPattern } from '../platform/common/sql-like';
import { countryAndClubExist, searchClubs, selectCountries } from '../platform/database/reference-data.queries';
import { UsersService } from '../users/users.service';

@Injectable()
export class OnboardingService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly memberships: AutomaticMembershipService,
    private readonly competitions: CompetitionsService,
    private readonly users: UsersService,
  ) {}

  async status(userId: number): Promise<OnboardingStatus> {
    const row = (await this.users.onboardingState(userId))!;
    return { completed_onboarding: row.done, is_complete: row.done, has_preferences: row.has_preferences };
  }

  countries(): Promise<Country[]> {
    return selectCountries(this.db);
  }

  async clubs(query: ClubSearchQueryDto): Promise<Club[]> {
    const search = containsPattern(query.search);
    const rows = await searchClubs(this.db, {
      contains: search,
      countryId: query.country_id ?? null,
      startsWith: startsWithPattern(query.search) ?? '%',
      limit: query.limit ?? 20,
    });
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
    const row = (await this.users.countryAndClub(userId))!;
    return {
      country: row.country_id === null ? null : { id: row.country_id, name: row.country_name!, flag: row.flag! },
      club: row.club_id === null ? null : { id: row.club_id, name: row.club_name! },
    };
  }

  /**
   * Store the preferences (also later, to change them), move the user's automatic leagues (in each
   * competition they play), and play the competitions chosen (each with its automatic leagues).
   */
  async complete(userId: number, dto: CompleteOnboardingDto): Promise<Preferences> {
    await this.db.transaction(async (tx) => {
      const found = await countryAndClubExist(tx, dto.country_id, dto.club_id);
      const errors: Record<string, string[]> = {};
      if (!found.country) errors.country_id = ['That country does not exist.'];
      if (!found.club) errors.club_id = ['That club does not exist.'];
      if (Object.keys(errors).length > 0) throw ApiError.badRequest(Object.values(errors)[0][0], errors);
      await this.users.setCountryAndClub(tx, userId, dto.country_id, dto.club_id);
      await this.memberships.syncPreferences(tx, userId);
      await this.competitions.startPlaying(tx, userId, dto.competitions ?? []);
    });
    return this.preferences(userId);
  }

  async skip(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.users.markOnboardingCompleted(tx, userId);
      await this.memberships.joinGlobal(tx, userId);
    });
  }
}
