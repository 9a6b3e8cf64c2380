/**
 * The OpenAPI document of /api (issue 36 §2, docs/api.md "The OpenAPI document"): the contract
 * schemas it is built from are up to date; it passes Redocly's recommended rules with no error and
 * no warning; and it holds every route Nest serves under /api with a summary, the success status
 * the route really answers (with a schema), a 4xx answer, and the security and answers its guards
 * enforce. A route added without its decorators fails here.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { type INestApplication, RequestMethod, type Type } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import ts from 'typescript';
import { AdminGuard } from '@scoreline/backend/users/admin.guard';
import { createApiApp } from '@scoreline/backend/app.factory';
import { JwtAuthGuard } from '@scoreline/backend/platform/request-auth/jwt-auth.guard';
import { RateLimitGuard } from '@scoreline/backend/platform/request-auth/rate-limit.guard';
import { UserAndAddressRateLimitGuard } from '@scoreline/backend/platform/request-auth/user-and-address-rate-limit.guard';
import { buildOpenApiDocument } from '@scoreline/backend/platform/common/api-docs.document';

const REPO = resolve(__dirname, '../../..');
const CONTRACTS_API = join(REPO, 'contracts/src/api');
const CONTRACT_SCHEMAS_FILE = join(REPO, 'backend/src/platform/common/api-docs.contract-schemas.json');

// ---------------------------------------------------------------------------------------------
// The contracts' types as OpenAPI 3.0 schemas. contracts/src/api holds TypeScript interfaces only
// (nothing at run time), so their schemas are generated here with the compiler and committed as
// backend/src/platform/common/api-docs.contract-schemas.json, which the document reads. A contract changed
// without regenerating fails the first test below; regenerate with
//   UPDATE_API_SCHEMAS=1 npx jest backend/test/api/openapi-lint.int-spec.ts --selectProjects integration
// ---------------------------------------------------------------------------------------------

type Schema = Record<string, unknown>;

/** Every exported, non-generic interface and type alias of contracts/src/api, and what they use, by name. */
function contractSchemas(): Record<string, Schema> {
  const files = readdirSync(CONTRACTS_API)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
    .map((f) => join(CONTRACTS_API, f));
  const program = ts.createProgram(files, { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS });
  const checker = program.getTypeChecker();
  const contractsSrc = join(REPO, 'contracts/src') + sep;

  const named = new Map<string, ts.Symbol>();
  const schemas: Record<string, Schema> = {};
  const pending: string[] = [];

  const inContracts = (symbol: ts.Symbol | undefined): boolean =>
    !!symbol?.declarations?.length && symbol.declarations.every((d) => d.getSourceFile().fileName.startsWith(contractsSrc));
  const isGeneric = (symbol: ts.Symbol): boolean =>
    !!symbol.declarations?.some((d) => (ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d)) && (d.typeParameters?.length ?? 0) > 0);
  const where = (symbol: ts.Symbol): string => relative(REPO, symbol.declarations![0].getSourceFile().fileName);

  /** The name a type is referenced by, when it is a named (non-generic) type of the contracts. */
  function nameOf(type: ts.Type): string | null {
    const candidates = [type.aliasSymbol && !type.aliasTypeArguments?.length ? type.aliasSymbol : undefined];
    if (type.flags & ts.TypeFlags.Object && type.symbol?.flags & ts.SymbolFlags.Interface) {
      const args = (type as ts.TypeReference).typeArguments ?? [];
      if (args.length === 0) candidates.push(type.symbol);
    }
    for (const symbol of candidates) {
      if (!symbol || !inContracts(symbol) || isGeneric(symbol)) continue;
      return register(symbol);
    }
    return null;
  }

  function register(symbol: ts.Symbol): string {
    const name = symbol.name;
    const known = named.get(name);
    if (known && known !== symbol) throw new Error(`Two contract types are named ${name} (${where(known)}, ${where(symbol)}): rename one.`);
    if (!known) {
      named.set(name, symbol);
      pending.push(name);
    }
    return name;
  }

  const docOf = (symbol: ts.Symbol): string => ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

  /** `schema` with a description; a reference gets it beside an allOf (a $ref takes no siblings). */
  function described(schema: Schema, description: string): Schema {
    if (!description) return schema;
    return schema.$ref ? { allOf: [schema], description } : { ...schema, description };
  }

  function literalSchema(types: ts.Type[]): Schema | null {
    const values = types.map((t) => (t.isLiteral() ? t.value : t.flags & ts.TypeFlags.BooleanLiteral ? (t as { intrinsicName?: string }).intrinsicName === 'true' : undefined));
    if (values.some((v) => v === undefined || typeof v === 'object')) return null;
    const kinds = new Set(values.map((v) => typeof v));
    if (kinds.size !== 1) return null;
    const [kind] = kinds;
    return { type: kind, enum: values };
  }

  function convert(type: ts.Type, top = false): Schema {
    if (!top) {
      const name = nameOf(type);
      if (name) return ref(name);
    }
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (f & ts.TypeFlags.String) return { type: 'string' };
    if (f & ts.TypeFlags.Number) return { type: 'number' };
    if (f & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (f & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BooleanLiteral)) return literalSchema([type])!;
    if (type.isUnion()) return unionSchema(type.types);
    if (type.isIntersection()) return { allOf: type.types.map((t) => convert(t)) };
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type as ts.TypeReference).map((t) => convert(t));
      const distinct = items.filter((s, i) => items.findIndex((o) => JSON.stringify(o) === JSON.stringify(s)) === i);
      return { type: 'array', items: distinct.length === 1 ? distinct[0] : { anyOf: distinct }, minItems: items.length, maxItems: items.length };
    }
    if (checker.isArrayType(type)) return { type: 'array', items: convert(checker.getTypeArguments(type as ts.TypeReference)[0]) };
    if (f & ts.TypeFlags.Object) return objectSchema(type);
    throw new Error(`No schema for the type ${checker.typeToString(type)}`);
  }

  function objectSchema(type: ts.Type): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      const propertyType = declaration ? checker.getTypeOfSymbolAtLocation(property, declaration) : checker.getTypeOfSymbol(property);
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      // An optional property's type includes undefined, which unionSchema leaves out.
      properties[property.name] = described(convert(propertyType), docOf(property));
      if (!optional) required.push(property.name);
    }
    const schema: Schema = { type: 'object', properties };
    if (required.length > 0) schema.required = required;
    const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.String);
    if (index) schema.additionalProperties = convert(index.type);
    return schema;
  }

  function unionSchema(members: ts.Type[]): Schema {
    const nullable = members.some((t) => t.flags & ts.TypeFlags.Null);
    let rest = members.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    // boolean is the union true | false.
    const booleans = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const schemas: Schema[] = [];
    if (booleans.length === 2) {
      rest = rest.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral));
      schemas.push({ type: 'boolean' });
    }
    const strings = rest.filter((t) => t.flags & ts.TypeFlags.StringLiteral);
    const numbers = rest.filter((t) => t.flags & ts.TypeFlags.NumberLiteral);
    if (strings.length > 0) schemas.push(literalSchema(strings)!);
    if (numbers.length > 0) schemas.push(literalSchema(numbers)!);
    for (const t of rest) if (!(t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral))) schemas.push(convert(t));
    const schema = schemas.length === 1 ? schemas[0] : { anyOf: schemas };
    return nullable ? nullableOf(schema) : schema;
  }

  /** OpenAPI 3.0 has no null type: `nullable` goes beside a `type` (on a reference: beside an allOf). */
  function nullableOf(schema: Schema): Schema {
    if (schema.type) return { ...schema, nullable: true };
    if (schema.$ref) {
      const type = typeOf(schema);
      if (type) return { type, nullable: true, allOf: [schema] };
    }
    if (Array.isArray(schema.allOf)) {
      const types = new Set((schema.allOf as Schema[]).map(typeOf));
      if (types.size === 1 && !types.has(undefined)) return { type: [...types][0], nullable: true, ...schema };
    }
    if (Array.isArray(schema.anyOf)) {
      const [first, ...others] = schema.anyOf as Schema[];
      return { ...schema, anyOf: [nullableOf(first), ...others] };
    }
    throw new Error(`Cannot make ${JSON.stringify(schema)} nullable in OpenAPI 3.0`);
  }

  /** The `type` of a schema, through its reference. */
  function typeOf(schema: Schema): string | undefined {
    if (!schema.$ref) return schema.type as string | undefined;
    const name = (schema.$ref as string).split('/').pop()!;
    build(name);
    return schemas[name].type as string | undefined;
  }

  function build(name: string): void {
    if (schemas[name]) return;
    const symbol = named.get(name)!;
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    schemas[name] = {}; // a placeholder while it is built (a type that refers to itself)
    schemas[name] = described(convert(type, true), docOf(symbol));
  }

  for (const file of files) {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) || isGeneric(symbol)) continue;
      register(symbol);
    }
  }
  while (pending.length > 0) build(pending.shift()!);
  return Object.fromEntries(Object.keys(schemas).sort().map((name) => [name, schemas[name]]));
}

