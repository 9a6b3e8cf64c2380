import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { LeagueBonusAnswers } from '@scoreline/contracts/api/bonus';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAuth, ApiData, ApiErrors } from '../platform/common/api-docs.decorators';
import { leagueIdPipe } from '../leagues/id-param.pipe';
import { LeagueBonusQueryDto } from './dto/bonus.dto';
import { LeagueBonusService } from './league-bonus.service';

@ApiTags('leagues')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('leagues/:id/bonus')
export class LeagueBonusController {
  constructor(private readonly bonus: LeagueBonusService) {}

  @Get()
  @ApiOperation({
    summary: "The league's competition's bonus questions and everyone's answers, from the season's first kick-off on",
    description:
      "Before the first kick-off (`revealed` false, `revealed_at` when it is) only the caller's own answers (`my_answers`). " +
      'From it on, a page of the members (page, page_size 1–100 default 25, search, sort rank or name) with their answers and, ' +
      'once a question is settled, their points. A private league answers 404 to non-members.',
  })
  @ApiData('LeagueBonusAnswers')
  @ApiErrors([404, "No such league (or a private one the caller is not in), or its competition has no season"])
  async answers(@CurrentUser() user: AuthUser, @Param('id', leagueIdPipe) id: number, @Query() query: LeagueBonusQueryDto): Promise<ApiEnvelope<LeagueBonusAnswers>> {
    return { data: await this.bonus.answers(id, user.id, query) };
  }
}
