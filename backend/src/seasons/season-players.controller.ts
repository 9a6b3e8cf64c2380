import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SeasonPlayers } from '@scoreline/contracts/api/bonus';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import { ApiAuth, ApiData, ApiErrors } from '../platform/common/api-docs.decorators';
import { PositiveIntPipe } from '../platform/common/positive-int.pipe';
import { SeasonPlayersQueryDto } from './dto/season-players.dto';
import { SeasonPlayersService } from './season-players.service';

@ApiTags('seasons')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('seasons')
export class SeasonPlayersController {
  constructor(private readonly players: SeasonPlayersService) {}

  @Get(':id/players/')
  @ApiOperation({
    summary: "A season's squad players whose name holds the search, with their team: the answers to its top-scorer question",
    description: 'Case and accents aside; names starting with the search first; at most 20 a page. Empty for a season without squads; 404 for an unknown season.',
  })
  @ApiData('SeasonPlayers')
  @ApiErrors([404, 'No such season'])
  async search(@Param('id', new PositiveIntPipe('Season not found.')) id: number, @Query() query: SeasonPlayersQueryDto): Promise<ApiEnvelope<SeasonPlayers>> {
    return { data: await this.players.search(id, query) };
  }
}
