import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { deleteSentEmailsTo } from './mail.queries';

/** What the mail domain keeps about a recipient (sent_emails), for the account's deletion. */
@Injectable()
export class MailRecordsService {
  /** The records of emails sent to the address: they name it. */
  forgetRecipient(tx: EntityManager, email: string): Promise<void> {
    return deleteSentEmailsTo(tx, email);
  }
}
