import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { AuthUser } from '../auth/jwt-payload';
import { UsersService } from '../users/users.service';

/**
 * After JwtAuthGuard: only users with the admin role pass; everyone else gets 403. The role is
 * read at each admin call, never from a cache, so granting or withdrawing it counts at once.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly users: UsersService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user || !(await this.users.isAdmin(user.id))) throw ApiError.forbidden('Admin role required.');
    return true;
  }
}
