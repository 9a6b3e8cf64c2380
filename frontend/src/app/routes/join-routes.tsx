import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { privateInvitePath, publicInvitePath } from '@scoreline/contracts/api/invites';
import { JoinInviteScreen } from '@/features/invites/components/join-invite-screen';

/** /join/{code}: a private league's invite link (signed in or out). */
export function JoinByCodeRoute() {
  const { t } = useTranslation('invites');
  const { code = '' } = useParams();
  return (
    <div className="px-4 py-10 sm:py-16">
      <title>{`${t('join.pageTitle')} · Scoreline`}</title>
      <JoinInviteScreen key={code} target={{ kind: 'code', code }} path={privateInvitePath(code)} />
    </div>
  );
}

/** /leagues/{id}/join: a public league's join link. */
export function JoinPublicLeagueRoute() {
  const { t } = useTranslation('invites');
  const { id = '' } = useParams();
  const leagueId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  return (
    <div className="px-4 py-10 sm:py-16">
      <title>{`${t('join.pageTitle')} · Scoreline`}</title>
      <JoinInviteScreen key={id} target={{ kind: 'league', leagueId }} path={publicInvitePath(leagueId)} />
    </div>
  );
}
