import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { privateInvitePath, publicInvitePath } from '@scoreline/contracts/api/invites';
import type { League } from '@scoreline/contracts/api/leagues';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CalendarIcon, GlobeIcon, LogOutIcon, UserIcon, UsersIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { ShareInviteButton } from '@/components/ui/share-button';
import { useToast } from '@/components/ui/toast';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { getServerMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useJoinLeague } from '../api/join-league';
import { useLeaveLeague } from '../api/leave-league';
import { useRegenerateCode } from '../api/regenerate-code';
import { clubInitials } from '@/lib/initials';
import { InviteCode } from './copy-code-button';
import { LeagueTypeBadge, RoleBadge } from './league-type-badge';

function RefreshIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21 12a9 9 0 0 1-15.5 6.2L3 16" />
      <path d="M3 12a9 9 0 0 1 15.5-6.2L21 8" />
      <path d="M21 3v5h-5M3 21v-5h5" />
    </svg>
  );
}

/** The league's name, kind, description, size, owner, invite code and the owner's / member's actions. */
export function LeagueHeader({ league }: { league: League }) {
  const { t } = useTranslation('leagues');
  const isUserLeague = league.type === 'private' || league.type === 'public';
  const display = useDateDisplay();
  const emblem =
    league.type === 'country' && league.country_flag ? (
      <span className="text-3xl leading-none">{league.country_flag}</span>
    ) : league.type === 'club' ? (
      league.club_logo ? (
        <img src={league.club_logo} alt="" className="size-10 rounded-full bg-white object-contain p-0.5" />
      ) : (
        <span className="text-sm font-extrabold tracking-tight">{clubInitials(league.club_name ?? league.name)}</span>
      )
    ) : league.type === 'global' ? (
      <GlobeIcon size={26} />
    ) : (
      <UsersIcon size={26} />
    );

  return (
    <Card className="overflow-hidden">
      <div className="pitch-stripes flex flex-col gap-5 p-5 sm:p-6 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 gap-4">
          <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-primary-soft text-accent" aria-hidden="true">
            {emblem}
          </span>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <LeagueTypeBadge type={league.type} />
              {league.is_member ? <RoleBadge role={league.role} /> : null}
            </div>
            <h1 className="mt-1.5 font-display text-2xl font-extrabold tracking-tight break-words text-fg sm:text-3xl">{league.name}</h1>
            {league.description ? <p className="mt-1.5 max-w-2xl text-sm text-muted sm:text-base">{league.description}</p> : null}
            <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-muted">
              <li className="inline-flex items-center gap-1.5 tabular-nums">
                <UsersIcon size={15} aria-hidden="true" />
                {t('shared.members', { count: league.member_count })}
                {league.max_members ? <span className="text-muted/80">{t('header.maxMembers', { max: league.max_members })}</span> : null}
              </li>
              {league.owner_name ? (
                <li className="inline-flex items-center gap-1.5">
                  <UserIcon size={15} aria-hidden="true" />
                  <Trans
                    t={t}
                    i18nKey="header.owner"
                    values={{ name: league.owner_name }}
                    components={[<span key="owner" className="font-medium text-fg" />]}
                  />
                </li>
              ) : null}
              <li className="inline-flex items-center gap-1.5">
                <CalendarIcon size={15} aria-hidden="true" />
                {t('header.created', { date: formatDate(league.created_at, display) })}
              </li>
              {league.type === 'public' ? <li className="tabular-nums">{t('header.leagueId', { id: league.id })}</li> : null}
            </ul>
          </div>
        </div>

        <div className="flex shrink-0 flex-col gap-3 lg:items-end">
          {league.code ? (
            <div>
              <p className="mb-1.5 text-xs font-semibold tracking-wide text-muted uppercase lg:text-right">{t('shared.inviteCode')}</p>
              <div className="flex flex-wrap items-center gap-2 lg:justify-end">
                <InviteCode code={league.code} />
                <ShareInviteButton path={privateInvitePath(league.code)} leagueName={league.name} />
                {league.is_owner && league.type === 'private' ? <RegenerateCodeButton leagueId={league.id} code={league.code} /> : null}
              </div>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2 lg:justify-end">
            {isUserLeague && league.is_member ? <LeaveLeagueButton league={league} /> : null}
            {league.type === 'public' ? <ShareInviteButton path={publicInvitePath(league.id)} leagueName={league.name} /> : null}
            {league.type === 'public' && !league.is_member ? <JoinPublicButton league={league} /> : null}
          </div>
        </div>
      </div>
    </Card>
  );
}

function RegenerateCodeButton({ leagueId, code }: { leagueId: number; code: string }) {
  const { t } = useTranslation('leagues');
  const [open, setOpen] = useState(false);
  const regenerate = useRegenerateCode(leagueId);
  const toast = useToast();
  return (
    <>
      <Button variant="secondary" size="sm" icon={<RefreshIcon />} onClick={() => setOpen(true)}>
        {t('header.newCode')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('header.regenerateTitle')}
        description={t('header.regenerateText')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('shared.cancel')}
            </Button>
            <Button
              loading={regenerate.isPending}
              onClick={() =>
                regenerate.mutate(code, {
                  onSuccess: (answer) => {
                    setOpen(false);
                    toast.show(answer.message ?? t('header.regenerated'), 'success');
                  },
                  onError: (failure) => toast.show(getServerMessage(failure) ?? t('header.regenerateFailed'), 'error'),
                })
              }
            >
              {t('header.regenerate')}
            </Button>
          </>
        }
      />
    </>
  );
}

function LeaveLeagueButton({ league }: { league: League }) {
  const { t } = useTranslation('leagues');
  const [open, setOpen] = useState(false);
  const leave = useLeaveLeague();
  const toast = useToast();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="secondary" size="sm" icon={<LogOutIcon size={16} />} onClick={() => setOpen(true)}>
        {t('header.leave')}
      </Button>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
        title={t('header.leaveTitle', { name: league.name })}
        description={
          league.is_owner
            ? t('header.leaveOwnerText')
            : league.type === 'private'
              ? t('header.leavePrivateText')
              : t('header.leavePublicText')
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('header.stay')}
            </Button>
            <Button
              variant="danger"
              loading={leave.isPending}
              onClick={() =>
                leave.mutate(league.id, {
                  onSuccess: (answer) => {
                    toast.show(answer?.message ?? t('header.left', { name: league.name }), 'success');
                    navigate('/leagues');
                  },
                  onError: (failure) => setError(getServerMessage(failure) ?? t('header.leaveFailed')),
                })
              }
            >
              {t('header.leave')}
            </Button>
          </>
        }
      >
        {error ? (
          <Alert>
            <p>{error}</p>
          </Alert>
        ) : undefined}
      </Modal>
    </>
  );
}

function JoinPublicButton({ league }: { league: League }) {
  const { t } = useTranslation('leagues');
  const join = useJoinLeague();
  const toast = useToast();
  return (
    <Button
      size="sm"
      loading={join.isPending}
      onClick={() =>
        join.mutate(
          { type: 'public', league_id: league.id },
          {
            onSuccess: (answer) => toast.show(answer.message ?? t('shared.joined', { name: league.name }), 'success'),
            onError: (failure) => toast.show(getServerMessage(failure) ?? t('shared.joinFailed'), 'error'),
          },
        )
      }
    >
      {t('shared.joinLeague')}
    </Button>
  );
}
