import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiError } from '../common/api-error';

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(error: unknown, user: T): T {
    if (error instanceof ApiError) throw error;
    if (error || !user) throw ApiError.unauthorized();
    return user;
  }
}
