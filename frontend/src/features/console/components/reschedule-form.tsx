import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { displayTimeZone } from '@/lib/format';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { useRescheduleFixture } from '../api/fixture-actions';
import { formErrorsOf } from '../utils/server-errors';
import { fromLocalInput, toLocalInput } from '../utils/zoned-time';
import { ConsoleField } from './console-field';

/** Move a kick-off (PATCH /admin/fixtures/{id}): a date and time in the zone the operator reads times in, sent as an instant. */
export function RescheduleForm({ fixture }: { fixture: AdminFixture }) {
  const { t } = useTranslation('console');
  const display = useDateDisplay();
  const reschedule = useRescheduleFixture();
  const [value, setValue] = useState(() => toLocalInput(fixture.match_time, display.timeZone));
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    setError(undefined);
    const matchTime = fromLocalInput(value, display.timeZone);
    if (!matchTime) {
      setError(t('matches.reschedule.invalid'));
      return;
    }
    reschedule.mutate(
      { id: fixture.id, body: { match_time: matchTime } },
      {
        onSuccess: (moved) => {
          setValue(toLocalInput(moved.match_time, display.timeZone));
          setSaved(true);
        },
        onError: (failure) => {
          const placed = formErrorsOf(failure, ['match_time']);
          setError(placed.fields.match_time ?? placed.message ?? t('matches.reschedule.failed'));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={reschedule.isPending} className="space-y-3">
        <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">{t('matches.reschedule.title')}</legend>
        <ConsoleField label={t('matches.reschedule.label')} hint={t('matches.reschedule.zone', { zone: displayTimeZone(display) })} error={error}>
          {(control) => <input {...control} type="datetime-local" value={value} onChange={(event) => setValue(event.target.value)} className={inputClasses} />}
        </ConsoleField>
        {saved ? (
          <Alert tone="success">
            <p>{t('matches.reschedule.saved')}</p>
          </Alert>
        ) : null}
        <Button type="submit" variant="secondary" loading={reschedule.isPending}>
          {reschedule.isPending ? t('saving') : t('matches.reschedule.save')}
        </Button>
      </fieldset>
    </form>
  );
}
