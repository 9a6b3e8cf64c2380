import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useOnboardingStatus } from '../api/get-onboarding-status';
import { usePreferences } from '../api/get-preferences';
import { OnboardingForm } from './onboarding-form';
import { peekReturnTo } from '@/lib/return-to';

function OnboardingSkeleton() {
  const { t } = useTranslation('onboarding');
  return (
    <LoadingRegion label={t('checking')} className="w-full">
      <Card className="overflow-hidden">
        <div className="space-y-3 border-b border-line px-6 py-7 sm:px-8">
          <Skeleton className="h-3 w-32" />
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-4 w-full max-w-md" />
        </div>
        <div className="space-y-6 px-6 py-7 sm:px-8">
          <Skeleton className="h-[4.5rem]" />
          <Skeleton className="h-[4.5rem]" />
          <Skeleton className="h-12" />
          <div className="flex justify-end gap-3">
            <Skeleton className="h-12 w-32" />
            <Skeleton className="h-12 w-36" />
          </div>
        </div>
      </Card>
    </LoadingRegion>
  );
}

/**
 * /onboarding/country-club-selection. The status check runs first: a finished onboarding goes
 * to /dashboard, anything else (also a failed check) shows the form. In 'change' mode (from
 * Settings) the form shows regardless, to change the country or club.
 */
export function OnboardingScreen({ mode = 'setup' }: { mode?: 'setup' | 'change' }) {
  const status = useOnboardingStatus({ enabled: mode === 'setup' });
  const preferences = usePreferences();
  // Read once: after Complete Setup the status refetch re-renders this screen while the next
  // route loads, and the form has taken the invite path by then.
  const [returnTo] = useState(() => peekReturnTo());

  if (mode === 'setup' && status.isPending) return <OnboardingSkeleton />;
  if (mode === 'setup' && status.data === true) return <Navigate to={returnTo ?? '/dashboard'} replace />;
  if (preferences.isPending) return <OnboardingSkeleton />;
  return <OnboardingForm mode={mode} initial={preferences.isSuccess ? preferences.data : null} />;
}
