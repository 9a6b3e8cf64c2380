import { HttpStatus, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { TOKEN_EXPIRED } from '@scoreline/contracts/api/auth';
import { ApiError } from '../common/api-error';
import { isOutageError } from '../common/outage';

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(error: unknown, user: T, info?: unknown): T {
    if (error instanceof ApiError) throw error;
    // The token could not be checked (database or Redis away): 503, so the client keeps it.
    if (isOutageError(error)) throw error;
    // Said apart so the client renews the token and retries instead of signing out.
    if ((info as { name?: string } | undefined)?.name === 'TokenExpiredError') {
      throw new ApiError(HttpStatus.UNAUTHORIZED, 'Your session token has expired.', { detail: TOKEN_EXPIRED });
    }
    if (error || !user) throw ApiError.unauthorized();
    return user;
  }
}
