import { useTranslation } from 'react-i18next';
import type { LeagueKind, LeagueRole } from '@scoreline/contracts/api/leagues';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { GlobeIcon, LockIcon, UsersIcon } from '@/components/ui/icons';

const TONE: Record<LeagueKind, BadgeTone> = {
  global: 'info',
  country: 'info',
  club: 'info',
  private: 'warning',
  public: 'success',
};

const KINDS: readonly LeagueKind[] = ['global', 'country', 'club', 'private', 'public'];

export function LeagueTypeBadge({ type }: { type: LeagueKind }) {
  const { t } = useTranslation('leagues');
  return (
    <Badge tone={TONE[type]}>
      {type === 'private' ? <LockIcon size={12} /> : type === 'public' ? <UsersIcon size={12} /> : <GlobeIcon size={12} />}
      {KINDS.includes(type) ? t(`kind.${type}`) : type}
    </Badge>
  );
}

export function RoleBadge({ role }: { role: LeagueRole | null | undefined }) {
  const { t } = useTranslation('leagues');
  if (!role) return null;
  return <Badge tone={role === 'owner' ? 'primary' : 'neutral'}>{role === 'owner' ? t('role.owner') : t('role.member')}</Badge>;
}
