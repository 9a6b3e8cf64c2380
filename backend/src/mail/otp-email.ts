import type { DomainEventMap } from '@scoreline/contracts/events';
import type { OutgoingMail } from './mail.service';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The email carrying a verification or password-reset code (`code`: the event's sealed code, opened). */
export function otpEmail(event: DomainEventMap['otp.requested'], code: string, appUrl: string): OutgoingMail {
  const reset = event.purpose === 'password_reset';
  const subject = reset ? `Your Scoreline password reset code: ${code}` : `Your Scoreline verification code: ${code}`;
  const intro = reset
    ? 'Use this code to reset your Scoreline password.'
    : 'Welcome to Scoreline! Use this code to verify your email address.';
  const name = event.firstName || 'there';
  const text = [
    `Hi ${name},`,
    '',
    intro,
    '',
    `    ${code}`,
    '',
    'The code is valid for 10 minutes. If you did not ask for it, you can ignore this email.',
    '',
    `Scoreline — ${appUrl}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b1426;color:#e5e7eb;padding:24px">
<div style="max-width:480px;margin:auto;background:#13203a;border-radius:12px;padding:24px">
<h1 style="color:#22c55e;margin-top:0">Scoreline</h1>
<p>Hi ${escapeHtml(name)},</p><p>${intro}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;color:#fff">${escapeHtml(code)}</p>
<p style="color:#9ca3af">The code is valid for 10 minutes. If you did not ask for it, you can ignore this email.</p>
<p><a style="color:#22c55e" href="${escapeHtml(appUrl)}">${escapeHtml(appUrl)}</a></p></div></body></html>`;
  return { to: event.email, subject, text, html };
}
