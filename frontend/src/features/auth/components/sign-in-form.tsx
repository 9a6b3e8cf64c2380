import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, PasswordField, TextField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api-error';
import { clearStoredToken, storeToken } from '@/lib/auth-token';
import { login } from '../api/login';
import { AuthCard } from './auth-card';

type Phase = 'idle' | 'signing-in' | 'checking';

const NO_TOKEN_MESSAGE = 'Login successful, but no auth token was provided.';

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
 * (`isOnboardingComplete`, supplied by the app) to pick the next screen.
 */
export function SignInForm({ isOnboardingComplete }: { isOnboardingComplete: () => Promise<boolean> }) {
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
      setError('Please fill in both fields.');
      return;
    }
    setPhase('signing-in');
    try {
      const token = await login({ email: email.trim(), password });
      if (!token) throw new NoTokenError(NO_TOKEN_MESSAGE);
      storeToken(token);
      queryClient.clear();
      setPhase('checking');
      const complete = await isOnboardingComplete();
      navigate(complete ? '/dashboard' : '/onboarding/country-club-selection', { replace: true });
    } catch (failure) {
      clearStoredToken();
      setError(
        failure instanceof NoTokenError ? NO_TOKEN_MESSAGE : (getServerMessage(failure) ?? 'Invalid email or password.'),
      );
      setPhase('idle');
    }
  };

  const busy = phase !== 'idle';

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to make your predictions and check your rank."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="font-semibold text-accent hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={busy}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={busy}
          labelAction={
            <Link to="/forgot-password" className="text-sm font-medium text-accent hover:underline">
              Forgot password?
            </Link>
          }
        />
        <Checkbox label="Remember me" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {phase === 'signing-in' ? 'Signing In...' : phase === 'checking' ? 'Checking your setup...' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}
