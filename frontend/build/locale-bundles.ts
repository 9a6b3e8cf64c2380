import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';

/**
 * One JavaScript module per language and namespace, `virtual:locale-bundle/<language>/<namespace>`,
 * holding that language of one file under src/locales (the namespace is the file's name), so a
 * screen downloads the texts it shows and no more. The locale files keep all four languages side
 * by side, which is how translators work on them; a bundler cannot split one module by property,
 * so this plugin evaluates them at build time (they are plain data: type imports only) and emits
 * each language of each as JSON, loaded on demand by lib/i18n through `virtual:locale-loaders`.
 * The shell's namespaces (those every page shows, loaded before the first frame) come in one
 * module per language, `virtual:locale-bundle/<language>/+shell`: one request, not three.
 */
const PREFIX = 'virtual:locale-bundle/';
const RESOLVED = '\0locale-bundle:';
/** The namespaces' names. */
const NAMESPACES_ID = 'virtual:locale-namespaces';
const NAMESPACES_RESOLVED = '\0locale-namespaces';
/** language → namespace → () => import(that module): the only way the app reaches them. */
const LOADERS_ID = 'virtual:locale-loaders';
const LOADERS_RESOLVED = '\0locale-loaders';

/** The module of a language holding all of `shellNamespaces` (one file for what every page shows first). */
const SHELL = '+shell';

export function localeBundles(localesDir: string, shellNamespaces: readonly string[] = []): Plugin {
  async function evaluate(file: string): Promise<Record<string, unknown>> {
    const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
    if (/^\s*import\s(?!type\b)/m.test(code)) throw new Error(`${file}: a locale file holds data only (type imports at most)`);
    const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default?: Record<string, unknown> };
    if (!mod.default || typeof mod.default !== 'object') throw new Error(`${file}: no default export of its translations`);
    return mod.default;
  }

  const localeFiles = () =>
    readdirSync(localesDir)
      .filter((name) => name.endsWith('.ts') && !/\.(test|spec|d)\.ts$/.test(name))
      .sort()
      .map((name) => join(localesDir, name));

  return {
    name: 'scoreline-locale-bundles',
    resolveId(id) {
      if (id === NAMESPACES_ID) return NAMESPACES_RESOLVED;
      if (id === LOADERS_ID) return LOADERS_RESOLVED;
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    async load(id) {
      if (id === NAMESPACES_RESOLVED) {
        const files = localeFiles();
        for (const file of files) this.addWatchFile(file);
        return `export default ${JSON.stringify(files.map((file) => basename(file, '.ts')))};`;
      }
      if (id === LOADERS_RESOLVED) {
        const files = localeFiles();
        for (const file of files) this.addWatchFile(file);
        // The languages are the ones the common namespace has (every file must have the same: checked on load).
        const languages = Object.keys(await evaluate(files.find((file) => basename(file, '.ts') === 'common') ?? files[0]));
        const entries = languages.map(
          (language) =>
            `${JSON.stringify(language)}: {${files
              .map((file) => basename(file, '.ts'))
              .map((ns) =>
                shellNamespaces.includes(ns)
                  ? `${JSON.stringify(ns)}: () => import(${JSON.stringify(`${PREFIX}${language}/${SHELL}`)}).then((m) => ({ default: m.default[${JSON.stringify(ns)}] }))`
                  : `${JSON.stringify(ns)}: () => import(${JSON.stringify(`${PREFIX}${language}/${ns}`)})`,
              )
              .join(', ')}}`,
        );
        return `export default {${entries.join(',\n')}};`;
      }
      if (!id.startsWith(RESOLVED)) return null;
      const [language, namespace] = id.slice(RESOLVED.length).split('/');
      if (namespace === SHELL) {
        const texts: Record<string, unknown> = {};
        for (const ns of shellNamespaces) {
          const file = localeFiles().find((f) => basename(f, '.ts') === ns);
          if (!file) throw new Error(`no locale file for the shell namespace "${ns}"`);
          this.addWatchFile(file);
          texts[ns] = (await evaluate(file))[language];
        }
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
      }
      const file = localeFiles().find((f) => basename(f, '.ts') === namespace);
      if (!file) throw new Error(`no locale file for the namespace "${namespace}"`);
      this.addWatchFile(file);
      const translations = await evaluate(file);
      if (!(language in translations)) throw new Error(`${file}: no "${language}" translations`);
      // JSON.parse of a string literal parses faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(translations[language]))});`;
    },
  };
}
