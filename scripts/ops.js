#!/usr/bin/env node
// `npm run ops -- <command>`: the ops CLI (import seasons, record results, grant admin...).
// Builds the server if needed, then hands the arguments to dist/backend/src/ops/cli.js.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const cli = path.join(root, 'dist', 'backend', 'src', 'ops', 'cli.js');
if (!fs.existsSync(cli)) {
  const build = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status || 1);
}
const result = spawnSync(process.execPath, ['--enable-source-maps', cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status === null ? 1 : result.status);
