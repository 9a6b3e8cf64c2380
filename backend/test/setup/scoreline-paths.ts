import Module from 'node:module';
import { join } from 'node:path';

/**
 * jest runs globalSetup outside its module registry, so jest.config.js's moduleNameMapper does
 * not apply to what the setup imports (the migrations and the demo seed, which import contracts).
 * This maps `@scoreline/<workspace>/<path>` to `<workspace>/src/<path>` the same way, for the setup
 * process only. Imported first by global-setup.ts.
 */
const ROOT = join(__dirname, '..', '..', '..');
const WORKSPACE_PATH = /^@scoreline\/(contracts|backend|workers)\/(.+)$/;

type Resolve = (request: string, ...rest: unknown[]) => string;
const moduleWithResolve = Module as unknown as { _resolveFilename: Resolve };
const resolve = moduleWithResolve._resolveFilename;
moduleWithResolve._resolveFilename = function (request: string, ...rest: unknown[]): string {
  const match = WORKSPACE_PATH.exec(request);
  return resolve.call(this, match ? join(ROOT, match[1], 'src', match[2]) : request, ...rest);
};
