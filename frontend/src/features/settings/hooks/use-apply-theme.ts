import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { preferenceSettingsAtom, type ThemeSetting } from '../atoms/preference-settings.atom';
import { usePreferencesSync } from './use-preferences';

const LIGHT_QUERY = '(prefers-color-scheme: light)';

export function resolveTheme(setting: ThemeSetting, prefersLight: boolean): 'dark' | 'light' {
  if (setting === 'auto') return prefersLight ? 'light' : 'dark';
  return setting;
}

/**
 * Mounted once by AppProvider: keeps the settings in step with the server and puts the chosen
 * theme on <html data-theme> (following the system while it is 'auto'). <html lang> stays 'en'
 * while the screens are English: a screen reader would otherwise read English text with, say,
 * German pronunciation. The language shapes dates (useDateDisplay).
 */
export function useApplyTheme(): void {
  usePreferencesSync();
  const { theme } = useAtomValue(preferenceSettingsAtom);

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
