import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../platform/common/api-error';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { UsersService } from './users.service';

/**
 * After JwtAuthGuard (which answers 401 without a valid token): only users with the admin role
 * pass. Anyone else gets 404 "Not found.", as if the call did not exist: the admin and console
 * calls are not advertised to fans. The role is read at each admin call, never from a cache, so
 * granting or withdrawing it counts at once.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  private readonly logger = new Logger(AdminGuard.name);

  constructor(private readonly users: UsersService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const request = ctx.switchToHttp().getRequest<{ user?: AuthUser; method?: string; url?: string }>();
    const user = request.user;
    if (!user || !(await this.users.isAdmin(user.id))) {
      this.logger.warn(`admin call by a non-admin answered 404: user ${user?.id ?? 'none'} ${request.method ?? ''} ${request.url ?? ''}`.trim());
      throw ApiError.notFound();
    }
    return true;
  }
}
