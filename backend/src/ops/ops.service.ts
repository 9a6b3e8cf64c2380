import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { ApiError } from '../platform/common/api-error';
import { seedDemoSeasonAndWorld, type DemoSeedResult } from '../demo/demo-seed';
import { UsersService } from '../users/users.service';

/** Operations that have no HTTP endpoint. */
@Injectable()
export class OpsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly users: UsersService,
  ) {}

  /** Makes a user an admin, audited (`user.grant-admin`, the role before and after) in the same transaction. */
  async grantAdmin(email: string, actor: Actor): Promise<{ id: number; username: string; email: string }> {
    return this.db.transaction(async (tx) => {
      const user = await this.users.grantAdminByEmail(tx, email);
      if (!user) throw ApiError.notFound(`No user with the email ${email}.`);
      await this.audit.record(tx, {
        actor,
        action: 'user.grant-admin',
        target: `User ${user.id} (${user.username})`,
        before: { role: user.previous_role },
        after: { role: 'admin' },
      });
      return { id: user.id, username: user.username, email: user.email };
    });
  }

  /** The demo season and its world, as a first start makes them; nothing when demo fans exist. */
  seedDemo(): Promise<DemoSeedResult> {
    return seedDemoSeasonAndWorld(this.db);
  }
}
