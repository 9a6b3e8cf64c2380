import type { LeagueKind, LeagueRole } from '@contracts/api/leagues';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { GlobeIcon, LockIcon, UsersIcon } from '@/components/ui/icons';

const LABEL: Record<LeagueKind, string> = {
  global: 'Global',
  country: 'Country',
  club: 'Club',
  private: 'Private',
  public: 'Public',
};

const TONE: Record<LeagueKind, BadgeTone> = {
  global: 'info',
  country: 'info',
  club: 'info',
  private: 'warning',
  public: 'success',
};

export function LeagueTypeBadge({ type }: { type: LeagueKind }) {
  return (
    <Badge tone={TONE[type]}>
      {type === 'private' ? <LockIcon size={12} /> : type === 'public' ? <UsersIcon size={12} /> : <GlobeIcon size={12} />}
      {LABEL[type] ?? type}
    </Badge>
  );
}

export function RoleBadge({ role }: { role: LeagueRole | null | undefined }) {
  if (!role) return null;
  return <Badge tone={role === 'owner' ? 'primary' : 'neutral'}>{role === 'owner' ? 'Owner' : 'Member'}</Badge>;
}
