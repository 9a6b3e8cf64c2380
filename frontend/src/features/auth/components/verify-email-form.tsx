import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { inputClasses, Label } from '@/components/ui/field';
import { ArrowLeftIcon, MailIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { resendOtp } from '../api/resend-otp';
import { verifyOtp } from '../api/verify-otp';
import { useCountdown } from '../hooks/use-countdown';
import { isNetworkFailure, serverText } from '../utils/auth-errors';
import { formatCountdown } from '../utils/format-countdown';
import { maskEmail } from '../utils/mask-email';
import { CODE_LENGTH, sanitizeCode } from '../utils/sanitize-code';

export const MAX_FAILED_ATTEMPTS = 3;
export const RESEND_COOLDOWN_SECONDS = 60;
export const REDIRECT_DELAY_MS = 1500;
/** What the server says once the code is locked (compared as is; shown translated as verify.locked). */
export const LOCKED_MESSAGE = 'Too many failed attempts. Please request a new verification code.';

type Message = { tone: 'error' | 'success'; text: string } | null;

export function VerifyEmailForm({ email, token }: { email: string; token?: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const inputId = useId();
  const counterId = useId();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const [locked, setLocked] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [verified, setVerified] = useState(false);
  const [resending, setResending] = useState(false);
  // Registration has just sent a code, so the resend cooldown starts with the screen.
  const countdown = useCountdown(RESEND_COOLDOWN_SECONDS);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || verifying || verified) return;
    if (code.length !== CODE_LENGTH) {
      setMessage({ tone: 'error', text: t('verify.codeRequired') });
      return;
    }
    setMessage(null);
    setVerifying(true);
    try {
      await verifyOtp({ otp_code: code, purpose: 'email_verification', email, token });
      setVerified(true);
      setMessage({ tone: 'success', text: t('verify.verified') });
      redirectTimer.current = setTimeout(
        () => navigate('/signin', { replace: true, state: { email } }),
        REDIRECT_DELAY_MS,
      );
    } catch (failure) {
      if (isNetworkFailure(failure)) {
        setMessage({ tone: 'error', text: t('errors.network') });
        setCode('');
        return;
      }
      const text = serverText(failure, 'detail') ?? serverText(failure, 'error') ?? serverText(failure, 'message');
      const attempts = failedAttempts + 1;
      setFailedAttempts(attempts);
      if (attempts >= MAX_FAILED_ATTEMPTS || text === LOCKED_MESSAGE) {
        setLocked(true);
        setMessage({ tone: 'error', text: t('verify.locked') });
      } else {
        const remaining = MAX_FAILED_ATTEMPTS - attempts;
        setMessage({
          tone: 'error',
          text: t('verify.attemptsRemaining', { message: text ?? t('verify.invalidCode'), count: remaining }),
        });
      }
    } finally {
      setVerifying(false);
    }
  };

  const onResend = async () => {
    if (countdown.running || resending) return;
    setResending(true);
    try {
      await resendOtp({ email, purpose: 'email_verification' });
      setFailedAttempts(0);
      setLocked(false);
      setCode('');
      setMessage({ tone: 'success', text: t('verify.resent') });
      countdown.restart(RESEND_COOLDOWN_SECONDS);
      inputRef.current?.focus();
    } catch (failure) {
      setMessage({
        tone: 'error',
        text: serverText(failure, 'detail') ?? t('verify.resendFailed'),
      });
    } finally {
      setResending(false);
    }
  };

  const inputDisabled = locked || verified;

  return (
    <div className="w-full animate-slide-up">
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8">
        <div className="mb-5 grid size-12 place-items-center rounded-2xl bg-primary-soft text-accent" aria-hidden="true">
          <MailIcon size={22} />
        </div>
        <h1 className="font-display text-2xl font-extrabold tracking-tight text-fg">{t('verify.title')}</h1>
        <p className="mt-2 text-sm text-muted">
          <Trans
            t={t}
            i18nKey="verify.intro"
            values={{ email: maskEmail(email) }}
            components={{ email: <span className="font-semibold text-fg" /> }}
          />
        </p>

        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          <div>
            <Label htmlFor={inputId}>{t('fields.verificationCode')}</Label>
            <input
              ref={inputRef}
              id={inputId}
              name="otp_code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={CODE_LENGTH}
              placeholder="••••••"
              aria-describedby={counterId}
              value={code}
              disabled={inputDisabled}
              onChange={(e) => setCode(sanitizeCode(e.target.value))}
              className={cn(inputClasses, 'h-14! text-center font-mono text-2xl! tracking-[0.5em] tabular-nums')}
            />
            <p id={counterId} className="mt-2 text-xs text-muted" aria-live="polite">
              {t('verify.digitsEntered', { entered: code.length, total: CODE_LENGTH })}
            </p>
          </div>
          <Button type="submit" size="lg" fullWidth loading={verifying} disabled={locked || verified}>
            {verifying ? t('verify.submitting') : t('verify.submit')}
          </Button>
        </form>

        <div className="mt-6 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm text-muted">
          <span>{t('verify.noCode')}</span>
          <button
            type="button"
            onClick={onResend}
            disabled={countdown.running || resending}
            className="font-semibold text-accent hover:underline disabled:cursor-not-allowed disabled:text-muted disabled:no-underline"
          >
            {t('verify.resend')}
          </button>
          {countdown.running ? (
            <span className="tabular-nums" aria-live="off">
              {t('verify.availableIn', { time: formatCountdown(countdown.remaining) })}
            </span>
          ) : resending ? (
            <span>{t('verify.sending')}</span>
          ) : null}
        </div>
      </div>
      <div className="mt-6 text-center text-sm">
        <Link to="/signup" className="inline-flex items-center gap-1.5 font-medium text-muted hover:text-fg">
          <ArrowLeftIcon size={16} />
          {t('verify.backToSignUp')}
        </Link>
      </div>
    </div>
  );
}
