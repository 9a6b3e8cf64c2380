import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope, MessageResponse } from '@scoreline/contracts/api/common';
import type {
  ActivityFeedResponse,
  ActivityStatsResponse,
  DiscoverLeaguesPage,
  EnhancedMembersResponse,
  JoinLeagueResult,
  JoinRequestsResponse,
  LeaderboardResponse,
  League,
  LeaguePlayerProfile,
  LeaguesOverview,
  LeagueStatsResponse,
  MemberDetail,
  MemberStatsResponse,
  RegenerateCodeResult,
} from '@scoreline/contracts/api/leagues';
import { ActivityFeedService } from '../activity/activity-feed.service';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { USER_AND_ADDRESS_LIMITS } from '../platform/request-auth/rate-limit-buckets';
import { RateLimitPerUserAndAddress } from '../platform/request-auth/user-and-address-rate-limit.guard';
import { LeaderboardService } from '../standings/leaderboard.service';
import { ApiAuth, ApiData, ApiErrors, ApiMessage } from '../platform/common/api-docs.decorators';
import { CompetitionQueryDto } from '../competitions/dto/competitions.dto';
import { ActivityQueryDto, CreateLeagueDto, DiscoverQueryDto, JoinLeagueDto, LeaderboardQueryDto, MembersQueryDto } from './dto/leagues.dto';
import { RegenerateCodeDto } from './dto/regenerate-code.dto';
import { leagueIdPipe, userIdPipe } from './id-param.pipe';
import { JoinRequestsService } from './join-requests.service';
import { LeagueAccessService } from './league-access.service';
import { LeagueMembersService } from './league-members.service';
import { LeaguesService } from './leagues.service';

const PRIVATE_NOTE = 'A private league answers 404 to non-members, exactly like a league that does not exist.';
const NO_LEAGUE: [404, string] = [404, 'No such league, or a private one the caller is not in'];
const NO_COMPETITION: [404, string] = [404, 'The competition is not being played'];
const NOT_OWNER: [403, string] = [403, 'Only the owner may do that'];

@ApiTags('leagues')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('leagues')
export class LeaguesController {
  constructor(
    private readonly leagues: LeaguesService,
    private readonly requests: JoinRequestsService,
    private readonly members: LeagueMembersService,
    private readonly access: LeagueAccessService,
    private readonly standings: LeaderboardService,
    private readonly activity: ActivityFeedService,
  ) {}

  @Get('overview/')
  @ApiOperation({
    summary: "The hub: the caller's global, country and club leagues, private and public leagues, with ranks",
    description: '`competition`: only the leagues of that competition (404 when it is not being played); default every league.',
  })
  @ApiData('LeaguesOverview')
  @ApiErrors(NO_COMPETITION)
  async overview(@CurrentUser() user: AuthUser, @Query() query: CompetitionQueryDto): Promise<ApiEnvelope<LeaguesOverview>> {
    return { data: await this.leagues.overview(user.id, query.competition) };
  }

  @Get('discover/')
  @ApiOperation({ summary: 'Public leagues, searchable by name, with member counts and whether the caller is in each (20 per page)' })
  @ApiData('DiscoverLeaguesPage')
  @ApiErrors(NO_COMPETITION)
  async discover(@CurrentUser() user: AuthUser, @Query() query: DiscoverQueryDto): Promise<ApiEnvelope<DiscoverLeaguesPage>> {
    return { data: await this.leagues.discover(user.id, query) };
  }

