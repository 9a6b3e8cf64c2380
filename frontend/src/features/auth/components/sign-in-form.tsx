import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, PasswordField } from '@/components/ui/field';
import { EMAIL_NOT_VERIFIED } from '@scoreline/contracts/api/auth';
import { ApiError, getServerMessage } from '@/lib/api-error';
import { clearStoredToken, storeToken } from '@/lib/auth-token';
import { login } from '../api/login';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';
import { takeReturnTo } from '@/lib/return-to';

type Phase = 'idle' | 'signing-in' | 'checking';

class NoTokenError extends Error {}

function emailFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'email' in state) {
    const email = (state as { email: unknown }).email;
    if (typeof email === 'string') return email;
  }
  return '';
}

/**
 * Sign in: POST /auth/login/, store the token, then ask whether onboarding is done
 * (`isOnboardingComplete`, supplied by the app) to pick the next screen. An unverified
 * account (right password) goes to the verify screen with its email.
 */
export function SignInForm({ isOnboardingComplete }: { isOnboardingComplete: () => Promise<boolean> }) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(() => emailFromState(location.state));
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    setError(null);
    if (!email.trim() || !password) {
      setError(t('signIn.fillBoth'));
      return;
    }
    setPhase('signing-in');
    try {
      const token = await login({ email: email.trim(), password });
      if (!token) throw new NoTokenError();
      storeToken(token);
      queryClient.clear();
      setPhase('checking');
      const complete = await isOnboardingComplete();
      // An invite link opened signed out waits until onboarding is done (onboarding takes it then).
      navigate(complete ? (takeReturnTo() ?? '/dashboard') : '/onboarding/country-club-selection', { replace: true });
    } catch (failure) {
      clearStoredToken();
      // The right password, but the email is not verified yet: a fresh code is on its way.
      if (failure instanceof ApiError && failure.status === 403 && failure.body?.detail === EMAIL_NOT_VERIFIED) {
        navigate('/auth/verify-otp', { state: { email: email.trim() } });
        return;
      }
      setError(
        failure instanceof NoTokenError ? t('signIn.noToken') : (getServerMessage(failure) ?? t('signIn.invalid')),
      );
      setPhase('idle');
    }
  };

  const busy = phase !== 'idle';

  return (
    <AuthCard
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      footer={
        <Trans
          t={t}
          i18nKey="signIn.noAccount"
          components={{ signup: <Link to="/signup" className="font-semibold text-accent hover:underline" /> }}
        />
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {error ? <Alert>{error}</Alert> : null}
        <EmailField
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={busy}
        />
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          placeholder={t('signIn.passwordPlaceholder')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={busy}
          labelAction={
            <Link to="/forgot-password" className="text-sm font-medium text-accent hover:underline">
              {t('signIn.forgotPassword')}
            </Link>
          }
        />
        <Checkbox label={t('signIn.rememberMe')} checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {phase === 'signing-in' ? t('signIn.submitting') : phase === 'checking' ? t('signIn.checking') : t('signIn.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
