import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { NotificationsScheduler } from './notifications.scheduler';
import { NotificationsService } from './notifications.service';

/**
 * Notification emails (Settings → Notifications): the service the worker's processor of the
 * `notifications` queue calls, and the repeatable sweeps. Imported by the worker only.
 */
@Module({
  imports: [MailModule],
  providers: [NotificationsService, NotificationsScheduler],
  exports: [NotificationsService],
})
export class NotificationsModule {}
