import { LANGUAGES, type LanguageSetting } from '@scoreline/contracts/api/preferences';
import type { PushAction } from '@scoreline/contracts/api/push';
import push from '../locales/push';

/**
 * What the service worker shows after the owner tapped Approve or Reject on a join-request
 * notification. The worker has no i18next: it picks the texts of the push namespace (all four
 * languages are bundled into it, a few hundred bytes) by the language the push carried, else the
 * browser's, else English.
 */
export type DecisionOutcome = 'done' | 'expired' | 'failed';

/** The outcome of POST /api/push/actions/ by its status (null: no answer at all). */
export function decisionOutcome(status: number | null): DecisionOutcome {
  if (status !== null && status >= 200 && status < 300) return 'done';
  // 401: the action token is past its days (or damaged); anything else: decide in the app.
  return status === 401 ? 'expired' : 'failed';
}

const isLanguage = (value: unknown): value is LanguageSetting => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The first usable of the candidates: a language setting ("de") or a browser tag ("de-AT"). */
export function pickLanguage(...candidates: unknown[]): LanguageSetting {
  for (const candidate of candidates) {
    if (isLanguage(candidate)) return candidate;
    if (typeof candidate === 'string') {
      const primary = candidate.split('-')[0].toLowerCase();
      if (isLanguage(primary)) return primary;
    }
  }
  return 'en';
}

export function decisionNotice(language: LanguageSetting, action: PushAction, outcome: DecisionOutcome): { title: string; body: string } {
  const t = push[language].decision;
  if (outcome === 'done') return { title: action === 'approve' ? t.approved : t.rejected, body: '' };
  return { title: outcome === 'expired' ? t.expired : t.failed, body: t.openLeague };
}
