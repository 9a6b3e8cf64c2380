import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { GlobeIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '../api/get-preferences';
import { ClubBadge } from './club-badge';

export const CHANGE_PREFERENCES_PATH = '/onboarding/country-club-selection?change=1';

/** Settings: the chosen country and club, with a link to change them on the onboarding screen. */
export function FavoriteTeamCard() {
  const { t } = useTranslation('onboarding');
  const preferences = usePreferences();
  const country = preferences.data?.country ?? null;
  const club = preferences.data?.club ?? null;

  return (
    <Card>
      <CardHeader
        title={t('card.title')}
        description={t('card.description')}
        action={
          <Link
            to={CHANGE_PREFERENCES_PATH}
            className={buttonClasses('secondary', 'sm')}
            aria-label={country || club ? t('card.changeLabel') : t('card.chooseLabel')}
          >
            {country || club ? t('card.change') : t('card.choose')}
          </Link>
        }
      />
      <CardBody>
        {preferences.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2" aria-hidden="true">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="flex items-center gap-3 rounded-xl bg-surface-2 p-3.5">
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-surface-3 text-xl" aria-hidden="true">
                {country?.flag || <GlobeIcon size={18} className="text-muted" />}
              </span>
              <div className="min-w-0">
                <p className="text-xs text-muted">{t('card.country')}</p>
                <p className="truncate text-sm font-semibold text-fg">{country?.name ?? t('card.notChosen')}</p>
              </div>
            </div>
            <div className="flex items-center gap-3 rounded-xl bg-surface-2 p-3.5">
              {club ? (
                <ClubBadge name={club.name} />
              ) : (
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-surface-3" aria-hidden="true" />
              )}
              <div className="min-w-0">
                <p className="text-xs text-muted">{t('card.club')}</p>
                <p className="truncate text-sm font-semibold text-fg">{club?.name ?? t('card.notChosen')}</p>
              </div>
            </div>
          </div>
        )}
        {preferences.isError ? (
          <p className="mt-3 text-sm text-muted">{t('card.loadFailed')}</p>
        ) : null}
      </CardBody>
    </Card>
  );
}
