import { afterEach, vi } from 'vitest';
import { LANGUAGES } from '@scoreline/contracts/api/preferences';
import { i18n, i18nReady, loadAllNamespaces } from '@/lib/i18n';

// Every language and namespace in before any test renders, as the app awaits its language's
// shell texts before the first frame and a route's texts before its screen.
await i18nReady;
await i18n.loadLanguages([...LANGUAGES]);
await loadAllNamespaces();

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await i18n.changeLanguage('en'); // a test that picked another language leaves English behind
});

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // Screens are lazy route chunks: the first render of one in a file waits for vitest to transform
  // it, which on a busy machine takes longer than findBy's default second (and, once, than 5 s).
  configure({ asyncUtilTimeout: 15_000 });

  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  // jsdom has no matchMedia; the theme code asks it about prefers-color-scheme.
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string): MediaQueryList =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    });
  }

  // jsdom does not implement scrolling; ScrollRestoration calls it on every navigation.
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
}
