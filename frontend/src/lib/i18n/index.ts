import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type LanguageSetting } from '@scoreline/contracts/api/preferences';
import { cleanPreferenceSettings, PREFERENCES_STORAGE_KEY } from '@/lib/settings/preference-cache';
import NAMESPACES from 'virtual:locale-namespaces';
import type { LanguageResources } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: LanguageResources;
  }
}

/** One chunk per language, fetched when that language is first needed. */
const BUNDLES: Record<LanguageSetting, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  en: () => import('virtual:locale-bundle/en'),
  es: () => import('virtual:locale-bundle/es'),
  fr: () => import('virtual:locale-bundle/fr'),
  de: () => import('virtual:locale-bundle/de'),
};

const loading = new Map<string, Promise<Record<string, Record<string, unknown>>>>();

function bundleOf(language: string): Promise<Record<string, Record<string, unknown>>> {
  if (!(LANGUAGES as readonly string[]).includes(language)) return Promise.reject(new Error(`no translations for "${language}"`));
  let bundle = loading.get(language);
  if (!bundle) {
    bundle = BUNDLES[language as LanguageSetting]().then((mod) => mod.default);
    // A failed download (offline) may be tried again on the next change of language.
    bundle.catch(() => loading.delete(language));
    loading.set(language, bundle);
  }
  return bundle;
}

/** i18next asks per language and namespace; every namespace of a language comes in its one chunk. */
const localeBundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    bundleOf(language).then(
      (bundle) => callback(null, bundle[namespace] ?? {}),
      (error: Error) => callback(error, false),
    );
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

/** Settles once the cached language's texts are in: main.tsx renders after it, so no frame shows keys or English. */
export const i18nReady: Promise<unknown> = i18n
  .use(localeBundleBackend)
  .use(initReactI18next)
  .init({
    lng: cachedLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns: NAMESPACES,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });

export { i18n };
