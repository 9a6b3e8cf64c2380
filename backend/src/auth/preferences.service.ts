import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { selectCurrentCompetition } from './auth.queries';

/**
 * What other domains read of a user's saved preferences (user_preferences, auth.queries.ts): the
 * season resolver reads the fan's current competition here. A leaf, so SeasonsModule can import it.
 */
@Injectable()
export class PreferencesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The competition the user's screens show when a request names none; null: the default. */
  currentCompetition(userId: number, m: EntityManager | DataSource = this.db): Promise<string | null> {
    return selectCurrentCompetition(m, userId);
  }
}
