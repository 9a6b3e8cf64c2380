import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiError } from '../common/api-error';
import { isOutageError } from '../common/outage';

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(error: unknown, user: T): T {
    if (error instanceof ApiError) throw error;
    // The token could not be checked (database or Redis away): 503, so the client keeps it.
    if (isOutageError(error)) throw error;
    if (error || !user) throw ApiError.unauthorized();
    return user;
  }
}
