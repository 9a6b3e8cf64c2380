import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CalendarFeedSettings } from '@scoreline/contracts/api/calendar';
import { ApiError } from '../platform/common/api-error';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { CalendarScheduleService } from '../fixtures/calendar-schedule.service';
import { buildCalendarFeed, renderCalendar } from './calendar-feed';
import { ensureCalendarFeed, rotateCalendarToken, selectCalendarFeedByToken, updateIncludeClubKickoffs, type CalendarFeedRow } from './calendar.queries';
import { feedUrls, newCalendarToken, tokenOfFeedFile, tokenOfFeedUrl } from './calendar-token';

/** Same answer for a malformed, rotated or never-issued token: the URL simply no longer exists. */
const NO_SUCH_FEED = 'No calendar feed at this address. Copy the current link from Settings.';

/** The personal calendar feed (issue 13 §4): its secret URL, its setting, and the .ics file. */
@Injectable()
export class CalendarService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_ENV) private readonly env: AppEnv,
    private readonly schedule: CalendarScheduleService,
  ) {}

  async settings(userId: number): Promise<CalendarFeedSettings> {
    return this.toSettings(await ensureCalendarFeed(this.db, userId, newCalendarToken()));
  }

  async update(userId: number, includeClubKickoffs: boolean): Promise<CalendarFeedSettings> {
    await ensureCalendarFeed(this.db, userId, newCalendarToken());
    await updateIncludeClubKickoffs(this.db, userId, includeClubKickoffs);
    return this.settings(userId);
  }

  /** A new URL; the old one answers 404 from now on. `replaces` collapses a double click into one rotation. */
  async rotate(userId: number, replaces?: string): Promise<CalendarFeedSettings> {
    const replacedToken = replaces === undefined ? null : tokenOfFeedUrl(replaces);
    if (replaces !== undefined && replacedToken === null) throw ApiError.field('replaces', 'replaces must be the feed URL shown in Settings.');
    await ensureCalendarFeed(this.db, userId, newCalendarToken());
    await rotateCalendarToken(this.db, userId, newCalendarToken(), replacedToken);
    return this.settings(userId);
  }

  /** The .ics body for `{token}.ics`, or 404. */
  async feed(file: string): Promise<string> {
    const token = tokenOfFeedFile(file);
    const feed = token ? await selectCalendarFeedByToken(this.db, token) : null;
    if (!feed) throw ApiError.notFound(NO_SUCH_FEED);
    const [deadlines, kickoffs] = await Promise.all([
      this.schedule.deadlines(feed.user_id),
      feed.include_club_kickoffs ? this.schedule.clubKickoffs(feed.user_id) : Promise.resolve([]),
    ]);
    const calendar = buildCalendarFeed(
      this.env.appUrl,
      deadlines.map((d) => ({
        competition: { code: d.competition_code, name: d.competition_name },
        gameweekId: d.gameweek_id,
        number: d.number,
        deadline: new Date(d.deadline),
        version: d.deadline_version,
        changedAt: new Date(d.deadline_changed_at),
      })),
      kickoffs.map((k) => ({
        competition: { code: k.competition_code, name: k.competition_name },
        fixtureId: k.fixture_id,
        gameweekNumber: k.gameweek_number,
        home: k.home,
        away: k.away,
        kickoffAt: new Date(k.kickoff_at),
        confirmed: k.kickoff_confirmed,
        postponed: k.status === 'postponed',
        version: k.schedule_version,
        changedAt: new Date(k.schedule_changed_at),
      })),
    );
    return renderCalendar(calendar);
  }

  private toSettings(row: CalendarFeedRow): CalendarFeedSettings {
    return { ...feedUrls(this.env.appUrl, row.token), include_club_kickoffs: row.include_club_kickoffs };
  }
}
