import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import CONTRACT_SCHEMAS from './api-docs.contract-schemas.json';
import { contractRef } from './api-docs.decorators';

type Operation = OpenAPIObject['paths'][string]['get'] & object;
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The OpenAPI document of /api (docs/api.md, "The OpenAPI document"), served at /api/docs when
 * API_DOCS is on and linted with Redocly's recommended rules by backend/test/api/openapi-lint.int-spec.ts.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const env = app.get<AppEnv>(APP_ENV);
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Scoreline API')
      .setDescription('The /api contract of the Scoreline web client. Errors answer {message, detail?, errors?}.')
      .setVersion('1')
      .setLicense('Proprietary: the Scoreline terms of use', new URL('/terms', env.appUrl).toString())
      // The paths carry their /api prefix: the server is wherever the document was read from.
      .addServer('/', 'This Scoreline server')
      .addBearerAuth()
      .build(),
  );
  documentGlobalAnswers(document);
  addContractSchemas(document);
  return document;
}

/**
 * What every route may answer whatever it is, said once here rather than on each route: the global
 * ValidationPipe answers 400 to a bad body, query or path parameter (a NUL, say, in any of them),
 * and the global WriteRateLimitGuard answers 429 to too many writes.
 */
function documentGlobalAnswers(document: OpenAPIObject): void {
  const error = (description: string) => ({ description, content: { 'application/json': { schema: contractRef('ApiErrorBody') } } });
  for (const path of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(path) as [string, Operation][]) {
      if (!operation?.responses) continue;
      const takesInput = !!operation.requestBody || (operation.parameters ?? []).some((p) => 'in' in p && (p.in === 'query' || p.in === 'path'));
      if (takesInput) operation.responses['400'] ??= error('Invalid input: `errors` names each field that is wrong');
      if (WRITES.has(method)) operation.responses['429'] ??= error('Too many writes: `retry_after_seconds` says when to try again');
    }
  }
}

/** The contract types the document refers to (and those they refer to), from api-docs.contract-schemas.json. */
function addContractSchemas(document: OpenAPIObject): void {
  const contracts = CONTRACT_SCHEMAS as Record<string, object>;
  const schemas = ((document.components ??= {}).schemas ??= {});
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = value.replace('#/components/schemas/', '');
        if (seen.has(name) || !(name in contracts)) continue;
        seen.add(name);
        if (schemas[name]) throw new Error(`A DTO and a contract type are both named ${name}: rename the DTO.`);
        schemas[name] = structuredClone(contracts[name]);
        visit(contracts[name]);
      } else visit(value);
    }
  };
  visit(document.paths);
}
