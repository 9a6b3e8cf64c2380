import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { SEASON_PLAYERS_MAX_PAGE_SIZE, type SeasonPlayer, type SeasonPlayers, type SeasonPlayersQuery } from '@scoreline/contracts/api/bonus';
import { foldName } from '@scoreline/contracts/game/fold-name';
import { ApiError } from '../platform/common/api-error';
import { pageOffset, paging } from '../platform/common/pagination';
import { searchSquadPlayers, seasonExists, seasonHasSquads, selectSeasonScorers, selectSquadSpelling } from './squads-and-goals.queries';

/**
 * A season's players and goals, as its tournament file brought them (`squad_players`,
 * `fixture_goals`, written by the season import): the players a top-scorer answer is chosen
 * from, the squad's spelling of an answer, and the scorers the results settle the question from.
 */
@Injectable()
export class SeasonPlayersService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Whether the season has squads: its top scorer is then answered with one of their players. */
  hasSquads(seasonId: number, q: DataSource | EntityManager = this.db): Promise<boolean> {
    return seasonHasSquads(q, seasonId);
  }

  /** The squad's spelling of a player named `name` (case, accents and spaces aside); null when no player of the season is named so. */
  squadSpelling(seasonId: number, name: string): Promise<string | null> {
    return selectSquadSpelling(this.db, seasonId, foldName(name));
  }

  /** The season's scorers of finished matches and their goals (no own goals), named as the squads spell them where they can. */
  scorers(seasonId: number, q: DataSource | EntityManager = this.db): Promise<{ name: string; goals: number }[]> {
    return selectSeasonScorers(q, seasonId);
  }

  /** A page of the season's players whose name holds the search (the answer picker); 404 for an unknown season. */
  async search(seasonId: number, query: SeasonPlayersQuery): Promise<SeasonPlayers> {
    if (!(await seasonExists(this.db, seasonId))) throw ApiError.notFound('Season not found.');
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? SEASON_PLAYERS_MAX_PAGE_SIZE;
    const rows = await searchSquadPlayers(this.db, seasonId, foldName(query.search ?? ''), pageSize, pageOffset(page, pageSize));
    // A page past the end has no row to carry the count: ask the first page's.
    const total = rows[0]?.total_count ?? (page > 1 ? ((await searchSquadPlayers(this.db, seasonId, foldName(query.search ?? ''), 1, 0))[0]?.total_count ?? 0) : 0);
    const players = rows.map(({ name, team_id, team_name, number, position }): SeasonPlayer => ({ name, team_id, team_name, number, position: position as SeasonPlayer['position'] }));
    return { season_id: seasonId, ...paging(page, pageSize, total), players };
  }
}
