import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type LanguageSetting } from '@scoreline/contracts/api/preferences';
import { cleanPreferenceSettings, PREFERENCES_STORAGE_KEY } from '@/lib/settings/preference-cache';
import LOADERS from 'virtual:locale-loaders';
import NAMESPACES from 'virtual:locale-namespaces';
import type { LanguageResources } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: LanguageResources;
  }
}

type Loader = () => Promise<{ default: Record<string, unknown> }>;

/** A language's namespace is fetched (its own small chunk; the shell's three share one) when first needed. */
const localeBundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load: Loader | undefined = (LOADERS as Record<string, Record<string, Loader>>)[language]?.[namespace];
    // A failed download (offline) is tried again on the next request of that namespace or language.
    if (!load) callback(new Error(`no "${namespace}" translations for "${language}"`), false);
    else load().then((mod) => callback(null, mod.default), (error: Error) => callback(error, false));
  },
};

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

/**
 * Settles once the cached language's shell texts (common, auth, settings) are in: main.tsx renders
 * after it, so no frame shows keys or English. A screen's own namespaces come with its route
 * (app/router.tsx loads them beside the screen's chunk); the rest follow after the first screen.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(localeBundleBackend)
  .use(initReactI18next)
  .init({
    lng: cachedLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    // The shell's texts: every screen's header, user menu and settings sync use them.
    ns: ['common', 'auth', 'settings'],
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });

/**
 * Every namespace of the current language, for after the first screen is up: whatever a later
 * screen, dialog or toast shows is then already here and never waits (or suspends) for its texts.
 */
export function loadAllNamespaces(): Promise<void> {
  return i18n.loadNamespaces(NAMESPACES);
}

export { i18n };
