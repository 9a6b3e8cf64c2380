import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweekResults } from '@scoreline/contracts/api/stats';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAuth, ApiData, ApiErrors } from '../platform/common/api-docs.decorators';
import { PositiveIntPipe } from '../platform/common/positive-int.pipe';
import { CompetitionQueryDto } from '../competitions/dto/competitions.dto';
import { StatsService } from './stats.service';

/** The Results screen lives under /predictions in the spec. */
@ApiTags('predictions')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('predictions')
export class ResultsController {
  constructor(private readonly stats: StatsService) {}

  @Get('gameweek/:n/user-stats/')
  @ApiOperation({
    summary: "The caller's results of a gameweek (by NUMBER)",
    description:
      'user_stats, global_benchmarks (highest and average points among users who predicted it) and every match. `competition`: ' +
      "that competition's gameweek (404 when it is not being played); default your current competition.",
  })
  @ApiParam({ name: 'n', description: 'Gameweek number' })
  @ApiData('GameweekResults')
  @ApiErrors([404, 'No such gameweek, or the competition is not being played'])
  async userStats(
    @CurrentUser() user: AuthUser,
    @Param('n', new PositiveIntPipe('No Gameweek Found: there is no such gameweek.')) n: number,
    @Query() query: CompetitionQueryDto,
  ): Promise<ApiEnvelope<GameweekResults>> {
    return { data: await this.stats.gameweekResults(user.id, n, query.competition) };
  }
}
