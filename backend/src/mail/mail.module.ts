import { Module } from '@nestjs/common';
import { DeliveryCountsModule } from '../delivery-counts/delivery-counts.module';
import { MailService } from './mail.service';
import { SendAccountExistsEmailService } from './send-account-exists-email.service';
import { SendOtpEmailService } from './send-otp-email.service';
import { SentEmailsService } from './sent-emails.service';

@Module({
  imports: [DeliveryCountsModule],
  providers: [MailService, SentEmailsService, SendOtpEmailService, SendAccountExistsEmailService],
  exports: [MailService, SendOtpEmailService, SendAccountExistsEmailService],
})
export class MailModule {}
