import { Module } from '@nestjs/common';
import { ActivityFeedService } from './activity-feed.service';
import { ActivityWriterService } from './activity-writer.service';

/** League activity: written by the workers from events, read by the leagues API. */
@Module({ providers: [ActivityWriterService, ActivityFeedService], exports: [ActivityWriterService, ActivityFeedService] })
export class ActivityModule {}