describe('the contract schemas', () => {
  it('are generated from the contracts as committed (UPDATE_API_SCHEMAS=1 regenerates them)', () => {
    const fresh = `${JSON.stringify(contractSchemas(), null, 2)}\n`;
    if (process.env.UPDATE_API_SCHEMAS === '1') writeFileSync(CONTRACT_SCHEMAS_FILE, fresh);
    expect(readFileSync(CONTRACT_SCHEMAS_FILE, 'utf8')).toBe(fresh);
  });
});

// ---------------------------------------------------------------------------------------------
// The document itself: Redocly's recommended rules, and every route Nest serves under /api.
// ---------------------------------------------------------------------------------------------

interface Problem {
  rule: string;
  severity: 'error' | 'warn';
  where: string;
  message: string;
}

/**
 * Redocly's `recommended` ruleset over the document. In a child process: @redocly/openapi-core is
 * an ES module, which jest's CommonJS module registry cannot load.
 */
function lint(document: OpenAPIObject): Problem[] {
  const script = `
    import { createConfig, lintFromString } from '@redocly/openapi-core';
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: Buffer.concat(chunks).toString('utf8'), absoluteRef: 'openapi.json', config });
    process.stdout.write(JSON.stringify(problems.map((p) => ({ rule: p.ruleId, severity: p.severity, where: p.location[0]?.pointer, message: p.message }))));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO, input: JSON.stringify(document), maxBuffer: 64 << 20 });
  return JSON.parse(out.toString('utf8')) as Problem[];
}

/**
 * Operations that cannot answer any 4xx, so Redocly's operation-4xx-response warning is allowed on
 * them and on nothing else: the health probes and the push key take no input and no token, and no
 * limit counts them.
 */
const NO_CLIENT_ERROR = ['GET /api/health', 'GET /api/health/live', 'GET /api/health/ready', 'GET /api/push/public-key'];

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const pointer = (path: string, method: string) => `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`;

interface Handler {
  controller: Type;
  handler: (...args: unknown[]) => unknown;
}

/** Every route handler of the app by its operationId (`Controller_method`, as Nest names operations). */
function handlersByOperationId(app: INestApplication): Map<string, Handler> {
  const handlers = new Map<string, Handler>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name] as Handler['handler'];
        if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        handlers.set(`${controller.name}_${name}`, { controller, handler });
      }
    }
  }
  return handlers;
}

const guardsOf = ({ controller, handler }: Handler): unknown[] => [
  ...(Reflect.getMetadata(GUARDS_METADATA, controller) ?? []),
  ...(Reflect.getMetadata(GUARDS_METADATA, handler) ?? []),
];

/** The status a route answers on success: its @HttpCode, else 201 for POST and 200 for the rest. */
const successStatus = ({ handler }: Handler): number =>
  Reflect.getMetadata(HTTP_CODE_METADATA, handler) ?? (Reflect.getMetadata(METHOD_METADATA, handler) === RequestMethod.POST ? 201 : 200);

describe('the OpenAPI document', () => {
  let app: INestApplication;
  let document: OpenAPIObject;
  let operations: { method: string; path: string; operation: Operation; name: string }[];

  beforeAll(async () => {
    app = await createApiApp();
    await app.init();
    document = buildOpenApiDocument(app);
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({ method, path, operation: item[method]!, name: `${method.toUpperCase()} ${path}` })),
    );
  });

  afterAll(async () => {
    await app?.close();
  });

  it("passes Redocly's recommended rules: no error, no warning", () => {
    const allowed = new Set(NO_CLIENT_ERROR.map((name) => {
      const [method, path] = name.split(' ');
      return `operation-4xx-response ${pointer(path, method.toLowerCase())}/responses`;
    }));
    const problems = lint(document).filter((p) => !allowed.has(`${p.rule} ${p.where}`));
    expect(problems.map((p) => `${p.severity} ${p.rule} ${p.where}: ${p.message}`)).toEqual([]);
  });

  it('holds every route Nest serves under /api (the docs themselves aside)', () => {
    const router = (app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router;
    const served = router.stack
      .flatMap((layer) => (layer.route ? Object.keys(layer.route.methods).map((m) => ({ method: m, path: layer.route!.path, all: Object.keys(layer.route!.methods).length > 5 })) : []))
      // The catch-all 404s answer every method; the docs are the document's own pages.
      .filter((r) => r.path.startsWith('/api') && !r.all && !/^\/api\/docs(\/|-|$)/.test(r.path))
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    const documented = operations.map(({ method, path }) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    expect(served.length).toBeGreaterThan(90);
    expect(served.filter((r) => !documented.includes(r))).toEqual([]);
  });

  it('gives every operation a summary, its real success status with a schema (or 204), and a 4xx answer', () => {
    const handlers = handlersByOperationId(app);
    const problems: string[] = [];
    for (const { name, operation } of operations) {
      const handler = handlers.get(operation.operationId ?? '');
      if (!handler) {
        problems.push(`${name}: no handler for operationId ${operation.operationId}`);
        continue;
      }
      if (!operation.summary?.trim()) problems.push(`${name}: no summary`);
      const statuses = Object.keys(operation.responses);
      const successes = statuses.filter((s) => /^2\d\d$/.test(s));
      const expected = String(successStatus(handler));
      if (successes.join() !== expected) problems.push(`${name}: documents ${successes.join() || 'no'} success, answers ${expected}`);
      const success = operation.responses[expected] as { content?: Record<string, { schema?: object }> } | undefined;
      if (expected !== '204' && !Object.values(success?.content ?? {}).some((c) => c.schema && Object.keys(c.schema).length > 0)) {
        problems.push(`${name}: its ${expected} answer has no schema`);
      }
      if (!statuses.some((s) => /^4\d\d$/.test(s)) && !NO_CLIENT_ERROR.includes(name)) problems.push(`${name}: no 4xx answer`);
    }
    expect(problems).toEqual([]);
  });

  it('declares the security the guards enforce, and the answers of the guards', () => {
    const handlers = handlersByOperationId(app);
    const problems: string[] = [];
    for (const { name, operation } of operations) {
      const handler = handlers.get(operation.operationId ?? '');
      if (!handler) continue; // reported above
      const guards = guardsOf(handler);
      const statuses = Object.keys(operation.responses);
      const needs = (status: string, why: string) => {
        if (!statuses.includes(status)) problems.push(`${name}: ${why}, but documents no ${status}`);
      };
      if (guards.includes(JwtAuthGuard)) {
        if (JSON.stringify(operation.security) !== JSON.stringify([{ bearer: [] }])) problems.push(`${name}: needs a token, security is ${JSON.stringify(operation.security)}`);
        needs('401', 'needs a token');
      } else if (JSON.stringify(operation.security) !== '[]') {
        problems.push(`${name}: needs no token, security is ${JSON.stringify(operation.security)} (want [])`);
      }
      if (guards.includes(AdminGuard)) needs('404', 'is for admins only');
      if (guards.includes(RateLimitGuard) || guards.includes(UserAndAddressRateLimitGuard)) needs('429', 'is rate limited');
      if (operation.requestBody) needs('400', 'takes a body');
    }
    expect(problems).toEqual([]);
  });
});
