import { LANGUAGES, type LanguageSetting } from '@scoreline/contracts/api/preferences';
import activity from '@/locales/activity';
import auth from '@/locales/auth';
import bonus from '@/locales/bonus';
import common from '@/locales/common';
import compare from '@/locales/compare';
import consoleTexts from '@/locales/console';
import dashboard from '@/locales/dashboard';
import fixtures from '@/locales/fixtures';
import groups from '@/locales/groups';
import history from '@/locales/history';
import invites from '@/locales/invites';
import leagues from '@/locales/leagues';
import onboarding from '@/locales/onboarding';
import picks from '@/locales/picks';
import player from '@/locales/player';
import push from '@/locales/push';
import results from '@/locales/results';
import settings from '@/locales/settings';
import site from '@/locales/site';
import tables from '@/locales/tables';

/**
 * Every namespace: one file per area of the app under src/locales, each in all four languages,
 * registered here under its file's name. The app never imports this module (it would put every
 * language in the first download): it gives i18next its key types, and the tests every language.
 * The app loads one language at a time from `virtual:locale-bundle/<language>` (build/locale-bundles.ts).
 */
export const NAMESPACES = { common, auth, onboarding, site, fixtures, results, dashboard, history, player, leagues, activity, settings, tables, compare, picks, invites, push, bonus, groups, console: consoleTexts };
export type Namespace = keyof typeof NAMESPACES;

function resourcesIn(language: LanguageSetting) {
  return Object.fromEntries(Object.entries(NAMESPACES).map(([ns, t]) => [ns, t[language]])) as { [N in Namespace]: (typeof NAMESPACES)[N]['en'] };
}

export type LanguageResources = ReturnType<typeof resourcesIn>;

export const resources = Object.fromEntries(LANGUAGES.map((language) => [language, resourcesIn(language)])) as Record<LanguageSetting, LanguageResources>;
