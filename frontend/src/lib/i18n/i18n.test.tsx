// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@scoreline/contracts/api/preferences';
import localeLoaders from 'virtual:locale-loaders';
import localeNamespaces from 'virtual:locale-namespaces';
import { i18n } from '.';
import { NAMESPACES, resources } from './resources';

function Probe() {
  const { t } = useTranslation();
  return <span>{t('nav.dashboard')}</span>;
}

/** Every key path of a namespace, e.g. ['nav.dashboard']. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('i18n', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('renders English by default and the chosen language after a change', async () => {
    render(<Probe />);
    expect(screen.getByText('Dashboard')).toBeTruthy();
    await i18n.changeLanguage('de');
    expect(await screen.findByText('Übersicht')).toBeTruthy();
  });

  it('starts in the language the cached settings hold, so the first frame is not English', async () => {
    localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language: 'fr', timezone: 'local' }));
    vi.resetModules();
    const fresh = await import('.');
    await fresh.i18nReady;
    expect(fresh.i18n.language).toBe('fr');
    expect(fresh.i18n.t('nav.dashboard')).toBe('Tableau de bord');
    localStorage.setItem('scoreline.preferences', '{not json');
    vi.resetModules();
    const fallback = await import('.');
    await fallback.i18nReady;
    expect(fallback.i18n.language).toBe('en');
  });

  it('loads each namespace of each language on demand (the shell\'s three in one chunk), for exactly the registered namespaces', async () => {
    expect([...localeNamespaces].sort()).toEqual(Object.keys(NAMESPACES).sort());
    expect(Object.keys(localeLoaders).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect([language, Object.keys(localeLoaders[language]).sort()]).toEqual([language, Object.keys(NAMESPACES).sort()]);
      for (const ns of localeNamespaces) {
        const texts = (await localeLoaders[language][ns]()).default;
        expect([language, ns, texts]).toEqual([language, ns, resources[language][ns as keyof (typeof resources)['en']]]);
      }
    }
  });

  it("starts with the shell namespaces only and fetches a screen's namespace when asked", async () => {
    vi.resetModules();
    const fresh = await import('.');
    await fresh.i18nReady;
    expect(['common', 'auth', 'settings'].map((ns) => fresh.i18n.hasLoadedNamespace(ns))).toEqual([true, true, true]);
    expect(fresh.i18n.hasLoadedNamespace('dashboard')).toBe(false);
    await fresh.i18n.loadNamespaces('dashboard');
    expect(fresh.i18n.t('dashboard:title')).toBe('Dashboard');
  });

  it('has every English key in every language, and no empty text', () => {
    for (const [ns, english] of Object.entries(resources.en)) {
      const expected = keys(english).sort();
      for (const language of ['es', 'fr', 'de'] as const) {
        const translated = (resources[language] as Record<string, unknown>)[ns];
        expect([language, ns, keys(translated).sort()]).toEqual([language, ns, expected]);
        for (const path of expected) {
          const text = path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], translated);
          expect([language, ns, path, typeof text === 'string' && text.trim().length > 0]).toEqual([language, ns, path, true]);
        }
      }
    }
  });
});
