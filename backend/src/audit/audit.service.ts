import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditEntry } from '@scoreline/contracts/api/console';
import { actorUserId, actorVia } from './actor';
import { AUDIT_PAGE_DEFAULT, toAuditEntry, type AuditRecord } from './audit-entry';
import { insertAuditRow, selectAuditRows } from './audit.queries';

/**
 * The operator audit: every operator action (and every change the results feed makes) is
 * recorded by the domain that makes it, inside the action's own transaction, so an action and
 * its audit row commit together or not at all.
 */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async record(tx: EntityManager, entry: AuditRecord): Promise<void> {
    const { via, detail } = actorVia(entry.actor);
    await insertAuditRow(tx, { actorUserId: actorUserId(entry.actor), via, viaDetail: detail, action: entry.action, target: entry.target, before: entry.before, after: entry.after });
  }

  /** Newest first; `before` (an entry's id) pages back. */
  async list(before: number | null = null, limit = AUDIT_PAGE_DEFAULT): Promise<AuditEntry[]> {
    return (await selectAuditRows(this.db, before, limit)).map(toAuditEntry);
  }
}
