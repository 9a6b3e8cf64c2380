import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OnboardingScreen } from '@/features/onboarding/components/onboarding-screen';

/** /onboarding/country-club-selection; `?change=1` (from Settings) changes existing choices. */
export function OnboardingRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = params.get('change') === '1' ? 'change' : 'setup';
  return (
    <>
      <title>{`${t('pageTitle.onboarding')} · Scoreline`}</title>
      <OnboardingScreen mode={mode} />
    </>
  );
}
