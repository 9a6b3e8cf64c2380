import { Body, Controller, Delete, Get, Param, Put, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope, MessageResponse } from '@scoreline/contracts/api/common';
import type { Competition } from '@scoreline/contracts/api/competitions';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAuth, ApiData, ApiErrors, ApiMessage } from '../platform/common/api-docs.decorators';
import { CompetitionCodePipe } from './competition-code.pipe';
import { CompetitionsService } from './competitions.service';
import { PlayCompetitionDto } from './dto/competitions.dto';

const codePipe = new CompetitionCodePipe();

@ApiTags('competitions')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('competitions')
export class CompetitionsController {
  constructor(private readonly competitions: CompetitionsService) {}

  @Get()
  @ApiOperation({
    summary: 'The competitions being played, each with whether you play it and your team in it',
    description: 'Oldest season first: code, name, kind (league/tournament), the active season, its first kick-off, playing, team, team_locked.',
  })
  @ApiData('Competition[]')
  async list(@CurrentUser() user: AuthUser): Promise<ApiEnvelope<Competition[]>> {
    return { data: await this.competitions.list(user.id) };
  }

  @Put(':code/play/')
  @ApiOperation({
    summary: 'Play a competition (again: nothing changes), or choose your team in it',
    description:
      'Body optional `team_id`: a team of its active season (a national team in a tournament; 400 naming team_id otherwise), ' +
      'null clears it, left out keeps it. The team changes only until the first kick-off (409 after). 404 when the ' +
      "competition is not being played. You join its global and country leagues and your team's fans league (a league's " +
      'team falls back to your club; a new team moves you to its league).',
  })
  @ApiParam({ name: 'code', description: "Competition code ('en.1', 'fifa.wc')" })
  @ApiData('Competition')
  @ApiErrors(
    [400, 'team_id is no team of its active season'],
    [404, 'The competition is not being played'],
    [409, 'The team can no longer change: the first match has kicked off'],
  )
  async play(@CurrentUser() user: AuthUser, @Param('code', codePipe) code: string, @Body() dto: PlayCompetitionDto): Promise<ApiEnvelope<Competition>> {
    const team = dto.team_id === undefined ? undefined : { id: dto.team_id };
    const data = await this.competitions.play(user.id, code, team);
    return { message: `You play ${data.name}.`, data };
  }

  @Delete(':code/play/')
  @ApiOperation({ summary: 'Stop playing a competition; your leagues in it stay (joining one plays it again). 404 for an unknown code' })
  @ApiParam({ name: 'code', description: 'Competition code' })
  @ApiMessage()
  @ApiErrors([404, 'No competition has that code'])
  async stop(@CurrentUser() user: AuthUser, @Param('code', codePipe) code: string): Promise<MessageResponse> {
    return { message: await this.competitions.stop(user.id, code) };
  }
}
