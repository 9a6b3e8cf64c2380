import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { selectSeasonGameweeks, type SeasonGameweekRow } from './season-context.queries';

export interface SeasonGameweek {
  id: number;
  number: number;
  completed: boolean;
  /** Some fixture is live or finished: points exist for it. */
  scored: boolean;
}

export interface SeasonContext {
  seasonId: number;
  gameweeks: SeasonGameweek[];
  /** The earliest gameweek not completed (architecture "Gameweek status"); null when all are. */
  current: SeasonGameweek | null;
  /** The latest gameweek with a live or finished match: whose points are "recent points". */
  recent: SeasonGameweek | null;
}

/** A season's gameweeks as leagues see them (read from the game engine's tables). */
@Injectable()
export class SeasonContextService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The season's context (a league's season: seasonOfLeagueSql); null for no season. */
  async load(seasonId: number | null, q: DataSource | EntityManager = this.db): Promise<SeasonContext | null> {
    return seasonContextOf(await selectSeasonGameweeks(q, seasonId));
  }
}

/** The context from a season's gameweek rows (seasonGameweeksSql); null without a season. */
export function seasonContextOf(rows: SeasonGameweekRow[]): SeasonContext | null {
  if (rows.length === 0) return null;
  const listed = rows.filter((r) => r.id !== null);
  const gameweeks = listed.map((r) => ({ id: r.id!, number: r.number!, completed: r.completed, scored: r.scored }));
  const current = gameweeks[listed.findIndex((r) => r.current)] ?? null;
  const scored = gameweeks.filter((g) => g.scored);
  return { seasonId: rows[0].season_id, gameweeks, current, recent: scored.length > 0 ? scored[scored.length - 1] : null };
}
