import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { KeyRanks } from './key-ranks';
import { selectKeyCounts } from './leaderboard.queries';
import { LRUCache } from 'lru-cache';
import { versionedGet, type Versioned } from '../platform/common/lru';

const LEAGUES_KEPT = 1_000;

/**
 * Ranks by key of each league's stored season table, kept per table version (the summary's
 * `computed_at`, moved by every recompute): a page of members in any order gets its ranks by
 * lookup. The histogram is read again only when the version moved — a few thousand keys even for the 1M league.
 */
@Injectable()
export class KeyRanksService {
  private readonly leagues = new LRUCache<number, Versioned<KeyRanks>>({ max: LEAGUES_KEPT });

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The ranks at `version`: the summary's computed_at in microseconds, which the caller reads with
   * its own first query (two recomputes within one millisecond are still two versions).
   */
  ranksAt(leagueId: number, version: string | null): Promise<KeyRanks> {
    return versionedGet(this.leagues, leagueId, version, async () => new KeyRanks(await selectKeyCounts(this.db, leagueId)));
  }
}
