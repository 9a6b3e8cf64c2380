import { Controller, Get, Header, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweekCrowd } from '@scoreline/contracts/api/picks';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAuth, ApiData, ApiErrors } from '../platform/common/api-docs.decorators';
import { PositiveIntPipe } from '../platform/common/positive-int.pipe';
import { leagueIdPipe } from '../leagues/id-param.pipe';
import { CrowdQueryDto, PicksQueryDto } from './dto/picks.dto';
import { PicksService } from './picks.service';

const gameweekNumberPipe = new PositiveIntPipe('No Gameweek Found: there is no such gameweek.');

@ApiTags('picks')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller()
export class PicksController {
  constructor(private readonly picks: PicksService) {}

  @Get('leagues/:id/gameweeks/:n/picks/')
  @ApiOperation({
    summary: "Everyone's picks of a gameweek (by NUMBER) in a league: members × fixtures, sorted by the gameweek's points",
    description:
      'Before the gameweek locks (deadline passed or a score recorded) `revealed` is false and only the caller\'s own row is returned. ' +
      'Ties: points, then exact scores, then correct results. `my_row` is the caller\'s row even when not on the page. ' +
      'page, page_size (1–100, default 25), search (name or username). A private league answers 404 to non-members.',
  })
  @ApiParam({ name: 'n', description: 'Gameweek number' })
  @ApiData('GameweekPicksPage')
  @ApiErrors([404, 'No such league or gameweek, or a private league the caller is not in'])
  // The service's answer is its JSON's bytes, sent as they are, with its ETag from the cached
  // head's digest and the caller's row (Express would hash the whole ~40 kB again); Express
  // still answers 304 to a matching If-None-Match, and a HEAD without the body.
  @Header('Content-Type', 'application/json; charset=utf-8')
  async grid(
    @CurrentUser() user: AuthUser,
    @Param('id', leagueIdPipe) id: number,
    @Param('n', gameweekNumberPipe) n: number,
    @Query() query: PicksQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    const { body, etag } = await this.picks.grid(id, user.id, n, query);
    res.setHeader('ETag', etag);
    res.send(body);
  }

  @Get('crowd/gameweek/:n/')
  @ApiOperation({
    summary: 'The crowd of a gameweek (by NUMBER): per fixture the home/draw/away split, the three most predicted scores, bankers',
    description:
      'For everyone, and for a league with league_id. Null figures until the gameweek locks. exact_percent once a match is finished. ' +
      "`competition`: that competition's gameweek (404 when it is not being played); default your current competition.",
  })
  @ApiParam({ name: 'n', description: 'Gameweek number' })
  @ApiData('GameweekCrowd')
  @ApiErrors([404, 'No such gameweek or league, or the competition is not being played'])
  async crowd(@CurrentUser() user: AuthUser, @Param('n', gameweekNumberPipe) n: number, @Query() query: CrowdQueryDto): Promise<ApiEnvelope<GameweekCrowd>> {
    return { data: await this.picks.gameweekCrowd(user.id, n, query.league_id, query.competition) };
  }
}
