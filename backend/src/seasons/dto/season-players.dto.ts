import { SEASON_PLAYERS_MAX_PAGE_SIZE, type SeasonPlayersQuery } from '@scoreline/contracts/api/bonus';
import { IsPageNumber, IsPageSize, IsSearchText } from '../../platform/common/query-params.decorator';

export class SeasonPlayersQueryDto implements SeasonPlayersQuery {
  @IsSearchText("Part of the player's name, ignoring case and accents (\"mbappe\" finds Kylian Mbappé)")
  search?: string;

  @IsPageNumber()
  page?: number;

  @IsPageSize(SEASON_PLAYERS_MAX_PAGE_SIZE, SEASON_PLAYERS_MAX_PAGE_SIZE)
  page_size?: number;
}
