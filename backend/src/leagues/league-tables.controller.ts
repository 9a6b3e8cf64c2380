import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { LeagueTableResponse, LeagueWinnersResponse } from '@scoreline/contracts/api/tables';
import { ActivityFeedService } from '../activity/activity-feed.service';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAuth, ApiData, ApiErrors } from '../platform/common/api-docs.decorators';
import { LeagueTablesService } from '../standings/league-tables.service';
import { LeagueTableQueryDto } from './dto/league-table.dto';
import { leagueIdPipe } from './id-param.pipe';
import { LeagueAccessService } from './league-access.service';

const PRIVATE_NOTE = 'A private league answers 404 to non-members, exactly like a league that does not exist.';

/** Issue 11 section 3: the season, gameweek and monthly tables of a league, and its winners. */
@ApiTags('leagues')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('leagues')
export class LeagueTablesController {
  constructor(
    private readonly tables: LeagueTablesService,
    private readonly activity: ActivityFeedService,
    private readonly access: LeagueAccessService,
  ) {}

  @Get(':id/table/')
  @ApiOperation({
    summary:
      'The season, a gameweek\'s or a month\'s table (UTC calendar month, gameweeks whose first match is in it): ranked by points, then exact scores, then correct results (full ties share a rank); a page plus the caller\'s row',
    description: PRIVATE_NOTE,
  })
  @ApiData('LeagueTableResponse')
  @ApiErrors([404, 'No such league (or a private one the caller is not in), gameweek or month'])
  async table(@CurrentUser() user: AuthUser, @Param('id', leagueIdPipe) id: number, @Query() query: LeagueTableQueryDto): Promise<ApiEnvelope<LeagueTableResponse>> {
    return { data: await this.tables.table(id, user.id, query) };
  }

  @Get(':id/winners/')
  @ApiOperation({ summary: "The league's gameweek and month winners of the active season (ties share the win)", description: PRIVATE_NOTE })
  @ApiData('LeagueWinnersResponse')
  @ApiErrors([404, 'No such league, or a private one the caller is not in'])
  async winners(@CurrentUser() user: AuthUser, @Param('id', leagueIdPipe) id: number): Promise<ApiEnvelope<LeagueWinnersResponse>> {
    await this.access.assertVisible(id, user.id);
    return { data: await this.activity.winners(id) };
  }
}
