// The brotli and gzip copies the API's static handler sends (backend/src/platform/web/static-file-policy.ts):
// which files get them, and a way to make them for files written after vite-plugin-compression2
// ran. vite-plugin-pwa builds the service worker (dist/sw.js) once the app's bundle is written,
// so the plugin never sees it: `node build/precompress.mjs dist/sw.js` (the build script) does.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

/** Text files worth compressing; smaller ones are sent as they are. */
export const TEXT_FILE = /\.(html|css|js|mjs|json|svg|txt)$/;
export const COMPRESS_FROM_BYTES = 512;

/** The copies of one file: `<file>.br` and `<file>.gz`, at the highest levels (made once, sent many times). */
export function precompress(file) {
  const bytes = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/**
 * Problems with the copies in a build: a text file big enough without its .br or .gz copy (sent
 * uncompressed), or a copy that is not the file's bytes (the server would send stale content).
 */
export function compressedCopyProblems(dist) {
  const problems = [];
  const visit = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) {
        if (!name.startsWith('.')) visit(path); // .vite/: the build's own manifest, never served
        continue;
      }
      if (!TEXT_FILE.test(name) || stat.size < COMPRESS_FROM_BYTES) continue;
      const bytes = readFileSync(path);
      for (const [suffix, decompress] of [['.br', brotliDecompressSync], ['.gz', gunzipSync]]) {
        const copy = `${path}${suffix}`;
        if (!existsSync(copy)) problems.push(`${relative(dist, path)} has no ${suffix} copy`);
        else if (!decompress(readFileSync(copy)).equals(bytes)) problems.push(`${relative(dist, copy)} is not ${relative(dist, path)}'s bytes`);
      }
    }
  };
  visit(dist);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of process.argv.slice(2)) precompress(file);
}
