import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { DashboardData, GameweeksHistory } from '@scoreline/contracts/api/stats';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAuth, ApiData, ApiErrors } from '../platform/common/api-docs.decorators';
import { CompetitionQueryDto } from '../competitions/dto/competitions.dto';
import { HistoryQueryDto } from './dto/history-query.dto';
import { HistoryService } from './history.service';
import { StatsService } from './stats.service';

@ApiTags('stats')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('stats')
export class StatsController {
  constructor(
    private readonly stats: StatsService,
    private readonly historyService: HistoryService,
  ) {}

  @Get('dashboard/')
  @ApiOperation({
    summary: "The caller's dashboard for the active season",
    description:
      'current_season_stats (accuracy as a whole-number string), recent_gameweeks (latest 5 predicted), hot_teams / cold_teams ' +
      '(top 3 each among clubs with ≥ 3 scored predictions) and points_by_gameweek (started gameweeks). `competition`: that ' +
      "competition's active season (404 when it is not being played); default your current competition.",
  })
  @ApiData('DashboardData')
  @ApiErrors([404, 'No season is active, or the competition is not being played'])
  async dashboard(@CurrentUser() user: AuthUser, @Query() query: CompetitionQueryDto): Promise<ApiEnvelope<DashboardData>> {
    return { data: await this.stats.dashboard(user.id, query.competition) };
  }

  @Get('history/')
  @ApiOperation({
    summary: 'Gameweeks history of a player in the active season',
    description:
      'Summary (totals, season accuracy, best and worst gameweek) and a page of the season\'s gameweeks, each with its ' +
      'matches (prediction, actual score, banker, result, points). Without `player`: the caller. Another player is visible ' +
      'only to users who share a league with them (else 404); their predictions stay hidden until a gameweek has started.',
  })
  @ApiQuery({ name: 'player', required: false, description: 'User id or username; default the caller' })
  @ApiQuery({ name: 'page', required: false, description: '1-based page, default 1' })
  @ApiQuery({ name: 'page_size', required: false, description: 'Gameweeks per page, 1–38, default 10' })
  @ApiQuery({ name: 'order', required: false, enum: ['asc', 'desc'], description: 'By gameweek number, default desc (latest first)' })
  @ApiQuery({ name: 'competition', required: false, description: "A competition code (404 when it is not being played); default your current competition" })
  @ApiData('GameweeksHistory')
  @ApiErrors([404, 'No such player, or one who shares no league with the caller; no active season; or the competition is not being played'])
  async history(@CurrentUser() user: AuthUser, @Query() query: HistoryQueryDto): Promise<ApiEnvelope<GameweeksHistory>> {
    return { data: await this.historyService.history(user.id, query) };
  }
}
