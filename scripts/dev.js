#!/usr/bin/env node
// `npm run dev`: the development loop. Postgres, Redis, migrations, seeds and the results stand-in
// as `npm start` has them (scripts/lib/stack.js), then
//   - the API and the workers, each rebuilt and restarted when a file it is built from changes
//     (`nest start api --watch` / `nest start workers --watch`, nest-cli.json; type errors hold the
//     restart back until they are fixed), and
//   - the frontend on Vite's dev server (hot reload), which proxies /api and /socket.io to the API.
// Open the Vite URL it prints. Ctrl-C stops all of it. docs/development.md has the details.
//
// PORT: the API's port (3000). WEB_PORT: Vite's (5173). Both must be free.
'use strict';
const path = require('node:path');
const { root, StackError, createSupervisor, buildServerIfNeeded, prepareServices, portAnswers } = require('./lib/stack');

const sup = createSupervisor('dev');
const nestBin = require.resolve('@nestjs/cli/bin/nest.js', { paths: [root] });
const viteBin = path.join(path.dirname(require.resolve('vite/package.json', { paths: [path.join(root, 'frontend')] })), 'bin', 'vite.js');

function port(name, fallback) {
  const raw = process.env[name]?.trim() || String(fallback);
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535) throw new StackError(`${name} must be a port number, got "${raw}"`);
  return Number(raw);
}

async function assertFree(name, value) {
  if (await portAnswers(value)) throw new StackError(`something already answers on port ${value}: stop it, or set ${name} to another port`);
}

/** Poll until the API answers, Vite serves the index and the API answers through Vite's proxy; then say where to go. */
async function announceWhenReady(apiUrl, webUrl) {
  const ok = async (url) => {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  };
  // The API first, directly: asked through Vite while it compiles, each try is a proxy error in Vite's log.
  while (!sup.stopping) {
    if ((await ok(`${apiUrl}/api/health`)) && (await ok(`${webUrl}/`)) && (await ok(`${webUrl}/api/health`))) {
      sup.log(`ready: open ${webUrl}/ (Vite, hot reload; /api and /socket.io go to the API on ${apiUrl}). Ctrl-C stops everything.`);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** `[api] ` in front of each line of a child's output (coloured at a terminal). */
function prefix(name, colour) {
  const label = `[${name}]`.padEnd(10);
  return process.stdout.isTTY ? `\x1b[${colour}m${label}\x1b[0m` : label;
}

sup.main(async () => {
  const apiPort = port('PORT', 3000);
  const webPort = port('WEB_PORT', 5173);
  await assertFree('PORT', apiPort);
  await assertFree('WEB_PORT', webPort);
  // The migrate CLI and the stand-in run from the production build (dist/); the apps from their
  // own watch builds (dist/dev/api, dist/dev/workers).
  buildServerIfNeeded(sup);
  const env = await prepareServices(sup);
  const apiUrl = `http://localhost:${apiPort}`;
  const webUrl = `http://localhost:${webPort}`;
  env.NODE_ENV ||= 'development';
  env.PORT = String(apiPort);
  // Links in mails and the Socket.IO origin check: the app is where Vite serves it.
  env.APP_URL ||= webUrl;
  if (process.stdout.isTTY) {
    // The children write into pipes (for the prefixes): tell them the lines still end on a terminal.
    env.FORCE_COLOR ||= '1';
    if (env.NODE_ENV === 'development') env.LOG_FORMAT ||= 'pretty';
  }

  const nest = (project) => [nestBin, 'start', project, '--watch', '--preserveWatchOutput', '--no-shell'];
  sup.startChild('the API (nest start api --watch)', process.execPath, nest('api'), { env, prefix: prefix('api', 36) });
  sup.startChild('the workers (nest start workers --watch)', process.execPath, nest('workers'), { env, prefix: prefix('workers', 35) });
  sup.startChild('vite', process.execPath, [viteBin, '--port', String(webPort), '--strictPort'], {
    cwd: path.join(root, 'frontend'),
    env: { ...env, API_PROXY_TARGET: apiUrl },
    prefix: prefix('web', 32),
    stdin: 'inherit', // Vite's keys: r restarts it, o opens the browser, h lists them
  });
  sup.log(`compiling the API (port ${apiPort}) and the workers; the app will be on ${webUrl}/ (Ctrl-C stops everything)`);
  void announceWhenReady(apiUrl, webUrl);
});
