import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { TableGameweekRow } from './league-tables.queries';
import { selectLiveContext, type LiveFixturesJson } from './live-tables.queries';
import { seasonContextOf, type SeasonContext } from './season-context.service';

/** What the live tables need to know of a season, at one version of its fixtures' rows. */
export interface LiveContext {
  /** The fixtures' rows' version it was read at (FIXTURE_STATES_VERSION_SQL). */
  version: bigint;
  /** A fixture of the season is open: the live tables answer. */
  open: boolean;
  season: SeasonContext | null;
  /** The season's gameweeks as the period tables show them. */
  tableGameweeks: TableGameweekRow[];
  /** The fixtures open, or changed since the `since` it was read for. */
  fixtures: LiveFixturesJson;
  /** When the clock alone changes what is open (ms since the epoch); null: never. */
  validUntil: number | null;
}

/** Contexts kept: one per season and `since` (the leagues whose live tables were loaded at different moments). */
const KEPT = 256;

/**
 * The live tables' context, read once per version of the fixtures' rows instead of once per read:
 * a reader gets the version with its own first query (one row), and the season's gameweeks and open
 * fixtures (some 100 µs of Postgres a read, most of a leaderboard read's) come from here until a
 * fixture, scoring, gameweek or season commits a change or a kick-off time passes. A context read
 * at a newer version than asked is as good: it is what a read a moment later would have seen.
 */
@Injectable()
export class LiveContextService {
  private readonly contexts = new Map<string, Promise<LiveContext>>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The season's context at `version` or newer (null: no season). */
  async at(version: string, since: string | null, season: number | null): Promise<LiveContext> {
    const key = `${String(season)}|${since ?? ''}`;
    const kept = this.contexts.get(key);
    if (kept) {
      const context = await kept;
      if (context.version >= BigInt(version) && (context.validUntil === null || Date.now() < context.validUntil)) {
        // Most recently used last: the first entry is the one to drop.
        this.contexts.delete(key);
        this.contexts.set(key, kept);
        return context;
      }
      // Another reader may have started the newer read meanwhile.
      const current = this.contexts.get(key);
      if (current && current !== kept) return this.at(version, since, season);
    }
    const load = this.load(season, since);
    this.contexts.delete(key);
    this.contexts.set(key, load);
    while (this.contexts.size > KEPT) this.contexts.delete(this.contexts.keys().next().value as string);
    load.catch(() => {
      if (this.contexts.get(key) === load) this.contexts.delete(key);
    });
    return load;
  }

  private async load(season: number | null, since: string | null): Promise<LiveContext> {
    const row = await selectLiveContext(this.db, season, since);
    return {
      version: BigInt(row.version),
      open: row.open,
      season: seasonContextOf(row.gameweeks),
      tableGameweeks: row.table_gameweeks,
      fixtures: row.fixtures,
      validUntil: row.valid_until === null ? null : new Date(row.valid_until).getTime(),
    };
  }
}
