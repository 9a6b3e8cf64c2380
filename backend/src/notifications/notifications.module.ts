import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { PushModule } from '../push/push.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { EmailChannel } from './email.channel';
import { NotificationsScheduler } from './notifications.scheduler';
import { NotificationsService } from './notifications.service';

/**
 * Notifications (Settings → Notifications): the one pipeline the worker's processor of the
 * `notifications` queue calls, its channels (the email here, the web push from PushModule), and
 * the repeatable sweeps. Imported by the worker only. The weekly digest reads the active seasons
 * through SeasonsService.
 */
@Module({
  imports: [MailModule, PushModule, SeasonsModule],
  providers: [NotificationsService, EmailChannel, NotificationsScheduler],
  exports: [NotificationsService],
})
export class NotificationsModule {}
