#!/usr/bin/env node
// Runs npm scripts side by side, to use both cores of a CI machine for checks that each use one
// (tsc, eslint). Each script's output is printed whole when it ends; exits 1 when any failed.
// Usage: node scripts/parallel.js <npm script> [<npm script> ...]
const { spawn } = require('node:child_process');

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.js <npm script> [<npm script> ...]');
  process.exit(2);
}
const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString();
      process.stdout.write(`[${name}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s\n${text}${text && !text.endsWith('\n') ? '\n' : ''}`);
      resolve(code === 0);
    });
  });
Promise.all(names.map(run)).then((passed) => process.exit(passed.every(Boolean) ? 0 : 1));
