import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SeasonBonus } from '@scoreline/contracts/api/bonus';
import type { ApiEnvelope, MessageResponse } from '@scoreline/contracts/api/common';
import { AdminGuard } from '../users/admin.guard';
import { operatorActor } from '../audit/actor';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAdmin, ApiAuth, ApiData, ApiErrors, ApiMessage } from '../platform/common/api-docs.decorators';
import { PositiveIntPipe } from '../platform/common/positive-int.pipe';
import { CompetitionQueryDto } from '../competitions/dto/competitions.dto';
import { SeasonsService } from '../seasons/seasons.service';
import { BonusService } from './bonus.service';
import { SaveBonusAnswersDto, SettleBonusQuestionDto } from './dto/bonus.dto';

const seasonIdPipe = new PositiveIntPipe('Season not found.');
const NO_ACTIVE_SEASON: [404, string] = [404, 'No season is active, or the competition is not being played'];
const LOCKED: [409, string] = [409, 'The questions locked at the first kick-off'];

@ApiTags('bonus')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller()
export class BonusController {
  constructor(
    private readonly bonus: BonusService,
    private readonly seasons: SeasonsService,
  ) {}

  @Get('bonus/current/')
  @ApiOperation({
    summary: "The active season's bonus questions (as GET /seasons/{id}/bonus/); 404 while no season is active",
    description: "`competition`: that competition's active season (404 when it is not being played); default your current competition.",
  })
  @ApiData('SeasonBonus')
  @ApiErrors(NO_ACTIVE_SEASON)
  async current(@CurrentUser() user: AuthUser, @Query() query: CompetitionQueryDto): Promise<ApiEnvelope<SeasonBonus>> {
    const season = await this.seasons.seasonForRequest(query.competition, user.id);
    return { data: await this.bonus.ofSeason(user.id, season.id) };
  }

  @Put('bonus/current/')
  @ApiOperation({
    summary: "Save answers to the active season's bonus questions (as PUT /seasons/{id}/bonus/)",
    description: "`competition`: that competition's active season (404 when it is not being played); default your current competition.",
  })
  @ApiData('SeasonBonus')
  @ApiErrors([400, 'An answer that cannot be, naming answers.<question>'], NO_ACTIVE_SEASON, LOCKED)
  async saveCurrent(@CurrentUser() user: AuthUser, @Query() query: CompetitionQueryDto, @Body() dto: SaveBonusAnswersDto): Promise<ApiEnvelope<SeasonBonus>> {
    const season = await this.seasons.seasonForRequest(query.competition, user.id);
    return { message: 'Bonus answers saved.', data: await this.bonus.save(user.id, season.id, dto.answers) };
  }

  @Get('seasons/:id/bonus/')
  @ApiOperation({
    summary: "A season's bonus questions (champion, top scorer, a league's bottom team), the caller's answers and, once settled, the points",
    description: 'Answers lock at the season\'s first kick-off (`locks_at`); right answers come from the results or an operator.',
  })
  @ApiData('SeasonBonus')
  @ApiErrors([404, 'No such season'])
  async get(@CurrentUser() user: AuthUser, @Param('id', seasonIdPipe) id: number): Promise<ApiEnvelope<SeasonBonus>> {
    return { data: await this.bonus.ofSeason(user.id, id) };
  }

  @Put('seasons/:id/bonus/')
  @ApiOperation({
    summary: 'Save bonus answers (a question left out keeps its answer, null clears it)',
    description: '400 naming `answers.<question>` for an answer that cannot be; 409 once the questions locked.',
  })
  @ApiData('SeasonBonus')
  @ApiErrors([400, 'An answer that cannot be, naming answers.<question>'], [404, 'No such season'], LOCKED)
  async save(@CurrentUser() user: AuthUser, @Param('id', seasonIdPipe) id: number, @Body() dto: SaveBonusAnswersDto): Promise<ApiEnvelope<SeasonBonus>> {
    return { message: 'Bonus answers saved.', data: await this.bonus.save(user.id, id, dto.answers) };
  }
}

@ApiTags('admin')
@ApiAdmin()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/seasons/:id/bonus')
export class BonusAdminController {
  constructor(private readonly bonus: BonusService) {}

  @Put(':question')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Settle a bonus question (or correct its settlement): the right answers, team ids or player names',
    description: "An operator's settlement wins over what the results decide; every answer is rescored on read.",
  })
  @ApiMessage()
  @ApiErrors(
    [400, 'A right answer that cannot be'],
    [404, 'No such season or question (and to anyone who is not an admin)'],
    [409, 'The answers have not locked yet (first kick-off)'],
  )
  async settle(
    @CurrentUser() user: AuthUser,
    @Param('id', seasonIdPipe) id: number,
    @Param('question') question: string,
    @Body() dto: SettleBonusQuestionDto,
  ): Promise<MessageResponse> {
    await this.bonus.settle(id, question, dto.right_answers, operatorActor(user));
    return { message: 'Bonus question settled.' };
  }

  @Delete(':question')
  @ApiOperation({ summary: "Take an operator's settlement back: the question is again what the results say" })
  @ApiMessage()
  @ApiErrors([404, 'No such season or question, or an operator did not settle it (and to anyone who is not an admin)'])
  async unsettle(@CurrentUser() user: AuthUser, @Param('id', seasonIdPipe) id: number, @Param('question') question: string): Promise<MessageResponse> {
    await this.bonus.unsettle(id, question, operatorActor(user));
    return { message: 'Settlement taken back.' };
  }
}
