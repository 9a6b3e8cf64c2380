import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ForgotPasswordFlow } from '@/features/auth/components/forgot-password-flow';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { VerifyEmailForm } from '@/features/auth/components/verify-email-form';
import { getOnboardingStatus } from '@/features/onboarding/api/get-onboarding-status';

export function SignInRoute() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('pageTitle.signIn')} · Scoreline`}</title>
      <SignInForm isOnboardingComplete={getOnboardingStatus} />
    </>
  );
}

export function SignUpRoute() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('pageTitle.signUp')} · Scoreline`}</title>
      <SignUpForm />
    </>
  );
}

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('pageTitle.resetPassword')} · Scoreline`}</title>
      <ForgotPasswordFlow />
    </>
  );
}

function readVerifyState(state: unknown): { email?: string; token?: string } {
  if (typeof state !== 'object' || state === null) return {};
  const { email, token } = state as Record<string, unknown>;
  return {
    email: typeof email === 'string' && email ? email : undefined,
    token: typeof token === 'string' && token ? token : undefined,
  };
}

/** /auth/verify-otp: needs the email from sign-up in the navigation state, else back to /signup. */
export function VerifyOtpRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const { email, token } = readVerifyState(location.state);
  if (!email) return <Navigate to="/signup" replace />;
  return (
    <>
      <title>{`${t('pageTitle.verifyEmail')} · Scoreline`}</title>
      <VerifyEmailForm email={email} token={token} />
    </>
  );
}
