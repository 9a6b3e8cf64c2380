import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ArrowLeftIcon, CheckCircleIcon, LockIcon, MailIcon } from '@/components/ui/icons';
import { requestPasswordReset } from '../api/forgot-password';
import { resetPassword } from '../api/reset-password';
import { serverText } from '../utils/auth-errors';
import { NewPasswordFields } from './new-password-fields';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';
import { sanitizeCode } from '../utils/sanitize-code';

type Step = 'enterEmail' | 'resetPassword' | 'success';

function BackToSignIn({ email }: { email?: string }) {
  const { t } = useTranslation('auth');
  return (
    <Link to="/signin" state={email ? { email } : undefined} className="inline-flex items-center gap-1.5 font-medium text-muted hover:text-fg">
      <ArrowLeftIcon size={16} />
      {t('forgot.backToSignIn')}
    </Link>
  );
}

/** Forgot password in three steps: enterEmail → resetPassword → success. */
export function ForgotPasswordFlow() {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>('enterEmail');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const sendCode = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const answer = await requestPasswordReset({ email: email.trim() });
      setNotice(answer?.message || t('forgot.codeSent'));
      setStep('resetPassword');
    } catch {
      setNotice(null);
      setError(t('forgot.sendFailed'));
    } finally {
      setBusy(false);
    }
  };

  const submitReset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (newPassword !== confirmPassword) {
      setError(t('forgot.mismatch'));
      return;
    }
    setBusy(true);
    try {
      const answer = await resetPassword({
        email: email.trim(),
        otp_code: code,
        new_password: newPassword,
        new_password_confirm: confirmPassword,
      });
      setNotice(answer?.message || t('forgot.resetDone'));
      setStep('success');
    } catch (failure) {
      setNotice(null);
      setError(serverText(failure, 'message') ?? serverText(failure, 'detail') ?? t('forgot.resetFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (step === 'success') {
    return (
      <AuthCard title={t('forgot.successTitle')} icon={<CheckCircleIcon size={22} />}>
        <div className="space-y-6">
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          <p className="text-sm text-muted">{t('forgot.successText')}</p>
          <Link to="/signin" state={{ email: email.trim() }} className={buttonClasses('primary', 'lg', 'w-full')}>
            {t('forgot.goToSignIn')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (step === 'resetPassword') {
    return (
      <AuthCard
        title={t('forgot.resetTitle')}
        icon={<LockIcon size={22} />}
        subtitle={
          <Trans
            t={t}
            i18nKey="forgot.resetIntro"
            values={{ email: email.trim() }}
            components={{ email: <span className="font-semibold text-fg" /> }}
          />
        }
        footer={<BackToSignIn email={email.trim()} />}
      >
        <form onSubmit={submitReset} className="space-y-5">
          {error ? <Alert>{error}</Alert> : notice ? <Alert tone="success">{notice}</Alert> : null}
          <TextField
            label={t('fields.verificationCode')}
            name="otp_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('forgot.codePlaceholder')}
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(sanitizeCode(e.target.value))}
            className="[&_input]:font-mono [&_input]:tracking-widest"
          />
          <NewPasswordFields newPassword={newPassword} confirmPassword={confirmPassword} onNewPassword={setNewPassword} onConfirmPassword={setConfirmPassword} />
          <Button type="submit" size="lg" fullWidth loading={busy}>
            {busy ? t('forgot.submitting') : t('forgot.submit')}
          </Button>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <button
              type="button"
              className="font-medium text-accent hover:underline disabled:opacity-60"
              disabled={busy}
              onClick={() => void sendCode()}
            >
              {t('forgot.sendNewCode')}
            </button>
            <button
              type="button"
              className="font-medium text-muted hover:text-fg"
              onClick={() => {
                setStep('enterEmail');
                setError(null);
                setNotice(null);
                setCode('');
              }}
            >
              {t('forgot.differentEmail')}
            </button>
          </div>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('forgot.title')}
      icon={<MailIcon size={22} />}
      subtitle={t('forgot.subtitle')}
      footer={<BackToSignIn />}
    >
      <form onSubmit={sendCode} className="space-y-5">
        {error ? <Alert>{error}</Alert> : null}
        <EmailField
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {busy ? t('forgot.sending') : t('forgot.sendCode')}
        </Button>
      </form>
    </AuthCard>
  );
}
