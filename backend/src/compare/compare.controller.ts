import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { HeadToHeadResponse, MyRankHistoryResponse, RankHistory } from '@scoreline/contracts/api/compare';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAuth, ApiData, ApiErrors } from '../platform/common/api-docs.decorators';
import { CompetitionQueryDto } from '../competitions/dto/competitions.dto';
import { leagueIdPipe, userIdPipe } from '../leagues/id-param.pipe';
import { CompareService } from './compare.service';

const SHARED_NOTE =
  'Both players must be members of the league; otherwise (or for an unknown or private league) 404 alike. ' +
  "The other player's picks count only for gameweeks whose deadline (first kick-off) has passed.";
const NOT_SHARED: [404, string] = [404, 'No such league, or the caller and that user are not both members of it'];

@ApiTags('compare')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller()
export class CompareController {
  constructor(private readonly compare: CompareService) {}

  @Get('leagues/:leagueId/head-to-head/:userId/')
  @ApiOperation({
    summary: 'Head to head with a fellow member: points per gameweek, gameweeks won, differing picks and who was right, exact scores, banker hits',
    description: `${SHARED_NOTE} Comparing with yourself is 400.`,
  })
  @ApiData('HeadToHeadResponse')
  @ApiErrors([400, 'Comparing with oneself'], NOT_SHARED)
  async headToHead(
    @CurrentUser() user: AuthUser,
    @Param('leagueId', leagueIdPipe) leagueId: number,
    @Param('userId', userIdPipe) userId: number,
  ): Promise<ApiEnvelope<HeadToHeadResponse>> {
    return { data: await this.compare.headToHead(leagueId, user.id, userId) };
  }

  @Get('leagues/:leagueId/rank-history/:userId/')
  @ApiOperation({ summary: "A member's rank after every completed gameweek in a league you share (your own too), with best and worst", description: SHARED_NOTE })
  @ApiData('RankHistory')
  @ApiErrors(NOT_SHARED)
  async memberRankHistory(
    @CurrentUser() user: AuthUser,
    @Param('leagueId', leagueIdPipe) leagueId: number,
    @Param('userId', userIdPipe) userId: number,
  ): Promise<ApiEnvelope<RankHistory>> {
    return { data: await this.compare.memberRankHistory(leagueId, user.id, userId) };
  }

  @Get('rank-history/')
  @ApiOperation({
    summary: 'Your rank after every completed gameweek, in each of your leagues',
    description: '`competition`: only the leagues of that competition (404 when it is not being played); default every league.',
  })
  @ApiData('MyRankHistoryResponse')
  @ApiErrors([404, 'The competition is not being played'])
  async myRankHistory(@CurrentUser() user: AuthUser, @Query() query: CompetitionQueryDto): Promise<ApiEnvelope<MyRankHistoryResponse>> {
    return { data: await this.compare.myRankHistory(user.id, query.competition) };
  }
}
