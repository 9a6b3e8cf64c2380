import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { usePostponeFixture } from '../api/fixture-actions';
import { formErrorsOf } from '../utils/server-errors';

/** Postpone or void a match (POST /admin/fixtures/{id}/postpone): its predictions become void, so it asks first. */
export function PostponeControl({ fixture }: { fixture: AdminFixture }) {
  const { t } = useTranslation('console');
  const postpone = usePostponeFixture();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onConfirm = () => {
    setError(null);
    postpone.mutate(fixture.id, {
      onSuccess: () => setConfirming(false),
      onError: (failure) => setError(formErrorsOf(failure, []).message ?? t('matches.postpone.failed')),
    });
  };

  return (
    <div>
      <h4 className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">{t('matches.postpone.title')}</h4>
      {fixture.status === 'postponed' ? (
        <p className="text-sm text-muted">{t('matches.postpone.already')}</p>
      ) : confirming ? (
        <div className="space-y-3">
          <Alert tone="warning">
            <p>{t('matches.postpone.confirmText', { match: t('fixtureName', { home: fixture.home_team, away: fixture.away_team }) })}</p>
          </Alert>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" loading={postpone.isPending} onClick={onConfirm}>
              {t('matches.postpone.confirm')}
            </Button>
            <Button variant="ghost" disabled={postpone.isPending} onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">{t('matches.postpone.text')}</p>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('matches.postpone.button')}
          </Button>
        </>
      )}
      {error ? (
        <Alert className="mt-3">
          <p>{error}</p>
        </Alert>
      ) : null}
    </div>
  );
}
