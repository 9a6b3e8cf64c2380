// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, resources } from '.';

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
    expect(fresh.i18n.language).toBe('fr');
    localStorage.setItem('scoreline.preferences', '{not json');
    vi.resetModules();
    expect((await import('.')).i18n.language).toBe('en');
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
