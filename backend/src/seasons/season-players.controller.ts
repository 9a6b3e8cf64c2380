import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SeasonPlayers } from '@scoreline/contracts/api/bonus';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { PositiveIntPipe } from '../common/positive-int.pipe';
import { SeasonPlayersQueryDto } from './dto/season-players.dto';
import { SeasonPlayersService } from './season-players.service';

@ApiTags('seasons')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('seasons')
export class SeasonPlayersController {
  constructor(private readonly players: SeasonPlayersService) {}

  @Get(':id/players/')
  @ApiOperation({
    summary: "A season's squad players whose name holds the search, with their team: the answers to its top-scorer question",
    description: 'Case and accents aside; names starting with the search first; at most 20 a page. Empty for a season without squads; 404 for an unknown season.',
  })
  async search(@Param('id', new PositiveIntPipe('Season not found.')) id: number, @Query() query: SeasonPlayersQueryDto): Promise<ApiEnvelope<SeasonPlayers>> {
    return { data: await this.players.search(id, query) };
  }
}
