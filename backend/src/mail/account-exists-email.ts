import type { LanguageSetting } from '@scoreline/contracts/api/preferences';
import type { DomainEventMap } from '@scoreline/contracts/events';
import type { OutgoingMail } from './mail.service';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** No line breaks or control characters from a user's name in the email. */
const oneLine = (s: string): string => s.replace(/\p{Cc}+/gu, ' ').replace(/\s+/g, ' ').trim();

interface AccountExistsTexts {
  subject: string;
  hi: (name: string) => string;
  there: string;
  body: string;
  signIn: string;
  reset: string;
  notYou: string;
}

/** The sentences per language; English is the original. */
export const ACCOUNT_EXISTS_TEXTS: Record<LanguageSetting, AccountExistsTexts> = {
  en: {
    subject: 'You already have a Scoreline account',
    hi: (name) => `Hi ${name},`,
    there: 'there',
    body: 'Someone (probably you) just tried to sign up to Scoreline with this email address. You already have an account, so no new one was created.',
    signIn: 'Sign in',
    reset: 'Forgot your password? Reset it',
    notYou: 'If it was not you, you can ignore this email: nothing has changed on your account.',
  },
  es: {
    subject: 'Ya tienes una cuenta de Scoreline',
    hi: (name) => `Hola, ${name}:`,
    there: 'hola',
    body: 'Alguien (probablemente tú) acaba de intentar registrarse en Scoreline con esta dirección de correo. Ya tienes una cuenta, así que no se ha creado ninguna nueva.',
    signIn: 'Iniciar sesión',
    reset: '¿Has olvidado tu contraseña? Restablécela',
    notYou: 'Si no has sido tú, puedes ignorar este correo: no ha cambiado nada en tu cuenta.',
  },
  fr: {
    subject: 'Vous avez déjà un compte Scoreline',
    hi: (name) => `Bonjour ${name},`,
    there: 'à vous',
    body: "Quelqu'un (sans doute vous) vient d'essayer de s'inscrire à Scoreline avec cette adresse e-mail. Vous avez déjà un compte : aucun nouveau compte n'a été créé.",
    signIn: 'Se connecter',
    reset: 'Mot de passe oublié ? Réinitialisez-le',
    notYou: "Si ce n'était pas vous, ignorez cet e-mail : rien n'a changé sur votre compte.",
  },
  de: {
    subject: 'Du hast schon ein Scoreline-Konto',
    hi: (name) => `Hallo ${name},`,
    there: 'zusammen',
    body: 'Jemand (vermutlich du) wollte sich gerade mit dieser E-Mail-Adresse bei Scoreline registrieren. Du hast bereits ein Konto, daher wurde kein neues angelegt.',
    signIn: 'Anmelden',
    reset: 'Passwort vergessen? Setze es zurück',
    notYou: 'Warst du das nicht, kannst du diese E-Mail ignorieren: An deinem Konto hat sich nichts geändert.',
  },
};

/** "You already have an account — sign in or reset your password", in the owner's language. */
export function accountExistsEmail(event: DomainEventMap['account.exists'], appUrl: string): OutgoingMail {
  const t = ACCOUNT_EXISTS_TEXTS[event.language] ?? ACCOUNT_EXISTS_TEXTS.en;
  const name = oneLine(event.firstName) || t.there;
  const signInUrl = `${appUrl}/signin`;
  const resetUrl = `${appUrl}/forgot-password`;
  const text = [t.hi(name), '', t.body, '', `${t.signIn}: ${signInUrl}`, `${t.reset}: ${resetUrl}`, '', t.notYou, '', `Scoreline — ${appUrl}`].join('\n');
  const html = `<!doctype html><html lang="${event.language}"><body style="font-family:system-ui,sans-serif;background:#0b1426;color:#e5e7eb;padding:24px">
<div style="max-width:480px;margin:auto;background:#13203a;border-radius:12px;padding:24px">
<h1 style="color:#22c55e;margin-top:0">Scoreline</h1>
<p>${escapeHtml(t.hi(name))}</p><p>${escapeHtml(t.body)}</p>
<p><a style="color:#22c55e;font-weight:700" href="${escapeHtml(signInUrl)}">${escapeHtml(t.signIn)}</a></p>
<p><a style="color:#22c55e" href="${escapeHtml(resetUrl)}">${escapeHtml(t.reset)}</a></p>
<p style="color:#9ca3af">${escapeHtml(t.notYou)}</p></div></body></html>`;
  return { to: event.email, subject: t.subject, text, html };
}
