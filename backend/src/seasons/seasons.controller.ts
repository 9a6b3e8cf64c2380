import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAuth, ApiData, ApiErrors } from '../platform/common/api-docs.decorators';
import { CompetitionQueryDto } from '../competitions/dto/competitions.dto';
import { SeasonsService } from './seasons.service';

@ApiTags('seasons')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('seasons')
export class SeasonsController {
  constructor(private readonly seasons: SeasonsService) {}

  @Get('gameweeks/')
  @ApiOperation({
    summary: 'Gameweeks of the active season',
    description:
      'Ascending by number, each with status (current/upcoming/completed), deadline and is_open. 404 when no season is active. ' +
      "`competition`: that competition's active season (404 when it is not being played); default your current competition.",
  })
  @ApiData('GameweekSummary[]')
  @ApiErrors([404, 'No season is active, or the competition is not being played'])
  async gameweeks(@CurrentUser() user: AuthUser, @Query() query: CompetitionQueryDto): Promise<ApiEnvelope<GameweekSummary[]>> {
    return { data: (await this.seasons.activeGameweeks(await this.seasons.seasonForRequest(query.competition, user.id))).gameweeks };
  }
}
