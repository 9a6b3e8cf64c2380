import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type site from '@/locales/site';
import { LegalDocument } from './legal-document';

/** The body of each section stays English (the binding text); its title is `terms.sections.<title>` in site. */
const SECTIONS: ReadonlyArray<{ id: string; title: keyof (typeof site)['en']['terms']['sections']; body: ReactNode }> = [
  {
    id: 'acceptance',
    title: 'acceptance',
    body: (
      <p>
        By creating an account or using Scoreline you agree to these Terms of Service. If you do not agree, please do
        not use the service.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'eligibility',
    body: (
      <p>
        You must be at least 13 years old to use Scoreline. If you are under the age of majority where you live, you
        need the permission of a parent or guardian.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'account',
    body: (
      <ul>
        <li>Give accurate details when you sign up and keep your email address up to date.</li>
        <li>Keep your password secret; you are responsible for everything done with your account.</li>
        <li>One account per person. Usernames must not impersonate others or be offensive.</li>
      </ul>
    ),
  },
  {
    id: 'game',
    title: 'game',
    body: (
      <>
        <p>
          Scoreline is a free game of skill played for fun and bragging rights. Predictions lock at the deadline of each
          gameweek, which is the kick-off of its first match. Points are awarded as described in the Help Center; the
          banker doubles the points of one match per gameweek and postponed matches are void.
        </p>
        <p>
          We may correct scores, points and standings when a result changes or an error is found. Our records are
          final.
        </p>
      </>
    ),
  },
  {
    id: 'fair-play',
    title: 'fairPlay',
    body: (
      <ul>
        <li>No automated entries, multiple accounts or attempts to get around the deadline.</li>
        <li>No harassment, hate speech or spam in league names, descriptions or messages.</li>
        <li>League owners decide who joins their private leagues and may remove members.</li>
      </ul>
    ),
  },
  {
    id: 'content',
    title: 'content',
    body: (
      <p>
        The Scoreline name, design and software belong to us. Club and competition names are used only to identify
        matches and belong to their owners. You keep the rights to what you write, and let us show it in the service.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'termination',
    body: (
      <p>
        You can stop playing and ask us to delete your account at any time. We may suspend or close accounts that break
        these terms.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'liability',
    body: (
      <p>
        The service is provided “as is”. We do our best to keep it running and accurate but cannot promise it will always
        be available or error-free. To the extent the law allows, we are not liable for indirect losses arising from
        your use of Scoreline.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'changes',
    body: (
      <p>
        We may update these terms. When the changes are significant we will tell you in the app or by email before they
        take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'contact',
    body: (
      <p>
        Questions about these terms? Write to us at <span className="font-semibold text-fg">{'{email}'}</span>.
      </p>
    ),
  },
];

export function TermsScreen() {
  const { t } = useTranslation('site');
  return (
    <LegalDocument
      title={t('terms.title')}
      intro={<p>{t('terms.intro')}</p>}
      sections={SECTIONS.map((section) => ({ ...section, title: t(`terms.sections.${section.title}`) }))}
    />
  );
}
