import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AccountExport } from '@scoreline/contracts/api/account';
import { selectCurrentCompetition, selectPreferencesWithUpdatedAt } from './auth.queries';
import { toUserPreferences } from './preferences';

/**
 * What other domains read of a user's saved preferences (user_preferences, auth.queries.ts): the
 * season resolver reads the fan's current competition here, the account export the saved
 * preferences. A leaf, so SeasonsModule can import it.
 */
@Injectable()
export class PreferencesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The competition the user's screens show when a request names none; null: the default. */
  currentCompetition(userId: number, m: EntityManager | DataSource = this.db): Promise<string | null> {
    return selectCurrentCompetition(m, userId);
  }

  /** The account export: the saved preferences with when they were last saved; null when never saved. */
  async exportOf(tx: EntityManager, userId: number): Promise<AccountExport['preferences']> {
    const prefs = await selectPreferencesWithUpdatedAt(tx, userId);
    return prefs ? { ...toUserPreferences(prefs), updated_at: new Date(prefs.updated_at).toISOString() } : null;
  }
}
