import { Module } from '@nestjs/common';
import { MailRecordsService } from './mail-records.service';

/** The mail records an account's deletion removes, apart from MailModule so that the API needs no mail transport. */
@Module({
  providers: [MailRecordsService],
  exports: [MailRecordsService],
})
export class MailRecordsModule {}
