import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeasonBonus } from '@scoreline/contracts/api/bonus';
import { PageHeader } from '@/components/layout/page-header';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { TrophyIcon } from '@/components/ui/icons';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { ApiError, getServerMessage } from '@/lib/api-error';
import { useBonus, useBonusSource } from '../api/get-bonus';
import { isClosedError, useSaveBonusAnswers } from '../api/save-bonus-answers';
import { BonusAnswersForm } from './bonus-answers-form';
import { BonusLockedView } from './bonus-locked-view';
import { LockLine } from './lock-line';

/** The longest wait setTimeout takes (about 24.8 days); a later lock is caught by the next visit. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function BonusSkeleton() {
  const { t } = useTranslation('bonus');
  return (
    <LoadingRegion label={t('loading')} className="space-y-4">
      <Skeleton className="h-5 w-72 max-w-full" />
      <Card className="divide-y divide-line" aria-hidden="true">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="space-y-2 px-5 py-5 sm:px-6">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-11 w-full rounded-xl" />
          </div>
        ))}
      </Card>
      <Skeleton className="ml-auto h-12 w-40 rounded-xl" />
    </LoadingRegion>
  );
}

/** Reloads the questions when they lock while the screen is open, so it turns read-only by itself. */
function useReloadAtLock(bonus: SeasonBonus | undefined, reload: () => unknown) {
  const locksAt = bonus?.open ? bonus.locks_at : null;
  useEffect(() => {
    if (locksAt === null) return;
    const wait = Date.parse(locksAt) - Date.now();
    if (wait > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(reload, Math.max(0, wait) + 1000);
    return () => clearTimeout(timer);
  }, [locksAt, reload]);
}

/**
 * /bonus: the bonus questions of the competition the switcher shows (else the active season's),
 * answered until its first kick-off, then settled and scored.
 */
export function BonusScreen() {
  const { t } = useTranslation('bonus');
  const source = useBonusSource();
  const bonus = useBonus(source);
  const save = useSaveBonusAnswers(source ?? 'current');
  const { refetch } = bonus;
  useReloadAtLock(bonus.data, refetch);
  const data = bonus.data;

  let content;
  if (bonus.isPending) {
    content = <BonusSkeleton />;
  } else if (bonus.isError) {
    content =
      bonus.error instanceof ApiError && bonus.error.status === 404 ? (
        <Card>
          <EmptyState icon={<TrophyIcon size={22} />} title={t('none.title')} description={t('none.text')} />
        </Card>
      ) : (
        <Card>
          <ErrorState title={t('loadError')} message={getServerMessage(bonus.error)} onRetry={() => void refetch()} />
        </Card>
      );
  } else {
    const season = bonus.data;
    content = (
      <div className="space-y-4">
        <LockLine locksAt={season.locks_at} open={season.open} />
        {season.open ? (
          <BonusAnswersForm key={season.season_id} bonus={season} save={save} />
        ) : (
          <BonusLockedView bonus={season} closedNotice={isClosedError(save.error)} />
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        eyebrow={data?.season_name}
        title={t('title')}
        description={
          data && data.questions.length > 0 ? t(data.open ? 'description' : 'worthEach', { count: data.questions[0].points }) : undefined
        }
      />
      {content}
    </div>
  );
}
