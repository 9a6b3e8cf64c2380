import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ImportSeasonResult } from '../../../contracts/src/api/admin';
import { ApiError } from '../common/api-error';
import { seedDemoSeason } from '../seasons/demo-seed';

/** Operations that have no HTTP endpoint. */
@Injectable()
export class OpsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async grantAdmin(email: string): Promise<{ id: number; username: string; email: string }> {
    const rows: { id: number; username: string; email: string }[] = await this.db.query(
      // As a CTE: TypeORM answers a bare UPDATE with [rows, count] instead of the rows.
      `WITH granted AS (UPDATE users SET role = 'admin', updated_at = now() WHERE email = lower($1) RETURNING id, username, email)
       SELECT id, username, email FROM granted`,
      [email],
    );
    if (rows.length === 0) throw ApiError.notFound(`No user with the email ${email}.`);
    return rows[0];
  }

  seedDemo(): Promise<ImportSeasonResult> {
    return seedDemoSeason(this.db);
  }
}
