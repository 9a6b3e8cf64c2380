import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/field';
import { ArrowLeftIcon, CheckCircleIcon, LockIcon, MailIcon } from '@/components/ui/icons';
import { requestPasswordReset } from '../api/forgot-password';
import { resetPassword } from '../api/reset-password';
import { serverText } from '../utils/auth-errors';
import { AuthCard } from './auth-card';
import { sanitizeCode } from '../utils/sanitize-code';

type Step = 'enterEmail' | 'resetPassword' | 'success';

function backToSignIn(email?: string) {
  return (
    <Link to="/signin" state={email ? { email } : undefined} className="inline-flex items-center gap-1.5 font-medium text-muted hover:text-fg">
      <ArrowLeftIcon size={16} />
      Back to sign in
    </Link>
  );
}

/** Forgot password in three steps: enterEmail → resetPassword → success. */
export function ForgotPasswordFlow() {
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
      setNotice(answer?.message || 'Password reset code sent!');
      setStep('resetPassword');
    } catch {
      setNotice(null);
      setError('Failed to send reset code.');
    } finally {
      setBusy(false);
    }
  };

  const submitReset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (newPassword !== confirmPassword) {
      setError('Passwords do not match.');
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
      setNotice(answer?.message || 'Password has been reset successfully!');
      setStep('success');
    } catch (failure) {
      setNotice(null);
      setError(serverText(failure, 'message') ?? serverText(failure, 'detail') ?? 'Failed to reset password.');
    } finally {
      setBusy(false);
    }
  };

  if (step === 'success') {
    return (
      <AuthCard title="Password reset" icon={<CheckCircleIcon size={22} />}>
        <div className="space-y-6">
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          <p className="text-sm text-muted">You can now sign in with your new password.</p>
          <Link to="/signin" state={{ email: email.trim() }} className={buttonClasses('primary', 'lg', 'w-full')}>
            Go to Sign In
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (step === 'resetPassword') {
    return (
      <AuthCard
        title="Choose a new password"
        icon={<LockIcon size={22} />}
        subtitle={
          <>
            Enter the 6-digit code we sent to <span className="font-semibold text-fg">{email.trim()}</span> and your new
            password.
          </>
        }
        footer={backToSignIn(email.trim())}
      >
        <form onSubmit={submitReset} className="space-y-5">
          {error ? <Alert>{error}</Alert> : notice ? <Alert tone="success">{notice}</Alert> : null}
          <TextField
            label="Verification code"
            name="otp_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="6-digit code"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(sanitizeCode(e.target.value))}
            className="[&_input]:font-mono [&_input]:tracking-widest"
          />
          <PasswordField
            label="New password"
            name="new_password"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <PasswordField
            label="Confirm new password"
            name="new_password_confirm"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
          <Button type="submit" size="lg" fullWidth loading={busy}>
            {busy ? 'Resetting...' : 'Reset Password'}
          </Button>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <button
              type="button"
              className="font-medium text-accent hover:underline disabled:opacity-60"
              disabled={busy}
              onClick={() => void sendCode()}
            >
              Send a new code
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
              Use a different email
            </button>
          </div>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      icon={<MailIcon size={22} />}
      subtitle="Enter the email you signed up with and we'll send you a 6-digit code to reset it."
      footer={backToSignIn()}
    >
      <form onSubmit={sendCode} className="space-y-5">
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {busy ? 'Sending...' : 'Send Reset Code'}
        </Button>
      </form>
    </AuthCard>
  );
}
