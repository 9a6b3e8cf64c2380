import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type LanguageSetting } from '@contracts/api/preferences';
import activity from '@/locales/activity';
import auth from '@/locales/auth';
import { cleanPreferenceSettings, PREFERENCES_STORAGE_KEY } from '@/lib/settings/preference-cache';
import common from '@/locales/common';
import dashboard from '@/locales/dashboard';
import fixtures from '@/locales/fixtures';
import history from '@/locales/history';
import leagues from '@/locales/leagues';
import onboarding from '@/locales/onboarding';
import player from '@/locales/player';
import results from '@/locales/results';
import settings from '@/locales/settings';
import site from '@/locales/site';

/** Every namespace: one file per area of the app under src/locales, each in all four languages. */
const NAMESPACES = { common, auth, onboarding, site, fixtures, results, dashboard, history, player, leagues, activity, settings };
type Namespace = keyof typeof NAMESPACES;

function resourcesIn(language: LanguageSetting) {
  return Object.fromEntries(Object.entries(NAMESPACES).map(([ns, t]) => [ns, t[language]])) as { [N in Namespace]: (typeof NAMESPACES)[N]['en'] };
}

export const resources = Object.fromEntries(LANGUAGES.map((language) => [language, resourcesIn(language)])) as Record<
  LanguageSetting,
  ReturnType<typeof resourcesIn>
>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
  }
}

/**
 * The language the cached settings hold, so the first frame is already in it (as theme-init.js
 * does for the theme); the settings sync switches it later if the server says otherwise.
 */
function cachedLanguage(): LanguageSetting {
  try {
    return cleanPreferenceSettings(JSON.parse(globalThis.localStorage?.getItem(PREFERENCES_STORAGE_KEY) ?? 'null')).language;
  } catch {
    return 'en';
  }
}

// Synchronous: every resource is bundled, so the first render already has its texts.
void i18n.use(initReactI18next).init({
  resources,
  lng: cachedLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  ns: Object.keys(NAMESPACES),
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});

export { i18n };
