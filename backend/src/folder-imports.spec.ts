import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The walls between backend/src's folders, read off their import lines: two folders never import
 * each other, and the infrastructure in platform/ imports no domain. The files at the top of
 * backend/src (main.ts, app.module.ts, migrate-cli.ts, entities.ts) wire everything and are left
 * out (and workers/ composes from outside: it hands the push channel to notifications).
 */

const SRC = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** "a -> b" for each folder a that imports something of folder b (relative imports only). */
function folderEdges(): Set<string> {
  const edges = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const from = relative(SRC, file).split('/');
    if (from.length < 2) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\()'(\.\.?\/[^']+)'/g)) {
      const to = relative(SRC, normalize(join(dirname(file), match[1]))).split('/');
      // Outside backend/src (its data files) and the top-level files are no folder.
      if (to.length >= 2 && to[0] !== '..' && to[0] !== from[0]) edges.add(`${from[0]} -> ${to[0]}`);
    }
  }
  return edges;
}

describe('the folders of backend/src', () => {
  const edges = folderEdges();

  it('never import each other', () => {
    const mutual = [...edges]
      .map((edge) => edge.split(' -> '))
      .filter(([a, b]) => a < b && edges.has(`${b} -> ${a}`))
      .map(([a, b]) => `${a} <-> ${b}`);
    expect(mutual).toEqual([]);
  });

  it('keep the infrastructure (platform/) free of every domain: it imports none of them', () => {
    expect([...edges].filter((edge) => edge.startsWith('platform -> '))).toEqual([]);
  });

  it('are read off real import lines (a known edge is seen)', () => {
    expect(edges.has('leagues -> platform')).toBe(true);
    expect(edges.has('season-import -> fixtures')).toBe(true);
    expect(edges.has('push -> notifications')).toBe(true);
  });
});
