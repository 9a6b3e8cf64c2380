import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { seedDemoSeasonAndWorld, type DemoSeedResult } from '../seasons/demo-seed';
import { grantAdminByEmail } from '../users/users.queries';

/** Operations that have no HTTP endpoint. */
@Injectable()
export class OpsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async grantAdmin(email: string): Promise<{ id: number; username: string; email: string }> {
    const user = await grantAdminByEmail(this.db, email);
    if (!user) throw ApiError.notFound(`No user with the email ${email}.`);
    return user;
  }

  /** The demo season and its world, as a first start makes them; nothing when demo fans exist. */
  seedDemo(): Promise<DemoSeedResult> {
    return seedDemoSeasonAndWorld(this.db);
  }
}
