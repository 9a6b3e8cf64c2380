import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The walls between backend/src's folders, read off their import lines: two folders never import
 * each other, but for the pairs named here (each with what it would take to part them), and the
 * infrastructure in platform/ imports no domain. The files at the top of backend/src (main.ts,
 * app.module.ts, migrate-cli.ts, entities.ts) wire everything and are left out.
 */
const KNOWN_MUTUAL_PAIRS: Record<string, string> = {
  // The push channel implements notifications' channel and delivery loop; the notifications service
  // is handed the push channel. Parting them: the channels given to it by the workers module.
  'notifications <-> push': 'the push channel is a notifications channel',
};

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

  it('import each other only in the known pairs', () => {
    const mutual = [...edges]
      .map((edge) => edge.split(' -> '))
      .filter(([a, b]) => a < b && edges.has(`${b} -> ${a}`))
      .map(([a, b]) => `${a} <-> ${b}`);
    expect(mutual.sort()).toEqual(Object.keys(KNOWN_MUTUAL_PAIRS).sort());
  });

  it('keep the infrastructure (platform/) free of every domain: it imports none of them', () => {
    expect([...edges].filter((edge) => edge.startsWith('platform -> '))).toEqual([]);
  });

  it('are read off real import lines (a known edge is seen)', () => {
    expect(edges.has('leagues -> platform')).toBe(true);
    expect(edges.has('season-import -> fixtures')).toBe(true);
  });
});
