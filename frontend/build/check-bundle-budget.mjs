// The bundle budget of issue 12: what a phone downloads before /home or /dashboard can show,
// gzipped as the server sends it, and the largest chunk; and every text file's compressed copies
// (build/precompress.mjs). Run after `vite build` (the frontend's build script does); exits
// non-zero when over or when a copy is missing or stale, so the build and `npm test` fail.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { FIRST_SCREENS } from './first-screens.mjs';
import { compressedCopyProblems } from './precompress.mjs';

const KB = 1000;
/**
 * Issue 12's goal, enforced: 150 kB per route. What fits it: react-router in its declarative
 * mode (the data router alone was ~20 kB gzipped), each locale namespace its own chunk loaded
 * with the route that shows it, and the entry's static imports in one `shell` chunk
 * (vite.config.ts). react-dom, react-router and i18next (`framework`) are ~96 kB of it.
 */
export const GOAL_INITIAL_JS_GZIP = 150 * KB;
export const BUDGET = { initialJsGzip: { '/home': GOAL_INITIAL_JS_GZIP, '/dashboard': GOAL_INITIAL_JS_GZIP }, chunkGzip: 250 * KB };

/**
 * What each measured route waits for on a first visit besides index.html's entry: its lazy route
 * modules, the shell's English texts and the namespaces router.tsx loads with the route
 * (build/first-screens.mjs). The check fails loudly when a listed module is not in the build.
 */
export const ROUTE_MODULES = Object.fromEntries(
  Object.entries(FIRST_SCREENS).map(([route, screen]) => [
    route,
    [...screen.modules, 'locale-bundle:en/+shell', ...screen.namespaces.map((ns) => `locale-bundle:en/${ns}`)],
  ]),
);
const ALWAYS = ['index.html'];

/** Every JavaScript file the given manifest entries load before running: themselves and their static imports. */
export function initialFiles(manifest, keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

export function checkBudget(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return gzipped.get(file);
  };
  const lines = [];
  const failures = [];
  // Classic scripts index.html loads besides the entry (theme-init.js, the early boot script).
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const classic = [...html.matchAll(/<script(?![^>]*type="module")[^>]*\ssrc="\/([^"]+)"/g)].map((m) => m[1]);
  for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
    const files = [...initialFiles(manifest, [...ALWAYS, ...modules]), ...classic];
    const total = files.reduce((sum, file) => sum + sizeOf(file), 0);
    const ceiling = BUDGET.initialJsGzip[route];
    lines.push(`${route}: initial JavaScript ${(total / KB).toFixed(1)} kB gzipped in ${files.length} files (ceiling ${ceiling / KB} kB, goal ${GOAL_INITIAL_JS_GZIP / KB} kB)`);
    if (total > ceiling) failures.push(`${route} loads ${(total / KB).toFixed(1)} kB of JavaScript gzipped, over ${ceiling / KB} kB`);
  }
  const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
  const largest = chunks.map((file) => [file, sizeOf(file)]).sort((a, b) => b[1] - a[1])[0];
  lines.push(`largest chunk: ${largest[0]} ${(largest[1] / KB).toFixed(1)} kB gzipped (budget ${BUDGET.chunkGzip / KB} kB)`);
  for (const [file, size] of chunks.map((f) => [f, sizeOf(f)])) {
    if (size > BUDGET.chunkGzip) failures.push(`${file} is ${(size / KB).toFixed(1)} kB gzipped, over ${BUDGET.chunkGzip / KB} kB`);
  }
  return { lines, failures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const { lines, failures } = checkBudget(dist);
  const copies = compressedCopyProblems(dist);
  lines.push(copies.length === 0 ? 'every text file has its brotli and gzip copies' : `${copies.length} compressed copies missing or stale`);
  failures.push(...copies);
  for (const line of lines) console.log(`bundle budget: ${line}`);
  for (const failure of failures) console.error(`bundle budget exceeded: ${failure}`);
  process.exit(failures.length > 0 ? 1 : 0);
}
