import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Which modules go in which of the few files a first visit downloads. Left to itself the bundler
 * cuts the first screen into a couple of dozen files by which lazy screens share each module;
 * over HTTP/1.1's six connections to a phone 150 ms away every extra file costs a round trip,
 * and each is compressed alone. So:
 * - `shell`: what the entry (src/main.tsx) imports statically, directly or not, and what every
 *   first screen uses: it runs before any screen, whatever the route;
 * - `first-<name>`: the rest of one first screen's route modules (build/first-screens.mjs).
 * The plugin learns the module graph once it is built (chunks are cut after that). A library's
 * index names all its modules, used or not; `exclude` keeps out those only some screens use
 * (they stay in the chunks of the screens that do).
 */
export function chunkGroups(options: { root: string; entry: string; firstScreens: Record<string, { modules: readonly string[] }>; exclude: RegExp }) {
  const shell = new Set<string>();
  const screens = new Map<string, Set<string>>();

  const closure = (getImports: (id: string) => readonly string[], starts: readonly string[]) => {
    const seen = new Set<string>();
    const stack = [...starts];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...getImports(id));
    }
    return seen;
  };

  const plugin: Plugin = {
    name: 'scoreline-chunk-groups',
    apply: 'build',
    buildEnd() {
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      shell.clear();
      screens.clear();
      for (const id of closure(imports, [options.entry])) shell.add(id);
      // The entry is its own chunk; the group takes what it imports.
      shell.delete(options.entry);
      const uses = new Map<string, number>();
      for (const [path, screen] of Object.entries(options.firstScreens)) {
        const name = path.replace(/^\//, '').replace(/\W+/g, '-') || 'root';
        const modules = closure(
          imports,
          screen.modules.map((m) => join(options.root, m)),
        );
        screens.set(name, modules);
        for (const id of modules) uses.set(id, (uses.get(id) ?? 0) + 1);
      }
      for (const [id, count] of uses) if (count > 1) shell.add(id);
      for (const modules of screens.values()) for (const id of shell) modules.delete(id);
    },
  };

  const groups = [
    { name: 'shell', test: (id: string) => shell.has(id) && !options.exclude.test(id), priority: 2 },
    {
      name: (id: string) => {
        for (const [name, modules] of screens) if (modules.has(id) && !options.exclude.test(id)) return `first-${name}`;
        return null;
      },
      priority: 1,
    },
  ];
  return { plugin, groups };
}
