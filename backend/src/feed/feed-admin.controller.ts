import { Body, Controller, Get, Param, Put, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { ConsoleClub, FeedCompetitionState, FeedUnmatched } from '@scoreline/contracts/api/console';
import { AdminGuard } from '../users/admin.guard';
import { operatorActor } from '../audit/actor';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import { ApiAdmin, ApiData, ApiErrors } from '../platform/common/api-docs.decorators';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ConsoleClubsQueryDto, FeedMatchLinkDto, FeedTeamLinkDto } from './dto/feed.dto';
import { FeedConsoleService } from './feed-console.service';
import { ProviderIdPipe } from './provider-id.pipe';

/** The console's calls for the results feed (contracts/src/api/console.ts): admins only. */
@ApiTags('admin')
@ApiAdmin()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin')
export class FeedAdminController {
  constructor(private readonly console: FeedConsoleService) {}

  @Get('feed/')
  @ApiOperation({ summary: "Every competition being played, with its feed's polling state, staleness and latest problems" })
  @ApiData('FeedCompetitionState[]')
  async state(): Promise<ApiEnvelope<FeedCompetitionState[]>> {
    return { data: await this.console.state() };
  }

  @Get('feed/unmatched/')
  @ApiOperation({ summary: "The provider's teams and matches the feed could not match (open ones, newest first)" })
  @ApiData('FeedUnmatched[]')
  async unmatched(): Promise<ApiEnvelope<FeedUnmatched[]>> {
    return { data: await this.console.unmatched() };
  }

  @Put('feed/teams/:providerTeamId')
  @ApiOperation({ summary: "Map a provider team to our club or national team (applied at the next poll); answers what is still open" })
  @ApiData('FeedUnmatched[]')
  @ApiErrors([400, "No such club or national team, or a provider id that cannot be"])
  async linkTeam(
    @CurrentUser() user: AuthUser,
    @Param('providerTeamId', new ProviderIdPipe('providerTeamId')) providerTeamId: number,
    @Body() dto: FeedTeamLinkDto,
  ): Promise<ApiEnvelope<FeedUnmatched[]>> {
    return { message: 'Team mapped.', data: await this.console.linkTeam(providerTeamId, dto.club_id, operatorActor(user)) };
  }

  @Put('feed/matches/:providerMatchId')
  @ApiOperation({ summary: 'Map a provider match to our fixture (applied at the next poll); 409 when the fixture is another match; answers what is still open' })
  @ApiData('FeedUnmatched[]')
  @ApiErrors([400, 'No such fixture, one of no season being played or of another competition'], [409, 'The fixture is mapped to another provider match'])
  async linkMatch(
    @CurrentUser() user: AuthUser,
    @Param('providerMatchId', new ProviderIdPipe('providerMatchId')) providerMatchId: number,
    @Body() dto: FeedMatchLinkDto,
  ): Promise<ApiEnvelope<FeedUnmatched[]>> {
    return { message: 'Match mapped.', data: await this.console.linkMatch(providerMatchId, dto.fixture_id, operatorActor(user)) };
  }

  @Get('clubs/')
  @ApiOperation({ summary: "The clubs or national teams of a competition's active season (to map a provider team to)" })
  @ApiData('ConsoleClub[]')
  @ApiErrors([404, 'The competition is not being played (and to anyone who is not an admin)'])
  async clubs(@Query() query: ConsoleClubsQueryDto): Promise<ApiEnvelope<ConsoleClub[]>> {
    return { data: await this.console.clubs(query.competition) };
  }
}
