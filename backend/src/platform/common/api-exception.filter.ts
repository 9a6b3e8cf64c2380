import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { ApiErrorBody } from '@scoreline/contracts/api/common';
import { ApiError } from './api-error';
import { dependencyAway, isOutageError, OUTAGE_RETRY_AFTER_SECONDS } from './outage';
import { databaseConflictAnswer } from './database-conflict';

const MALFORMED_JSON = 'The request body is not valid JSON.';

const STATUS_MESSAGES: Partial<Record<number, string>> = {
  [HttpStatus.UNAUTHORIZED]: 'Authentication credentials were not provided or are invalid.',
  [HttpStatus.FORBIDDEN]: 'You do not have permission to do that.',
  [HttpStatus.NOT_FOUND]: 'Not found.',
  [HttpStatus.TOO_MANY_REQUESTS]: 'Too many requests. Please wait a moment and try again.',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'The request body is too large.',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'Scoreline is briefly unavailable. Please try again in a moment.',
};

/** Turn whatever was thrown into `{message, detail?, errors?}`; never leak a stack trace. */
export function toErrorBody(exception: unknown): { status: number; body: ApiErrorBody } {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null) {
      const r = response as Record<string, unknown>;
      const raw = Array.isArray(r.message) ? r.message.join('; ') : r.message;
      let message = typeof raw === 'string' && raw ? raw : STATUS_MESSAGES[status] ?? exception.message;
      // Nest's own texts ("Cannot GET /x", "ThrottlerException: ...") are not for people.
      if (status === HttpStatus.NOT_FOUND && message.startsWith('Cannot ')) message = `No such endpoint: ${message.slice(7)}`;
      if (status === HttpStatus.TOO_MANY_REQUESTS && message.startsWith('ThrottlerException')) message = STATUS_MESSAGES[status]!;
      const body: ApiErrorBody = { message };
      if (typeof r.detail === 'string') body.detail = r.detail;
      if (r.errors && typeof r.errors === 'object') body.errors = r.errors as Record<string, string[]>;
      if (typeof r.retry_after_seconds === 'number') body.retry_after_seconds = r.retry_after_seconds;
      return { status, body };
    }
    return { status, body: { message: typeof response === 'string' ? response : STATUS_MESSAGES[status] ?? 'Request failed.' } };
  }
  // Errors raised by body-parser (malformed JSON, too large) carry their own status.
  const e = exception as { status?: number; statusCode?: number; type?: string };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      e.type === 'entity.parse.failed'
        ? MALFORMED_JSON
        : e.type === 'entity.too.large'
          ? STATUS_MESSAGES[HttpStatus.PAYLOAD_TOO_LARGE]!
          : STATUS_MESSAGES[status] ?? 'The request could not be processed.';
    return { status, body: { message } };
  }
  const conflict = databaseConflictAnswer(exception);
  if (conflict) return conflict;
  // PostgreSQL or Redis unreachable: retryable, and never a reason to sign anyone out.
  if (isOutageError(exception)) {
    return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { message: STATUS_MESSAGES[HttpStatus.SERVICE_UNAVAILABLE]! } };
  }
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
}

/**
 * Express error middleware, registered right after the JSON body parser: answers the parser's
 * own failures (malformed JSON, body too large, bad charset) in the one error shape. Passed on,
 * they would reach Nest as a BadRequestException quoting V8's parser text.
 */
export function bodyParserErrorHandler(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const e = error as { type?: unknown; status?: unknown } | null;
  if (typeof e?.type !== 'string' || typeof e.status !== 'number' || e.status < 400 || e.status > 499) return next(error);
  const { status, body } = toErrorBody(error);
  res.status(status).json(body);
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const res = host.switchToHttp().getResponse<Response>();
    const { status, body } = toErrorBody(exception);
    const conflict = databaseConflictAnswer(exception);
    if (conflict) this.logger.warn(`A race reached the safety net: ${String(exception)}`);
    else if (status === HttpStatus.SERVICE_UNAVAILABLE) {
      // A 503 chosen as an answer (an ApiError: a limit refusing while Redis is away) is logged
      // where it was chosen, once per outage: a line per request would let a flood fill the log.
      // So is one during an outage that the process's outage log has already said (outage.ts).
      if (!(exception instanceof ApiError) && !dependencyAway()) this.logger.warn(`answered 503: ${exception instanceof Error ? exception.message : String(exception)}`);
    } else if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (res.headersSent) return;
    if (status === HttpStatus.SERVICE_UNAVAILABLE) res.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    res.status(status).json(body);
  }
}
