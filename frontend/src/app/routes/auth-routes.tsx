import { Navigate, useLocation } from 'react-router';
import { ForgotPasswordFlow } from '@/features/auth/components/forgot-password-flow';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { VerifyEmailForm } from '@/features/auth/components/verify-email-form';
import { getOnboardingStatus } from '@/features/onboarding/api/get-onboarding-status';

export function SignInRoute() {
  return (
    <>
      <title>Sign In · Scoreline</title>
      <SignInForm isOnboardingComplete={getOnboardingStatus} />
    </>
  );
}

export function SignUpRoute() {
  return (
    <>
      <title>Create Account · Scoreline</title>
      <SignUpForm />
    </>
  );
}

export function ForgotPasswordRoute() {
  return (
    <>
      <title>Reset Password · Scoreline</title>
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
  const location = useLocation();
  const { email, token } = readVerifyState(location.state);
  if (!email) return <Navigate to="/signup" replace />;
  return (
    <>
      <title>Verify Email · Scoreline</title>
      <VerifyEmailForm email={email} token={token} />
    </>
  );
}
