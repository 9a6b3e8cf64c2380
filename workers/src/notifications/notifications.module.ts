import { Module } from '@nestjs/common';
import { MailModule } from '../../../backend/src/mail/mail.module';
import { NotificationsProcessor } from './notifications.processor';
import { NotificationsScheduler } from './notifications.scheduler';
import { NotificationsService } from './notifications.service';

/** Notification emails (Settings → Notifications): the processor of the `notifications` queue and its schedules. */
@Module({
  imports: [MailModule],
  providers: [NotificationsService, NotificationsProcessor, NotificationsScheduler],
  exports: [NotificationsService],
})
export class NotificationsModule {}
