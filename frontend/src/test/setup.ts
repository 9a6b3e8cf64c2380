import { afterEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await i18n.changeLanguage('en'); // a test that picked another language leaves English behind
});

if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');

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
