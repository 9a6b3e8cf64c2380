import { HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError } from './api-error';

/** Flatten class-validator's nested errors into `{ "field.path": ["message", ...] }`. */
export function fieldErrors(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      out[path] = Object.entries(error.constraints).map(([rule, text]) =>
        rule === 'whitelistValidation' ? `${path} is not an allowed field.` : text,
      );
    }
    Object.assign(out, fieldErrors(error.children ?? [], path));
  }
  return out;
}

/**
 * Whitelist, refuse unknown fields, transform to DTO classes; failures answer 400 in the one
 * error shape with the first problem as the message and every field's problems under errors.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const byField = fieldErrors(errors);
      const first = Object.values(byField)[0]?.[0] ?? 'The request is not valid.';
      return new ApiError(HttpStatus.BAD_REQUEST, first, { errors: byField });
    },
  });
}
