import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useRecordResult } from '../api/fixture-actions';
import { checkResultDraft, draftOf, MAX_MINUTE, RESULT_FIELDS, type ResultDraft, type ResultField } from '../utils/result-draft';
import { formErrorsOf } from '../utils/server-errors';
import { ConsoleField } from './console-field';
import { GoalsPair } from './goals-pair';

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * Record or correct a match's result (PUT /admin/fixtures/{id}/result): the score after 90
 * minutes, live with its minute or finished, and for a knockout match extra time and penalties.
 * Checked before sending; the server's refusal shows under the field it names.
 */
export function ResultForm({ fixture, knockout }: { fixture: AdminFixture; knockout: boolean }) {
  const { t } = useTranslation('console');
  const headingId = useId();
  const record = useRecordResult();
  const [draft, setDraft] = useState<ResultDraft>(() => draftOf(fixture));
  const [errors, setErrors] = useState<Partial<Record<ResultField, string>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  // Extra time and penalties: a tournament's matches, or one that already has them.
  const showKnockout = knockout || fixture.extra_time !== null || fixture.penalties !== null;

  const set = <K extends keyof ResultDraft>(key: K, value: ResultDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const check = checkResultDraft(draft);
    if (!check.ok) {
      setErrors(Object.fromEntries(Object.entries(check.errors).map(([field, problem]) => [field, t(`matches.result.errors.${problem}`)])));
      return;
    }
    setErrors({});
    record.mutate(
      { id: fixture.id, body: check.body },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          setNotice({ tone: 'success', text: t('matches.result.saved') });
        },
        onError: (failure) => {
          const placed = formErrorsOf(failure, RESULT_FIELDS);
          setErrors(placed.fields);
          if (Object.keys(placed.fields).length === 0) setNotice({ tone: 'error', text: placed.message ?? t('matches.result.failed') });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h4 id={headingId} className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">
        {t('matches.result.title')}
      </h4>
      <fieldset disabled={record.isPending} className="space-y-4">
        <GoalsPair
          legend={t('matches.result.score')}
          homeLabel={t('matches.result.goalsOf', { team: fixture.home_team })}
          awayLabel={t('matches.result.goalsOf', { team: fixture.away_team })}
          home={draft.home}
          away={draft.away}
          onHome={(v) => set('home', v)}
          onAway={(v) => set('away', v)}
          homeError={errors.home_score}
          awayError={errors.away_score}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <ConsoleField label={t('matches.result.status')} error={errors.status}>
            {(control) => (
              <select {...control} value={draft.status} onChange={(event) => set('status', event.target.value === 'live' ? 'live' : 'finished')} className={cn(inputClasses, 'cursor-pointer appearance-auto pr-8')}>
                <option value="live">{t('matches.result.live')}</option>
                <option value="finished">{t('matches.result.finished')}</option>
              </select>
            )}
          </ConsoleField>
          {draft.status === 'live' ? (
            <ConsoleField label={t('matches.result.minute')} hint={t('matches.result.minuteHint', { max: MAX_MINUTE })} error={errors.minute}>
              {(control) => (
                <input {...control} type="number" inputMode="numeric" min={1} max={MAX_MINUTE} step={1} value={draft.minute} onChange={(event) => set('minute', event.target.value)} className={cn(inputClasses, 'tabular-nums')} />
              )}
            </ConsoleField>
          ) : null}
        </div>
        {showKnockout ? (
          <div className="space-y-4 rounded-xl border border-line p-3">
            <p className="text-xs text-muted">{t('matches.result.knockoutHint')}</p>
            <Checkbox label={t('matches.result.extraTime')} checked={draft.extraTime} onChange={(event) => set('extraTime', event.target.checked)} />
            {draft.extraTime ? (
              <GoalsPair
                legend={t('matches.result.afterExtraTime')}
                homeLabel={t('matches.result.extraTimeOf', { team: fixture.home_team })}
                awayLabel={t('matches.result.extraTimeOf', { team: fixture.away_team })}
                home={draft.extraHome}
                away={draft.extraAway}
                onHome={(v) => set('extraHome', v)}
                onAway={(v) => set('extraAway', v)}
                error={errors.extra_time}
              />
            ) : errors.extra_time ? (
              <p className="text-sm font-medium text-danger">{errors.extra_time}</p>
            ) : null}
            <Checkbox label={t('matches.result.penalties')} checked={draft.penalties} onChange={(event) => set('penalties', event.target.checked)} />
            {draft.penalties ? (
              <GoalsPair
                legend={t('matches.result.shootOut')}
                homeLabel={t('matches.result.penaltiesOf', { team: fixture.home_team })}
                awayLabel={t('matches.result.penaltiesOf', { team: fixture.away_team })}
                home={draft.penaltiesHome}
                away={draft.penaltiesAway}
                onHome={(v) => set('penaltiesHome', v)}
                onAway={(v) => set('penaltiesAway', v)}
                error={errors.penalties}
              />
            ) : errors.penalties ? (
              <p className="text-sm font-medium text-danger">{errors.penalties}</p>
            ) : null}
          </div>
        ) : null}
        {notice ? (
          <Alert tone={notice.tone}>
            <p>{notice.text}</p>
          </Alert>
        ) : null}
        <Button type="submit" loading={record.isPending}>
          {record.isPending ? t('saving') : t('matches.result.save')}
        </Button>
      </fieldset>
    </form>
  );
}
