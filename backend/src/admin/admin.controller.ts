import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminFixture, ImportSeasonResult } from '@scoreline/contracts/api/admin';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { operatorActor } from '../audit/actor';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { FixtureAdminService } from '../fixtures/fixture-admin.service';
import { ApiAdmin, ApiData, ApiErrors } from '../platform/common/api-docs.decorators';
import { PositiveIntPipe } from '../platform/common/positive-int.pipe';
import { SeasonImportService } from '../season-import/season-import.service';
import { AdminGuard } from '../users/admin.guard';
import { AdminFixturesQueryDto, ImportSeasonDto, RecordResultDto, RescheduleFixtureDto } from './dto/admin.dto';

const FIXTURE_NOT_FOUND = 'Fixture not found.';
const NO_FIXTURE: [404, string] = [404, 'No such fixture (and to anyone who is not an admin)'];

@ApiTags('admin')
@ApiAdmin()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin')
export class AdminController {
  constructor(
    private readonly importer: SeasonImportService,
    private readonly fixtures: FixtureAdminService,
  ) {}

  @Post('seasons/import')
  @ApiOperation({
    summary: 'Import (or re-import) an openfootball season',
    description:
      'One transaction; re-importing updates and never duplicates. Raises result.recorded for changed results. ' +
      'A match row that cannot be (a drawn shoot-out, penalties without extra time, a negative score, a bad date …) is refused ' +
      'on its own and listed in `refused` (row, round, date, teams, reason); the rest is imported, and a refused row leaves ' +
      'its stored fixture as it was. 400 when the file is no season or none of its rows can be imported.',
  })
  @ApiData('ImportSeasonResult', { status: 201 })
  @ApiErrors([400, 'The file is no season, or none of its rows can be imported'])
  async importSeason(@CurrentUser() user: AuthUser, @Body() dto: ImportSeasonDto): Promise<ApiEnvelope<ImportSeasonResult>> {
    const options = { shiftToNow: dto.shift_to_now, activate: dto.activate, leagueCode: dto.league_code };
    const data = await this.importer.import(dto.season, options, operatorActor(user));
    const refused = data.refused.length > 0 ? `; ${data.refused.length} match rows refused (see refused)` : '';
    return { message: `Imported ${data.season.name}: ${data.fixtures.total} fixtures in ${data.gameweeks} gameweeks${refused}.`, data };
  }

  @Get('fixtures/')
  @ApiOperation({
    summary: 'Fixtures of the active season (optionally of one gameweek number), with ids for the calls below',
    description: "`competition`: that competition's active season (404 when it is not being played); default the first active season.",
  })
  @ApiData('AdminFixture[]')
  @ApiErrors([404, 'The competition is not being played (and to anyone who is not an admin)'])
  async list(@Query() query: AdminFixturesQueryDto): Promise<ApiEnvelope<AdminFixture[]>> {
    return { data: await this.fixtures.list(query.gameweek, query.competition) };
  }

  @Put('fixtures/:id/result')
  @ApiOperation({
    summary: 'Record a live or final score (closes the gameweek to predictions at once)',
    description:
      'home_score/away_score: after 90 minutes and stoppage time. A knockout match may add extra_time (whole match, after a level ' +
      '90 minutes or a level aggregate) and penalties (only with extra_time, never drawn); a first leg has neither. 400 naming the ' +
      'field when the score cannot be; 409 while a team is not known yet.',
  })
  @ApiData('AdminFixture')
  @ApiErrors([400, 'A score that cannot be, naming the field'], NO_FIXTURE, [409, 'A team of the match is not known yet'])
  async result(
    @CurrentUser() user: AuthUser,
    @Param('id', new PositiveIntPipe(FIXTURE_NOT_FOUND)) id: number,
    @Body() dto: RecordResultDto,
  ): Promise<ApiEnvelope<AdminFixture>> {
    const data = await this.fixtures.recordResult(
      id,
      {
        homeScore: dto.home_score,
        awayScore: dto.away_score,
        status: dto.status,
        minute: dto.minute,
        extraTime: dto.extra_time ?? null,
        penalties: dto.penalties ?? null,
      },
      operatorActor(user),
    );
    return { message: 'Result recorded.', data };
  }

  @Post('fixtures/:id/postpone')
  @HttpCode(200)
  @ApiOperation({ summary: 'Postpone a fixture: its predictions are void' })
  @ApiData('AdminFixture')
  @ApiErrors(NO_FIXTURE)
  async postpone(@CurrentUser() user: AuthUser, @Param('id', new PositiveIntPipe(FIXTURE_NOT_FOUND)) id: number): Promise<ApiEnvelope<AdminFixture>> {
    return { message: 'Fixture postponed.', data: await this.fixtures.postpone(id, operatorActor(user)) };
  }

  @Patch('fixtures/:id')
  @ApiOperation({ summary: "Reschedule a fixture (the gameweek's deadline follows its first kick-off)" })
  @ApiData('AdminFixture')
  @ApiErrors([400, 'match_time is no ISO 8601 date and time with a zone, or out of range'], NO_FIXTURE)
  async reschedule(
    @CurrentUser() user: AuthUser,
    @Param('id', new PositiveIntPipe(FIXTURE_NOT_FOUND)) id: number,
    @Body() dto: RescheduleFixtureDto,
  ): Promise<ApiEnvelope<AdminFixture>> {
    return { message: 'Fixture rescheduled.', data: await this.fixtures.reschedule(id, dto.match_time, operatorActor(user)) };
  }
}
