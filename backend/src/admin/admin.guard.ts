import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { AuthUser } from '../auth/jwt-payload';

/** After JwtAuthGuard: only users with the admin role pass; everyone else gets 403. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user?.role !== 'admin') throw ApiError.forbidden('Admin role required.');
    return true;
  }
}
