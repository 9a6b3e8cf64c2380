import { Module } from '@nestjs/common';
import { MailService } from './mail.service';
import { SendOtpEmailService } from './send-otp-email.service';

@Module({ providers: [MailService, SendOtpEmailService], exports: [MailService, SendOtpEmailService] })
export class MailModule {}
