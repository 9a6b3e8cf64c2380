import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

import type { FirstScreen } from './first-screens.mjs';

/**
 * A small classic script, `<script async>` in index.html's head (a file, not inline: the
 * Content-Security-Policy forbids inline scripts), that runs as soon as it arrives, long before
 * the entry's modules have downloaded and run: for the path being opened it adds
 * `<link rel=modulepreload>` for the route's chunks and its texts in the cached language, and for
 * a signed-in visitor starts the screen's API calls, leaving the answers in
 * `window.__scorelineEarly` for lib/early-requests.ts to take. Everything it starts, the app
 * would start later anyway; what it does not know (another path, no cache) the app does as before.
 */
export function earlyBoot(routes: Record<string, FirstScreen>, aliases: Record<string, readonly [signedIn: string, signedOut: string]> = {}): Plugin {
  return {
    name: 'scoreline-early-boot',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byModule = new Map<string, OutputChunk>();
      for (const chunk of chunks) if (chunk.facadeModuleId) byModule.set(chunk.facadeModuleId.replace(/^\0/, ''), chunk);
      const entry = chunks.find((chunk) => chunk.isEntry);
      // What index.html loads already (the entry and its static imports) is not preloaded twice.
      const loaded = new Set<string>();
      const closure = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of (bundle[file] as OutputChunk | undefined)?.imports ?? []) closure(imported, into);
      };
      if (entry) closure(entry.fileName, loaded);
      const chunkOf = (id: string) => {
        const chunk = [...byModule.entries()].find(([moduleId]) => moduleId === id || moduleId.endsWith(`/${id}`))?.[1];
        if (!chunk) throw new Error(`early-boot: "${id}" is not a chunk of this build`);
        return chunk;
      };
      const languages = Object.keys(
        Object.fromEntries([...byModule.keys()].filter((id) => id.startsWith('locale-bundle:')).map((id) => [id.slice('locale-bundle:'.length).split('/')[0], true])),
      );

      const table: Record<string, { files: string[]; texts: Record<string, string[]>; api: readonly string[]; when?: string }> = {};
      for (const [path, route] of Object.entries(routes)) {
        const files = new Set<string>();
        for (const id of route.modules) closure(chunkOf(id).fileName, files);
        const texts: Record<string, string[]> = {};
        for (const language of languages) {
          const inLanguage = new Set<string>();
          for (const ns of ['+shell', ...route.namespaces]) closure(chunkOf(`locale-bundle:${language}/${ns}`).fileName, inLanguage);
          texts[language] = [...inLanguage].filter((file) => !loaded.has(file) && !files.has(file));
        }
        table[path] = { files: [...files].filter((file) => !loaded.has(file)), texts, api: route.signedInRequests ?? [], when: route.when };
      }

      const source = `// Made by build/early-boot.ts: preloads the opened route's chunks and texts, starts its API calls.
(function () {
  var routes = ${JSON.stringify(table)}, aliases = ${JSON.stringify(aliases)};
  try {
    var token = localStorage.getItem('authToken');
    var path = location.pathname.replace(/(.)\\/$/, '$1');
    var alias = aliases[path];
    if (alias) path = alias[token ? 0 : 1];
    var route = routes[path];
    if (!route || (route.when === 'signed-in' && !token) || (route.when === 'signed-out' && token)) return;
    var language = 'en';
    try {
      var cached = JSON.parse(localStorage.getItem('scoreline.preferences') || 'null');
      if (cached && route.texts[cached.language]) language = cached.language;
    } catch (e) {}
    // The API calls first: the browser has six connections to the server, and the answers are
    // what the screen's largest text waits for; the chunks queue behind them.
    var exp = null;
    try {
      exp = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp;
    } catch (e) {}
    // A token about to expire is renewed by the app first: no early call with it.
    if (token && window.fetch && route.api.length > 0 && !(typeof exp === 'number' && exp * 1000 - Date.now() < 60000)) {
      var answers = {}, settled = {};
      route.api.forEach(function (url) {
        answers[url] = fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json', Authorization: 'Bearer ' + token } })
          .then(function (response) {
            return response.text().then(function (text) {
              return (settled[url] = { status: response.status, text: text, at: Date.now() });
            });
          })
          .catch(function () { return null; });
      });
      window.__scorelineEarly = { token: token, answers: answers, settled: settled };
    }
    route.files.concat(route.texts[language]).forEach(function (file) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = '/' + file;
      link.crossOrigin = ''; // as index.html's own modulepreloads: the same request the import makes
      document.head.appendChild(link);
    });
  } catch (e) {}
})();
`;
      const fileName = `assets/early-boot-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const tag = `<script async src="/${fileName}"></script>`;
      const text = typeof html.source === 'string' ? html.source : Buffer.from(html.source).toString('utf8');
      if (!text.includes('</title>')) throw new Error('early-boot: index.html has no </title> to follow');
      html.source = text.replace('</title>', `</title>\n    ${tag}`);
    },
  };
}
