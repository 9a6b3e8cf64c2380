import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import type { AuthUser } from '../auth/jwt-payload';

/**
 * After JwtAuthGuard: only users with the admin role pass; everyone else gets 403. The role is
 * read at each admin call, never from a cache, so granting or withdrawing it counts at once.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    const rows: { role: string }[] = user ? await this.db.query(`SELECT role FROM users WHERE id = $1`, [user.id]) : [];
    if (rows[0]?.role !== 'admin') throw ApiError.forbidden('Admin role required.');
    return true;
  }
}
