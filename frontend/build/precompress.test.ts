import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, compressedCopyProblems, precompress } from './precompress.mjs';

describe('the compressed copies of a build', () => {
  const dirs: string[] = [];
  const build = (files: Record<string, string>) => {
    const dist = mkdtempSync(join(tmpdir(), 'scoreline-precompress-'));
    dirs.push(dist);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dist, path, '..'), { recursive: true });
      writeFileSync(join(dist, path), text);
    }
    return dist;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  const big = 'self.addEventListener("push", () => {});\n'.repeat(Math.ceil(COMPRESS_FROM_BYTES / 40));

  it('names a big text file without its copies (the service worker, written after the plugin ran)', () => {
    const dist = build({ 'sw.js': big, 'favicon.svg': '<svg/>', 'icons/icon.png': big, '.vite/manifest.json': big });
    expect(compressedCopyProblems(dist)).toEqual(['sw.js has no .br copy', 'sw.js has no .gz copy']);
  });

  it('finds nothing once the copies are made, and a copy of other bytes when the file changed after', () => {
    const dist = build({ 'sw.js': big });
    precompress(join(dist, 'sw.js'));
    expect(compressedCopyProblems(dist)).toEqual([]);

    writeFileSync(join(dist, 'sw.js.gz'), gzipSync('an older build'));
    expect(compressedCopyProblems(dist)).toEqual(["sw.js.gz is not sw.js's bytes"]);
  });
});
