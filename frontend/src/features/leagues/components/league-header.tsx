import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { League } from '@contracts/api/leagues';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CalendarIcon, GlobeIcon, LogOutIcon, UserIcon, UsersIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { useDateDisplay } from '@/features/settings/hooks/use-date-display';
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
                {league.member_count.toLocaleString()} {league.member_count === 1 ? 'member' : 'members'}
                {league.max_members ? <span className="text-muted/80">/ {league.max_members.toLocaleString()} max</span> : null}
              </li>
              {league.owner_name ? (
                <li className="inline-flex items-center gap-1.5">
                  <UserIcon size={15} aria-hidden="true" />
                  Owner: <span className="font-medium text-fg">{league.owner_name}</span>
                </li>
              ) : null}
              <li className="inline-flex items-center gap-1.5">
                <CalendarIcon size={15} aria-hidden="true" />
                Created {formatDate(league.created_at, display)}
              </li>
              {league.type === 'public' ? <li className="tabular-nums">League ID {league.id}</li> : null}
            </ul>
          </div>
        </div>

        <div className="flex shrink-0 flex-col gap-3 lg:items-end">
          {league.code ? (
            <div>
              <p className="mb-1.5 text-xs font-semibold tracking-wide text-muted uppercase lg:text-right">Invite code</p>
              <div className="flex flex-wrap items-center gap-2 lg:justify-end">
                <InviteCode code={league.code} />
                {league.is_owner && league.type === 'private' ? <RegenerateCodeButton leagueId={league.id} /> : null}
              </div>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2 lg:justify-end">
            {isUserLeague && league.is_member ? <LeaveLeagueButton league={league} /> : null}
            {league.type === 'public' && !league.is_member ? <JoinPublicButton league={league} /> : null}
          </div>
        </div>
      </div>
    </Card>
  );
}

function RegenerateCodeButton({ leagueId }: { leagueId: number }) {
  const [open, setOpen] = useState(false);
  const regenerate = useRegenerateCode(leagueId);
  const toast = useToast();
  return (
    <>
      <Button variant="secondary" size="sm" icon={<RefreshIcon />} onClick={() => setOpen(true)}>
        New code
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Generate a new invite code?"
        description="The current code stops working at once. Anyone you already invited needs the new one."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              loading={regenerate.isPending}
              onClick={() =>
                regenerate.mutate(undefined, {
                  onSuccess: (answer) => {
                    setOpen(false);
                    toast.show(answer.message ?? 'A new invite code was generated.', 'success');
                  },
                  onError: (failure) => toast.show(getServerMessage(failure) ?? 'Could not generate a new invite code.', 'error'),
                })
              }
            >
              Generate New Code
            </Button>
          </>
        }
      />
    </>
  );
}

function LeaveLeagueButton({ league }: { league: League }) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveLeague();
  const toast = useToast();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="secondary" size="sm" icon={<LogOutIcon size={16} />} onClick={() => setOpen(true)}>
        Leave League
      </Button>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
        title={`Leave ${league.name}?`}
        description={
          league.is_owner
            ? 'You own this league: ownership passes to the member who joined earliest. If you are the last member, the league is deleted.'
            : league.type === 'private'
              ? 'To come back you will need the invite code and the owner’s approval again.'
              : 'You can join again at any time with the league ID.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Stay
            </Button>
            <Button
              variant="danger"
              loading={leave.isPending}
              onClick={() =>
                leave.mutate(league.id, {
                  onSuccess: (answer) => {
                    toast.show(answer?.message ?? `You left ${league.name}.`, 'success');
                    navigate('/leagues');
                  },
                  onError: (failure) => setError(getServerMessage(failure) ?? 'Could not leave the league.'),
                })
              }
            >
              Leave League
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
            onSuccess: (answer) => toast.show(answer.message ?? `You joined ${league.name}!`, 'success'),
            onError: (failure) => toast.show(getServerMessage(failure) ?? 'Failed to join league', 'error'),
          },
        )
      }
    >
      Join League
    </Button>
  );
}
