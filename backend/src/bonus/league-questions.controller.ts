import { Body, Controller, Delete, Get, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { LeagueQuestion, LeagueQuestions } from '@scoreline/contracts/api/bonus';
import type { ApiEnvelope, MessageResponse } from '@scoreline/contracts/api/common';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAuth, ApiData, ApiErrors, ApiMessage } from '../platform/common/api-docs.decorators';
import { PositiveIntPipe } from '../platform/common/positive-int.pipe';
import { leagueIdPipe } from '../leagues/id-param.pipe';
import { CreateLeagueQuestionDto, LeagueQuestionAnswerDto } from './dto/bonus.dto';
import { LeagueQuestionsService } from './league-questions.service';

const questionIdPipe = new PositiveIntPipe('Question not found.');
const NO_QUESTION: [404, string] = [404, 'No such league (or a private one the caller is not in) or question'];
const NOT_OWNER: [403, string] = [403, 'Only the owner may do that'];

@ApiTags('leagues')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('leagues/:id/questions')
export class LeagueQuestionsController {
  constructor(private readonly questions: LeagueQuestionsService) {}

  @Get()
  @ApiOperation({
    summary: "A league's questions of its own, the caller's answers and, once a question locked, the members' answers",
    description: 'A private league answers 404 to non-members. Points once the owner settled a question.',
  })
  @ApiData('LeagueQuestions')
  @ApiErrors([404, 'No such league, or a private one the caller is not in'])
  async list(@CurrentUser() user: AuthUser, @Param('id', leagueIdPipe) id: number): Promise<ApiEnvelope<LeagueQuestions>> {
    return { data: await this.questions.list(id, user.id) };
  }

  @Post()
  @ApiOperation({
    summary: 'Add a question (the owner of a private league; at most five)',
    description: 'text, kind (text, options, number), options for kind options, points 5–50, locks_at in the future; 400 naming each wrong field.',
  })
  @ApiData('LeagueQuestion', { status: 201 })
  @ApiErrors(
    [400, 'A field that cannot be (each named), a league that is not private, or five questions already'],
    NOT_OWNER,
    [404, 'No such league, or a private one the caller is not in'],
  )
  async create(@CurrentUser() user: AuthUser, @Param('id', leagueIdPipe) id: number, @Body() dto: CreateLeagueQuestionDto): Promise<ApiEnvelope<LeagueQuestion>> {
    return { message: 'Question added.', data: await this.questions.create(id, user.id, dto) };
  }

  @Delete(':questionId/')
  @ApiOperation({ summary: 'Remove a question before it locks (the owner); 409 once locked' })
  @ApiMessage()
  @ApiErrors(NOT_OWNER, NO_QUESTION, [409, 'The question has locked'])
  async remove(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Param('questionId', questionIdPipe) questionId: number,
  ): Promise<MessageResponse> {
    await this.questions.remove(id, user.id, questionId);
    return { message: 'Question removed.' };
  }

  @Put(':questionId/answer/')
  @ApiOperation({ summary: "Answer a league's question (a member, until it locks; 409 after)" })
  @ApiData('LeagueQuestion')
  @ApiErrors([400, 'An answer that does not fit the question'], [403, 'Only members answer'], NO_QUESTION, [409, 'The question has locked'])
  async answer(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Param('questionId', questionIdPipe) questionId: number,
    @Body() dto: LeagueQuestionAnswerDto,
  ): Promise<ApiEnvelope<LeagueQuestion>> {
    return { message: 'Answer saved.', data: await this.questions.answer(id, user.id, questionId, dto.answer) };
  }

  @Put(':questionId/settle/')
  @ApiOperation({ summary: "Settle a league's question with its right answer (the owner, once it locked; again to correct)" })
  @ApiData('LeagueQuestion')
  @ApiErrors([400, 'An answer that does not fit the question'], NOT_OWNER, NO_QUESTION, [409, 'The question has not locked yet'])
  async settle(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Param('questionId', questionIdPipe) questionId: number,
    @Body() dto: LeagueQuestionAnswerDto,
  ): Promise<ApiEnvelope<LeagueQuestion>> {
    return { message: 'Question settled.', data: await this.questions.settle(id, user.id, questionId, dto.answer) };
  }
}
