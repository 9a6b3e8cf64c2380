import { Module } from '@nestjs/common';
import { FixturesModule } from '../fixtures/fixtures.module';
import { CalendarFeedController, CalendarSettingsController } from './calendar.controller';
import { CalendarService } from './calendar.service';

/** The personal iCalendar feed (issue 13 §4). */
@Module({
  imports: [FixturesModule],
  controllers: [CalendarSettingsController, CalendarFeedController],
  providers: [CalendarService],
})
export class CalendarModule {}
