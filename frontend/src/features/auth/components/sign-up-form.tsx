import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { RegisterRequest } from '@contracts/api/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, PasswordField, TextField } from '@/components/ui/field';
import { getFieldError } from '@/lib/api-error';
import { register } from '../api/register';
import { isNetworkFailure, NETWORK_ERROR_MESSAGE } from '../utils/auth-errors';
import { AuthCard } from './auth-card';

const FIELD_LABELS: ReadonlyArray<[keyof RegisterRequest, string]> = [
  ['username', 'Username'],
  ['email', 'Email'],
  ['password', 'Password'],
  ['password_confirm', 'Password confirmation'],
];

/** The sign-up error lines of spec section 8, one per field the server rejected. */
export function registrationErrorLines(error: unknown): string[] {
  if (isNetworkFailure(error)) return [NETWORK_ERROR_MESSAGE];
  const lines = FIELD_LABELS.flatMap(([field, label]) => {
    const first = getFieldError(error, field);
    return first ? [`${label}: ${first}`] : [];
  });
  return lines.length > 0 ? lines : ['Registration failed. Please try again.'];
}

const EMPTY: RegisterRequest = {
  first_name: '',
  last_name: '',
  username: '',
  email: '',
  password: '',
  password_confirm: '',
};

export function SignUpForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<RegisterRequest>(EMPTY);
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const set = (field: keyof RegisterRequest) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setErrors([]);
    setSubmitting(true);
    const body: RegisterRequest = {
      ...values,
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      username: values.username.trim(),
      email: values.email.trim(),
    };
    try {
      const result = await register(body);
      navigate('/auth/verify-otp', { state: { email: result.email, token: result.token } });
    } catch (failure) {
      setErrors(registrationErrorLines(failure));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join the game: predict every match, bank your best pick, climb the leagues."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/signin" className="font-semibold text-accent hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-5">
        {errors.length > 0 ? (
          <Alert>
            {errors.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </Alert>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            required
            value={values.first_name}
            onChange={set('first_name')}
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            required
            value={values.last_name}
            onChange={set('last_name')}
          />
        </div>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint="unique: oneword"
          value={values.username}
          onChange={set('username')}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          required
          value={values.email}
          onChange={set('email')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set('password')}
        />
        <PasswordField
          label="Confirm password"
          name="password_confirm"
          autoComplete="new-password"
          required
          value={values.password_confirm}
          onChange={set('password_confirm')}
        />
        <Checkbox
          required
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          label={
            <>
              I agree to the{' '}
              <Link to="/terms" className="font-medium text-accent hover:underline">
                Terms
              </Link>{' '}
              and{' '}
              <Link to="/privacy" className="font-medium text-accent hover:underline">
                Privacy Policy
              </Link>
            </>
          }
        />
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
