import { Body, Controller, Get, HttpCode, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { CalendarFeedSettings } from '@scoreline/contracts/api/calendar';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAnswer, ApiAuth, ApiData, ApiErrors, ApiPublic } from '../platform/common/api-docs.decorators';
import { CalendarService } from './calendar.service';
import { RotateCalendarFeedDto, UpdateCalendarFeedDto } from './dto/calendar.dto';

/** Settings → "Add to calendar": the caller's feed URL and its one setting. */
@ApiTags('calendar')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('calendar/feed')
export class CalendarSettingsController {
  constructor(private readonly calendar: CalendarService) {}

  @Get()
  @ApiOperation({ summary: "The caller's secret calendar feed URL (https and webcal), made on first use" })
  @ApiData('CalendarFeedSettings')
  async settings(@CurrentUser() user: AuthUser): Promise<ApiEnvelope<CalendarFeedSettings>> {
    return { data: await this.calendar.settings(user.id) };
  }

  @Put()
  @ApiOperation({ summary: "Whether the feed carries the kick-offs of the caller's club" })
  @ApiData('CalendarFeedSettings')
  async update(@CurrentUser() user: AuthUser, @Body() dto: UpdateCalendarFeedDto): Promise<ApiEnvelope<CalendarFeedSettings>> {
    return { data: await this.calendar.update(user.id, dto.include_club_kickoffs) };
  }

  @Post('rotate/')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new feed URL; the old one answers 404 from now on', description: 'Optional `{replaces}`: the URL shown; already replaced → the current one, no second rotation.' })
  @ApiData('CalendarFeedSettings')
  @ApiErrors([400, 'replaces is not the feed URL shown in Settings'])
  async rotate(@CurrentUser() user: AuthUser, @Body() dto: RotateCalendarFeedDto): Promise<ApiEnvelope<CalendarFeedSettings>> {
    return { message: 'Your calendar link was replaced. Calendars subscribed to the old link stop updating.', data: await this.calendar.rotate(user.id, dto.replaces) };
  }
}

/** The feed itself: calendar apps fetch it without a bearer token; the URL's token is the key. */
@ApiTags('calendar')
@ApiPublic()
@Controller('calendar')
export class CalendarFeedController {
  constructor(private readonly calendar: CalendarService) {}

  @Get(':file')
  @ApiProduces('text/calendar')
  @ApiOperation({ summary: 'The iCalendar feed at /api/calendar/{token}.ics: gameweek deadlines (alarm an hour before), optionally the club\'s kick-offs' })
  @ApiAnswer({ type: 'string', description: 'An iCalendar (RFC 5545) file' }, { mediaType: 'text/calendar' })
  @ApiErrors([404, 'No feed has that token (a replaced link included)'])
  async feed(@Param('file') file: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const body = await this.calendar.feed(file);
    // Set only on success: a 404 stays JSON in the error shape.
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Content-Disposition', 'inline; filename="scoreline.ics"');
    return body;
  }
}
