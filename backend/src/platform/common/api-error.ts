import { HttpException, HttpStatus } from '@nestjs/common';
import type { ApiErrorBody } from '@scoreline/contracts/api/common';

/** An HTTP failure whose body is already in the one error shape. */
export class ApiError extends HttpException {
  constructor(status: HttpStatus, message: string, extra: Omit<ApiErrorBody, 'message'> = {}) {
    super({ message, ...extra } satisfies ApiErrorBody, status);
  }

  static badRequest(message: string, errors?: Record<string, string[]>): ApiError {
    return new ApiError(HttpStatus.BAD_REQUEST, message, errors ? { errors } : {});
  }

  /** A validation failure on one field: the message doubles as that field's error. */
  static field(field: string, message: string, status: HttpStatus = HttpStatus.BAD_REQUEST): ApiError {
    return new ApiError(status, message, { errors: { [field]: [message] } });
  }

  static notFound(message = 'Not found.'): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, message);
  }

  static forbidden(message = 'You do not have permission to do that.'): ApiError {
    return new ApiError(HttpStatus.FORBIDDEN, message);
  }

  static conflict(message: string, errors?: Record<string, string[]>): ApiError {
    return new ApiError(HttpStatus.CONFLICT, message, errors ? { errors } : {});
  }

  static unauthorized(message = 'Authentication credentials were not provided or are invalid.'): ApiError {
    return new ApiError(HttpStatus.UNAUTHORIZED, message);
  }
}
