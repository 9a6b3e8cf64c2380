import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'collect',
    title: 'Information we collect',
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
    title: 'How we use it',
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
    title: 'What other players see',
    body: (
      <p>
        Other members of your leagues see your name, your points, your rank and your league activity. Your email address
        is never shown to other players. We do not sell your personal data.
      </p>
    ),
  },
  {
    id: 'storage',
    title: 'Cookies and local storage',
    body: (
      <p>
        We keep your sign-in token and your display settings (theme, language, timezone, notification choices) in your
        browser&apos;s local storage. We do not use advertising cookies.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your data while your account is open. When you delete your account we remove your personal data within
        30 days, except where the law requires us to keep it longer.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <p>
        You can see and correct your profile in Settings, and ask us for a copy of your data or to delete it. You may
        also complain to your local data protection authority.
      </p>
    ),
  },
  {
    id: 'children',
    title: "Children's privacy",
    body: (
      <p>
        Scoreline is not for children under 13. We do not knowingly collect personal data from children under 13; if we
        learn that we have, we delete it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Passwords are stored only as secure hashes, connections are encrypted, and access to personal data is limited to
        the people who need it to run the service.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: <p>If we change this policy in a significant way, we will tell you in the app or by email.</p>,
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        For privacy questions or requests, contact us at <span className="font-semibold text-fg">{'{email}'}</span>.
      </p>
    ),
  },
];

export function PrivacyScreen() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={<p>This policy explains what personal data Scoreline collects, why, and the choices you have.</p>}
      sections={SECTIONS}
    />
  );
}
