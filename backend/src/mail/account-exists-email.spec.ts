import { accountExistsEmail, ACCOUNT_EXISTS_TEXTS } from './account-exists-email';

const event = { userId: 1, email: 'fan@example.com', firstName: 'Zoë <b>', language: 'en' as const };

describe('accountExistsEmail', () => {
  it('tells the owner to sign in or reset the password, with links and no code', () => {
    const mail = accountExistsEmail(event, 'https://scoreline.example');
    expect(mail.to).toBe('fan@example.com');
    expect(mail.subject).toBe('You already have a Scoreline account');
    expect(mail.text).toContain('Hi Zoë <b>,');
    expect(mail.text).toContain('Sign in: https://scoreline.example/signin');
    expect(mail.text).toContain('https://scoreline.example/forgot-password');
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    expect(mail.html).toContain('Zoë &lt;b&gt;');
    expect(mail.html).not.toContain('<b>,');
  });

  it('is written in the owner language, every text filled', () => {
    for (const language of ['en', 'es', 'fr', 'de'] as const) {
      const texts = ACCOUNT_EXISTS_TEXTS[language];
      for (const value of Object.values(texts)) expect(typeof value === 'function' ? value('x') : value).not.toBe('');
      const mail = accountExistsEmail({ ...event, language }, 'http://x');
      expect(mail.subject).toBe(texts.subject);
      expect(mail.text).toContain(texts.body);
    }
    expect(accountExistsEmail({ ...event, language: 'de' }, 'http://x').subject).toBe('Du hast schon ein Scoreline-Konto');
  });
});
