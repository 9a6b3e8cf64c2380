import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { KeyRanks } from './key-ranks';
import { selectKeyCounts, selectTableVersion } from './leaderboard.queries';

const LEAGUES_KEPT = 1_000;

/**
 * Ranks by key of each league's stored season table, kept per table version (the summary's
 * `computed_at`, moved by every recompute): a page of members in any order gets its ranks by
 * lookup. A request asks the version (one key lookup); the histogram is read again only when it
 * moved — a few thousand keys even for the 1M league.
 */
@Injectable()
export class KeyRanksService {
  private readonly leagues = new Map<number, { version: string | null; ranks: Promise<KeyRanks> }>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async ranksOf(leagueId: number): Promise<KeyRanks> {
    return this.ranksAt(leagueId, await selectTableVersion(this.db, leagueId));
  }

  /** The ranks at `version` (the summary's computed_at in microseconds), when the caller has read it already. */
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
