#!/usr/bin/env node
// `npm start`: the whole app on one machine. Builds what is not built, makes sure Postgres and
// Redis are there (embedded/started locally when nothing is configured or answering), applies
// migrations and seeds, then runs the API (which serves the built frontend) and one worker.
// Ctrl-C stops all of it. (`npm run dev`, scripts/dev.js, is the same with rebuilds on change.)
'use strict';
const path = require('node:path');
const { root, createSupervisor, buildServerIfNeeded, buildFrontendIfNeeded, prepareServices } = require('./lib/stack');

const sup = createSupervisor('start');

sup.main(async () => {
  buildServerIfNeeded(sup);
  buildFrontendIfNeeded(sup);
  const env = await prepareServices(sup);
  // The API's heap limit and the servers' malloc settings (why: backend/src/platform/config/api-process.ts), from the build made above.
  const { API_NODE_FLAGS, SERVER_MALLOC_ENV } = require(path.join(root, 'dist/backend/src/platform/config/api-process.js'));
  const serverEnv = { ...SERVER_MALLOC_ENV, ...env };
  sup.startNode('api', 'dist/backend/src/main.js', serverEnv, API_NODE_FLAGS);
  sup.startNode('worker', 'dist/workers/src/main.js', serverEnv);
  sup.log(`Scoreline is starting on ${env.APP_URL || `http://localhost:${env.PORT || 3000}`} (Ctrl-C stops it)`);
});
