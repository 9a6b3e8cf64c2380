import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweekPredictions, SavePredictionsResponse } from '@scoreline/contracts/api/predictions';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAnswer, ApiAuth, ApiData, ApiErrors } from '../platform/common/api-docs.decorators';
import { PositiveIntPipe } from '../platform/common/positive-int.pipe';
import { CompetitionQueryDto } from '../competitions/dto/competitions.dto';
import { SavePredictionsDto } from './dto/save-predictions.dto';
import { PredictionsService } from './predictions.service';

@ApiTags('predictions')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('predictions')
export class PredictionsController {
  constructor(private readonly predictions: PredictionsService) {}

  @Get('current/')
  @ApiOperation({
    summary: "The caller's predictions for the current gameweek",
    description: "`competition`: that competition's current gameweek (404 when it is not being played); default your current competition.",
  })
  @ApiData('GameweekPredictions')
  @ApiErrors([404, 'No season is active, or the competition is not being played'])
  async current(@CurrentUser() user: AuthUser, @Query() query: CompetitionQueryDto): Promise<ApiEnvelope<GameweekPredictions>> {
    return { data: await this.predictions.current(user.id, query.competition) };
  }

  @Get('gameweek/:id/')
  @ApiOperation({ summary: "The caller's predictions for a gameweek of the active season, by gameweek ID" })
  @ApiParam({ name: 'id', description: 'Gameweek id (not its number)' })
  @ApiData('GameweekPredictions')
  @ApiErrors([404, 'No active season has a gameweek with that id'])
  async gameweek(
    @CurrentUser() user: AuthUser,
    @Param('id', new PositiveIntPipe('No Gameweek Found: there is no such gameweek.')) id: number,
  ): Promise<ApiEnvelope<GameweekPredictions>> {
    return { data: await this.predictions.byGameweekId(user.id, id) };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Save predictions for the current gameweek',
    description:
      'All or nothing. Only fixtures of the current gameweek, only before its deadline (first kick-off) and before any score ' +
      'is recorded in it (else 403); scores 0–99; at most one banker; each fixture once (else 400). Replaces earlier ' +
      'predictions of the fixtures sent; a banker sent moves the banker to that fixture. A knockout match (a single match, or a ' +
      "tie's second leg) also takes `advance` (who goes through: home or away; 10 points, never doubled), refused elsewhere " +
      '(400); a match whose teams are not known yet is not open (400).',
  })
  @ApiAnswer('SavePredictionsResponse')
  @ApiErrors(
    [400, 'A prediction that cannot be (each named in errors); nothing is saved'],
    [403, "The gameweek is closed: its deadline passed or a score is recorded"],
    [404, 'No season is active'],
  )
  async save(@CurrentUser() user: AuthUser, @Body() dto: SavePredictionsDto): Promise<SavePredictionsResponse> {
    return { message: 'All predictions saved successfully!', data: await this.predictions.save(user.id, dto.predictions) };
  }
}
