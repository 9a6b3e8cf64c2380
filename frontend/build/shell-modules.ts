import type { Plugin } from 'vite';

/**
 * The modules the entry (src/main.tsx) imports statically, directly or not: what runs before the
 * first screen whatever the route. `test` tells the bundler's chunk groups which they are; the
 * plugin learns them once the module graph is built (chunks are cut after that). A library's
 * index names all its modules, used or not; `exclude` keeps out those only some screens use
 * (they stay in the chunks of the screens that do).
 */
export function shellModules(entry: string, exclude: RegExp): { plugin: Plugin; test: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'scoreline-shell-modules',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const stack = [entry];
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      // The entry is its own chunk; the group takes what it imports.
      modules.delete(entry);
    },
  };
  return { plugin, test: (id) => modules.has(id) && !exclude.test(id) };
}
