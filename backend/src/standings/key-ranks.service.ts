import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { KeyRanks } from './key-ranks';
import { selectKeyCounts } from './leaderboard.queries';

const LEAGUES_KEPT = 1_000;

/**
 * Ranks by key of each league's stored season table, kept per table version (the summary's
 * `computed_at`, moved by every recompute): a page of members in any order gets its ranks by
 * lookup. The histogram is read again only when the version moved — a few thousand keys even for the 1M league.
 */
@Injectable()
export class KeyRanksService {
  private readonly leagues = new Map<number, { version: string | null; ranks: Promise<KeyRanks> }>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The ranks at `version`: the summary's computed_at in microseconds, which the caller reads with
   * its own first query (two recomputes within one millisecond are still two versions).
   */
  ranksAt(leagueId: number, version: string | null): Promise<KeyRanks> {
    const kept = this.leagues.get(leagueId);
    if (kept && kept.version === version) return kept.ranks;
    const ranks = selectKeyCounts(this.db, leagueId).then((counts) => new KeyRanks(counts));
    const entry = { version, ranks };
    this.leagues.delete(leagueId);
    if (this.leagues.size >= LEAGUES_KEPT) this.leagues.delete(this.leagues.keys().next().value as number);
    this.leagues.set(leagueId, entry);
    // A failed read is not kept.
    ranks.catch(() => {
      if (this.leagues.get(leagueId) === entry) this.leagues.delete(leagueId);
    });
    return ranks;
  }
}
