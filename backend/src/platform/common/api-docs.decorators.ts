import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, DECORATORS, type ReferenceObject, type SchemaObject } from '@nestjs/swagger';
import type CONTRACT_SCHEMAS from './api-docs.contract-schemas.json';

/**
 * How a route documents itself in the OpenAPI document (docs/api.md, "The OpenAPI document").
 * Answers are named by their contract type (contracts/src/api); the schemas of those types are
 * generated from the contracts into api-docs.contract-schemas.json and added by api-docs.document.ts.
 *
 *   @ApiAuth()                   bearer token, 401 without a valid one (controller or route)
 *   @ApiAdmin()                  @ApiAuth(), and 404 to anyone who is not an admin
 *   @ApiPublic()                 no token (a controller; its routes that need one add @ApiAuth())
 *   @ApiData('League')           200 `{data: League, message?}`; 'League[]' for a list; { status: 201 }
 *   @ApiAnswer('LoginResponse')  200 with that body as it is; @ApiMessage() for `{message}`;
 *                                { mediaType: 'text/calendar' } for a body that is no JSON
 *   @ApiErrors(404, [409, 'Already a member'])   the route's own 4xx answers, in the error shape
 *
 * What every route may answer is added to the document in one place instead: 400 where it takes a
 * body, a query or a path parameter (the global ValidationPipe), 429 on every write (the global
 * WriteRateLimitGuard). See api-docs.document.ts. A route's own answer of a status replaces the
 * controller's (an admin route's own 404 says "and to anyone who is not an admin" itself).
 */

/** A contract type's name, as generated into api-docs.contract-schemas.json. */
export type ContractType = keyof typeof CONTRACT_SCHEMAS;

/** An answer: a contract type, a list of one ('League[]'), or a schema written out (not a contract). */
export type AnswerType = ContractType | `${ContractType}[]` | SchemaObject;

/** A schema, or a reference to one (what ApiResponse takes). */
type Schema = SchemaObject & Partial<ReferenceObject>;

export const contractRef = (name: ContractType): Schema => ({ $ref: `#/components/schemas/${name}` });

function schemaOf(answer: AnswerType): Schema {
  if (typeof answer !== 'string') return answer;
  if (answer.endsWith('[]')) return { type: 'array', items: contractRef(answer.slice(0, -2) as ContractType) };
  return contractRef(answer as ContractType);
}

interface AnswerOptions {
  /** The status of a success: 200 unless the route says otherwise (@HttpCode, POST's 201). */
  status?: 200 | 201;
  description?: string;
  /** What the body is, when it is not JSON ('text/calendar'). */
  mediaType?: string;
}

const SUCCESS = { 200: 'OK', 201: 'Created' } as const;

/**
 * One answer, its media type given here: an @ApiProduces on the route (say text/calendar for its
 * success) must not turn the JSON error answers into something else.
 */
function answer(status: number, description: string, schema: Schema, mediaType = 'application/json'): MethodDecorator & ClassDecorator {
  return ApiResponse({ status, description, content: { [mediaType]: { schema } } });
}

/** The whole body of a success is `body`. */
export function ApiAnswer(body: AnswerType, { status = 200, description = SUCCESS[status], mediaType }: AnswerOptions = {}): MethodDecorator {
  return answer(status, description, schemaOf(body), mediaType);
}

/** A success that answers `{data, message?}` (contracts' ApiEnvelope) with `data` of the given type. */
export function ApiData(data: AnswerType, { status = 200, description = SUCCESS[status] }: AnswerOptions = {}): MethodDecorator {
  return answer(status, description, { type: 'object', required: ['data'], properties: { message: { type: 'string' }, data: schemaOf(data) } });
}

/** A success that answers `{message}` only. */
export function ApiMessage(options: AnswerOptions = {}): MethodDecorator {
  return ApiAnswer('MessageResponse', options);
}

/** What each failure means unless the route says more. */
const ERRORS = {
  400: 'Invalid input: `errors` names each field that is wrong',
  401: 'No valid bearer token (an expired one answers detail "token_expired")',
  403: 'Not allowed to do that',
  404: 'Not found',
  409: 'Refused in the current state',
  410: 'Gone for good',
  429: 'Too many requests: `retry_after_seconds` says when to try again',
} as const;

export type ErrorStatus = keyof typeof ERRORS;

/** The route's own failures, each in the one error shape (contracts' ApiErrorBody); `[status, why]` to say why. */
export function ApiErrors(...failures: (ErrorStatus | [ErrorStatus, string])[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...failures.map((failure) => {
      const [status, description] = typeof failure === 'number' ? [failure, ERRORS[failure]] : failure;
      return answer(status, description, contractRef('ApiErrorBody'));
    }),
  );
}

/** Needs a bearer token (JwtAuthGuard): 401 without a valid one. */
export function ApiAuth(): MethodDecorator & ClassDecorator {
  return applyDecorators(ApiBearerAuth(), ApiErrors(401));
}

/** Admins only (JwtAuthGuard + AdminGuard): anyone else gets 404, as if the call did not exist. */
export function ApiAdmin(): MethodDecorator & ClassDecorator {
  return applyDecorators(ApiAuth(), ApiErrors([404, 'Not found; every admin call answers 404 to anyone who is not an admin']));
}

/**
 * No token needed: the controller's routes declare `security: []`. A route of it that needs a
 * token adds @ApiAuth(), whose requirement replaces the empty one. (Nest drops an empty list on a
 * single route, so this is for controllers only.)
 */
export function ApiPublic(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(DECORATORS.API_SECURITY, [], target);
  };
}
