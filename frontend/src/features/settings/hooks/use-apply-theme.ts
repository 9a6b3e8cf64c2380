import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { i18n } from '@/lib/i18n';
import { preferenceSettingsAtom, type ThemeSetting } from '@/lib/settings/preference-settings.atom';
import { usePreferencesSync } from './use-preferences';

const LIGHT_QUERY = '(prefers-color-scheme: light)';

export function resolveTheme(setting: ThemeSetting, prefersLight: boolean): 'dark' | 'light' {
  if (setting === 'auto') return prefersLight ? 'light' : 'dark';
  return setting;
}

/**
 * Mounted once by AppProvider: keeps the settings in step with the server, puts the chosen
 * theme on <html data-theme> (following the system while it is 'auto'), and switches the
 * screens' language (i18next) and <html lang> to the chosen one.
 */
export function useApplyTheme(): void {
  usePreferencesSync();
  const { theme, language } = useAtomValue(preferenceSettingsAtom);

  useEffect(() => {
    void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    const media = window.matchMedia(LIGHT_QUERY);
    const apply = () => {
      const resolved = resolveTheme(theme, media.matches);
      const root = document.documentElement;
      root.dataset.theme = resolved;
      root.style.colorScheme = resolved;
      document.querySelector('meta[name="theme-color"]')?.setAttribute('content', resolved === 'light' ? '#f3f6fb' : '#0b1220');
    };
    apply();
    if (theme !== 'auto') return;
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}
