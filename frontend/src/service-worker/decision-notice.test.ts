import { describe, expect, it } from 'vitest';
import { decisionNotice, decisionOutcome, pickLanguage } from './decision-notice';

describe('the notice after Approve / Reject in a notification', () => {
  it('reads the action endpoint’s answer', () => {
    expect([200, 204, 401, 404, 409, 429, 500, null].map(decisionOutcome)).toEqual(['done', 'done', 'expired', 'failed', 'failed', 'failed', 'failed', 'failed']);
  });

  it('speaks the language the push carried, else the browser’s, else English', () => {
    expect(pickLanguage('de', 'fr-FR')).toBe('de');
    expect(pickLanguage(undefined, 'fr-FR')).toBe('fr');
    expect(pickLanguage('pt', 'ES')).toBe('es');
    expect(pickLanguage(null, 'pt-BR')).toBe('en');
    expect(pickLanguage()).toBe('en');
  });

  it('says what happened in each language', () => {
    expect(decisionNotice('en', 'approve', 'done')).toEqual({ title: 'Request approved', body: '' });
    expect(decisionNotice('es', 'reject', 'done')).toEqual({ title: 'Solicitud rechazada', body: '' });
    expect(decisionNotice('fr', 'approve', 'expired')).toEqual({ title: 'Cette notification a expiré', body: 'Ouvrez la ligue pour décider.' });
    expect(decisionNotice('de', 'reject', 'failed')).toEqual({ title: 'Aus der Benachrichtigung ließ sich nicht entscheiden', body: 'Öffne die Liga, um zu entscheiden.' });
  });

  it('never shows English to a reader of another language', () => {
    for (const language of ['es', 'fr', 'de'] as const) {
      for (const action of ['approve', 'reject'] as const) {
        for (const outcome of ['done', 'expired', 'failed'] as const) {
          const shown = decisionNotice(language, action, outcome);
          const english = decisionNotice('en', action, outcome);
          expect([language, action, outcome, shown.title === english.title]).toEqual([language, action, outcome, false]);
        }
      }
    }
  });
});
