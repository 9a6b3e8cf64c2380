import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type site from '@/locales/site';
import { LegalDocument } from './legal-document';

/** The body of each section stays English (the binding text); its title is `privacy.sections.<title>` in site. */
const SECTIONS: ReadonlyArray<{ id: string; title: keyof (typeof site)['en']['privacy']['sections']; body: ReactNode }> = [
  {
    id: 'collect',
    title: 'collect',
    body: (
      <ul>
        <li>Account details: your name, username, email address and a securely hashed password.</li>
        <li>Game data: your predictions, bankers, points, leagues and the country and club you chose.</li>
        <li>Technical data: basic logs such as your IP address and browser type, used to keep the service secure.</li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'use',
    body: (
      <ul>
        <li>To run the game: score your predictions, rank you in leagues and show your statistics.</li>
        <li>To send the emails you need, such as verification and password reset codes.</li>
        <li>To protect the service against abuse and to fix problems.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'sharing',
    body: (
      <p>
        Other members of your leagues see your name, your points, your rank and your league activity. Your email address
        is never shown to other players. We do not sell your personal data.
      </p>
    ),
  },
  {
    id: 'storage',
    title: 'storage',
    body: (
      <p>
        We keep your sign-in token and your display settings (theme, language, timezone, notification choices) in your
        browser&apos;s local storage. We do not use advertising cookies.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'retention',
    body: (
      <p>
        We keep your data while your account is open. When you delete your account we remove your personal data within
        30 days, except where the law requires us to keep it longer.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'rights',
    body: (
      <p>
        You can see and correct your profile in Settings, and ask us for a copy of your data or to delete it. You may
        also complain to your local data protection authority.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'children',
    body: (
      <p>
        Scoreline is not for children under 13. We do not knowingly collect personal data from children under 13; if we
        learn that we have, we delete it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'security',
    body: (
      <p>
        Passwords are stored only as secure hashes, connections are encrypted, and access to personal data is limited to
        the people who need it to run the service.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'changes',
    body: <p>If we change this policy in a significant way, we will tell you in the app or by email.</p>,
  },
  {
    id: 'contact',
    title: 'contact',
    body: (
      <p>
        For privacy questions or requests, contact us at <span className="font-semibold text-fg">{'{email}'}</span>.
      </p>
    ),
  },
];

export function PrivacyScreen() {
  const { t } = useTranslation('site');
  return (
    <LegalDocument
      title={t('privacy.title')}
      intro={<p>{t('privacy.intro')}</p>}
      sections={SECTIONS.map((section) => ({ ...section, title: t(`privacy.sections.${section.title}`) }))}
    />
  );
}