  @Post()
  @ApiOperation({
    summary: 'Create a private (invite code generated, max_members 2–1000, default 1000) or public league; the caller becomes its owner',
    description: '`competition`: the competition it plays (404 when it is not being played); default the one being played.',
  })
  @ApiData('League', { status: 201 })
  @ApiErrors(NO_COMPETITION, [409, 'The caller already owns a league with that name'])
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateLeagueDto): Promise<ApiEnvelope<League>> {
    return { message: 'League created.', data: await this.leagues.create(user.id, dto) };
  }

  @Post('join/')
  @HttpCode(200)
  // Tight, per user and per address: invite codes must not be guessable by brute force.
  @RateLimitPerUserAndAddress(USER_AND_ADDRESS_LIMITS.leagueJoin)
  @ApiOperation({
    summary: 'Join a league',
    description:
      'Body `{type: "private", code, message?}`: the code is trimmed and case-insensitive (≤ 8 characters), the optional message ≤ 200 characters; ' +
      'creates a pending request for the owner (data.status "pending"). Body `{type: "public", league_id}`: joins at once (data.status "joined"). ' +
      '404 when no league matches, 409 when already a member, when the private league is full, or when a request is already pending.',
  })
  @ApiData('JoinLeagueResult')
  @ApiErrors(
    [404, 'No league matches the code or id'],
    [409, 'Already a member, the private league is full, or a request is already pending'],
    [410, 'The invite code was replaced (detail "invite_replaced")'],
    429,
  )
  async join(@CurrentUser() user: AuthUser, @Body() dto: JoinLeagueDto): Promise<ApiEnvelope<JoinLeagueResult>> {
    const { result, message } = await this.requests.join(user.id, dto);
    return { message, data: result };
  }

  @Get(':id/')
  @ApiOperation({ summary: 'League detail (the invite code is shown to members of a private league)', description: PRIVATE_NOTE })
  @ApiData('League')
  @ApiErrors(NO_LEAGUE)
  async detail(@CurrentUser() user: AuthUser, @Param('id', leagueIdPipe) id: number): Promise<ApiEnvelope<League>> {
    return { data: await this.leagues.detail(id, user.id) };
  }

  @Get(':id/join-requests/')
  @ApiOperation({ summary: 'Pending join requests of a private league (owner only; 403 for other members)', description: PRIVATE_NOTE })
  @ApiData('JoinRequestsResponse')
  @ApiErrors(NOT_OWNER, NO_LEAGUE)
  async joinRequests(@CurrentUser() user: AuthUser, @Param('id', leagueIdPipe) id: number): Promise<ApiEnvelope<JoinRequestsResponse>> {
    return { data: { pending_requests: await this.requests.pending(id, user.id) } };
  }

  @Post(':id/approve-request/:userId/')
  @HttpCode(200)
  @ApiOperation({ summary: "Approve a user's pending request (owner only); refused with 409 when the league is full" })
  @ApiMessage()
  @ApiErrors(NOT_OWNER, [404, 'No such league, or no pending request from that user'], [409, 'The league is full, or the request was already decided'])
  async approve(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Param('userId', userIdPipe) userId: number,
  ): Promise<MessageResponse> {
    return { message: await this.requests.approve(id, user.id, userId) };
  }

  @Post(':id/reject-request/:userId/')
  @HttpCode(200)
  @ApiOperation({ summary: "Reject a user's pending request (owner only)" })
  @ApiMessage()
  @ApiErrors(NOT_OWNER, [404, 'No such league, or no pending request from that user'], [409, 'The request was already decided'])
  async reject(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Param('userId', userIdPipe) userId: number,
  ): Promise<MessageResponse> {
    return { message: await this.requests.reject(id, user.id, userId) };
  }

  @Get(':id/leaderboard/')
  @ApiOperation({
    summary: 'The standings: a page in rank order (default the top 50, ties share a rank) that always includes the caller\'s own row',
    description: PRIVATE_NOTE,
  })
  @ApiData('LeaderboardResponse')
  @ApiErrors(NO_LEAGUE)
  async leaderboard(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Query() query: LeaderboardQueryDto,
  ): Promise<ApiEnvelope<LeaderboardResponse>> {
    return { data: await this.standings.leaderboard(id, user.id, query) };
  }

  @Get(':id/stats/')
  @ApiOperation({ summary: 'League stats: members, current / total gameweeks, leading score, season progress', description: PRIVATE_NOTE })
  @ApiData('LeagueStatsResponse')
  @ApiErrors(NO_LEAGUE)
  async stats(@CurrentUser() user: AuthUser, @Param('id', leagueIdPipe) id: number): Promise<ApiEnvelope<LeagueStatsResponse>> {
    return { data: { stats: await this.leagues.stats(id, user.id) } };
  }

  @Get(':id/members/enhanced/')
  @ApiOperation({ summary: 'Members with rank, points, accuracy and activity; sort rank|points|name, role, search, page (20 per page)', description: PRIVATE_NOTE })
  @ApiData('EnhancedMembersResponse')
  @ApiErrors(NO_LEAGUE)
  async enhancedMembers(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Query() query: MembersQueryDto,
  ): Promise<ApiEnvelope<EnhancedMembersResponse>> {
    return { data: await this.members.enhanced(id, user.id, query) };
  }

  @Get(':id/members/stats/')
  @ApiOperation({ summary: 'Member summary: total, active this gameweek, average accuracy, top performers (badge holders)', description: PRIVATE_NOTE })
  @ApiData('MemberStatsResponse')
  @ApiErrors(NO_LEAGUE)
  async memberStats(@CurrentUser() user: AuthUser, @Param('id', leagueIdPipe) id: number): Promise<ApiEnvelope<MemberStatsResponse>> {
    return { data: { member_stats: await this.members.stats(id, user.id) } };
  }

  @Get(':id/members/:userId/')
  @ApiOperation({ summary: 'Member detail for the member modal: card, achievements, comparison with the caller', description: PRIVATE_NOTE })
  @ApiData('MemberDetail')
  @ApiErrors([404, 'No such league or member, or a private league the caller is not in'])
  async memberDetail(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Param('userId', userIdPipe) userId: number,
  ): Promise<ApiEnvelope<MemberDetail>> {
    return { data: await this.members.detail(id, user.id, userId) };
  }

  @Delete(':id/members/:userId/')
  @ApiOperation({ summary: 'Remove a member from a private or public league (owner only; not the owner themself)' })
  @ApiMessage()
  @ApiErrors([400, 'The owner cannot remove themself'], NOT_OWNER, [404, 'No such league, or that user is not a member'])
  async removeMember(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Param('userId', userIdPipe) userId: number,
  ): Promise<MessageResponse> {
    return { message: await this.leagues.removeMember(id, user.id, userId) };
  }

  @Get(':id/players/:player/')
  @ApiOperation({
    summary: 'League player profile: stats, hot and cold teams, recent gameweeks, rank, badge, insights ({player} = user id or username)',
    description: `${PRIVATE_NOTE} The full history is GET /api/stats/history/?player={id}.`,
  })
  @ApiData('LeaguePlayerProfile')
  @ApiErrors([404, 'No such league or player, or a private league the caller is not in'])
  async player(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Param('player') player: string,
  ): Promise<ApiEnvelope<LeaguePlayerProfile>> {
    return { data: await this.members.profile(id, user.id, player) };
  }

  @Get(':id/activity/')
  @ApiOperation({ summary: 'Activity feed: category, importance, days 7|30|90 (default 30), page, page_size (default 10)', description: PRIVATE_NOTE })
  @ApiData('ActivityFeedResponse')
  @ApiErrors(NO_LEAGUE)
  async activityFeed(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Query() query: ActivityQueryDto,
  ): Promise<ApiEnvelope<ActivityFeedResponse>> {
    await this.access.assertVisible(id, user.id);
    return { data: { feed: await this.activity.feed(id, user.id, query) } };
  }

  @Get(':id/activity/stats/')
  @ApiOperation({ summary: 'Activity stats: total, today (UTC), this week, participation rate of members (last 30 days)', description: PRIVATE_NOTE })
  @ApiData('ActivityStatsResponse')
  @ApiErrors(NO_LEAGUE)
  async activityStats(@CurrentUser() user: AuthUser, @Param('id', leagueIdPipe) id: number): Promise<ApiEnvelope<ActivityStatsResponse>> {
    await this.access.assertVisible(id, user.id);
    return { data: { stats: await this.activity.stats(id) } };
  }

  @Post(':id/leave/')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Leave a private or public league',
    description: 'When the owner leaves, ownership passes to the earliest-joined member; a league left by its last member is deleted. Global, country and club membership follows preferences (400).',
  })
  @ApiMessage()
  @ApiErrors([400, 'A global, country or club league (membership follows preferences)'], NO_LEAGUE, [409, 'The caller is not a member'])
  async leave(@CurrentUser() user: AuthUser, @Param('id', leagueIdPipe) id: number): Promise<MessageResponse> {
    return { message: await this.leagues.leave(id, user.id) };
  }

  @Post(':id/regenerate-code/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Give a private league a new invite code (owner only); the old code stops working and its link says it was replaced (410)',
    description: 'Optional body `{replaces}`: the code the owner saw; when it was already replaced, the current code is answered and nothing rotates again.',
  })
  @ApiData('RegenerateCodeResult')
  @ApiErrors(NOT_OWNER, NO_LEAGUE)
  async regenerateCode(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Body() dto: RegenerateCodeDto,
  ): Promise<ApiEnvelope<RegenerateCodeResult>> {
    const { code, rotated } = await this.leagues.regenerateCode(id, user.id, dto.replaces);
    return {
      message: rotated ? 'A new invite code was generated. The old code no longer works.' : 'The invite code was already replaced; this is the current one.',
      data: { code },
    };
  }
}
