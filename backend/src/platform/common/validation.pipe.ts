import { ArgumentMetadata, HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError } from './api-error';

/** Deeper than any request of ours; a deeper body would overflow the stack in class-transformer. */
const MAX_INPUT_DEPTH = 32;

/** A UTF-16 surrogate without its pair: JSON may carry one (`"\ud800"`), but it is no text, and encodeURI throws on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Characters no field takes: NUL (Postgres text cannot store it) and lone surrogates. */
function hasForbiddenCharacter(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * The first problem in raw input that would otherwise fail deep inside the stack with a 500:
 * nesting deeper than MAX_INPUT_DEPTH, a NUL character (Postgres text cannot store U+0000), or a
 * lone surrogate (class-validator's length checks call encodeURI, which throws a URIError on one).
 * Iterative, so a hostile body cannot overflow the stack here either.
 */
export function rawInputProblem(input: unknown): { field: string; message: string } | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasForbiddenCharacter(value)) return { field: path || 'body', message: `${path || 'The request'} contains a character that is not allowed.` };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: path.split('.')[0] || 'body', message: 'The request is nested too deeply.' };
    for (const [key, child] of Object.entries(value)) {
      if (hasForbiddenCharacter(key)) return { field: 'body', message: 'The request contains a character that is not allowed.' };
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

/** The global ValidationPipe, guarded against input it would choke on. */
class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      // A DTO body must be one object; a JSON array would be validated index by index.
      if (metadata.type === 'body' && Array.isArray(value) && this.toValidate(metadata)) {
        throw ApiError.badRequest('The request body must be a JSON object.');
      }
      const problem = rawInputProblem(value);
      if (problem) throw ApiError.field(problem.field, problem.message);
    }
    return super.transform(value, metadata);
  }
}

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
  return new ApiValidationPipe({
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
