import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import type { RegisterRequest } from '@scoreline/contracts/api/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, PasswordField, TextField } from '@/components/ui/field';
import { getFieldError } from '@/lib/api-error';
import { register } from '../api/register';
import { isNetworkFailure } from '../utils/auth-errors';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

/** The fields whose server errors are listed, in this order (their labels: signUp.errorFields). */
const ERROR_FIELDS = ['username', 'email', 'password', 'password_confirm'] as const satisfies ReadonlyArray<keyof RegisterRequest>;

/** The sign-up error lines of spec section 8, one per field the server rejected (the server's text after the label). */
export function registrationErrorLines(error: unknown, t: TFunction<'auth'>): string[] {
  if (isNetworkFailure(error)) return [t('errors.network')];
  const lines = ERROR_FIELDS.flatMap((field) => {
    const first = getFieldError(error, field);
    return first ? [t('signUp.fieldError', { label: t(`signUp.errorFields.${field}`), message: first })] : [];
  });
  return lines.length > 0 ? lines : [t('signUp.failed')];
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
  const { t } = useTranslation('auth');
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
      setErrors(registrationErrorLines(failure, t));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      footer={
        <Trans
          t={t}
          i18nKey="signUp.haveAccount"
          components={{ signin: <Link to="/signin" className="font-semibold text-accent hover:underline" /> }}
        />
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
            label={t('fields.firstName')}
            name="first_name"
            autoComplete="given-name"
            required
            value={values.first_name}
            onChange={set('first_name')}
          />
          <TextField
            label={t('fields.lastName')}
            name="last_name"
            autoComplete="family-name"
            required
            value={values.last_name}
            onChange={set('last_name')}
          />
        </div>
        <TextField
          label={t('fields.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint={t('signUp.usernameHint')}
          value={values.username}
          onChange={set('username')}
        />
        <EmailField
          required
          value={values.email}
          onChange={set('email')}
        />
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set('password')}
        />
        <PasswordField
          label={t('signUp.confirmPassword')}
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
            <Trans
              t={t}
              i18nKey="signUp.agree"
              components={{
                terms: <Link to="/terms" className="font-medium text-accent hover:underline" />,
                privacy: <Link to="/privacy" className="font-medium text-accent hover:underline" />,
              }}
            />
          }
        />
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? t('signUp.submitting') : t('signUp.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
