import { Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { ADDED_CHANNELS, type NotificationChannel } from './channel';
import { EmailChannel } from './email.channel';
import { NotificationsScheduler } from './notifications.scheduler';
import { NotificationsService } from './notifications.service';

/** The channels a composing module adds to the pipeline, and the modules that provide them. */
export interface AddedChannels {
  imports: NonNullable<ModuleMetadata['imports']>;
  channels: Type<NotificationChannel>[];
}

/**
 * Notifications (Settings → Notifications): the one pipeline the worker's processor of the
 * `notifications` queue calls, its own email channel, and the repeatable sweeps. The other channels
 * (the web push) live in their own domains, which import this one's channel contract; the worker
 * module hands them in with withChannels, so this folder imports none of them. Imported by the
 * worker only. The weekly digest reads the active seasons through SeasonsService.
 */
@Module({})
export class NotificationsModule {
  static withChannels({ imports, channels }: AddedChannels): DynamicModule {
    return {
      module: NotificationsModule,
      imports: [MailModule, SeasonsModule, ...imports],
      providers: [
        NotificationsService,
        EmailChannel,
        NotificationsScheduler,
        { provide: ADDED_CHANNELS, useFactory: (...added: NotificationChannel[]) => added, inject: channels },
      ],
      exports: [NotificationsService],
    };
  }
}
