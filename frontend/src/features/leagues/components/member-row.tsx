import { useTranslation } from 'react-i18next';
import type { EnhancedMember } from '@scoreline/contracts/api/leagues';
import { Badge } from '@/components/ui/badge';
import { ChevronRightIcon } from '@/components/ui/icons';
import { RankBadge, RankNumber } from '@/components/ui/rank-badge';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { cn } from '@/lib/cn';
import { resolveBadge } from '../utils/rank';
import { Avatar } from './avatar';
import { RoleBadge } from './league-type-badge';

/** One member as a button that opens the member modal. */
export function MemberRow({ member, onOpen }: { member: EnhancedMember; onOpen: (member: EnhancedMember) => void }) {
  const { t } = useTranslation('leagues');
  const number = useFormatNumber();
  const name = member.full_name || member.username;
  return (
    <button
      type="button"
      onClick={() => onOpen(member)}
      aria-haspopup="dialog"
      aria-label={
        member.rank
          ? t('members.rowLabelRanked', { name, rank: member.rank, points: member.total_points })
          : t('members.rowLabel', { name, points: member.total_points })
      }
      className={cn(
        'flex w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus sm:px-5',
        member.is_current_user && 'bg-primary-soft',
      )}
    >
      <span className="w-10 shrink-0 text-center text-sm">
        <RankNumber rank={member.rank} />
      </span>
      <span className="relative">
        <Avatar name={name} highlighted={member.is_current_user} />
        {member.is_active_this_gameweek ? (
          <span className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-surface bg-primary" title={t('members.activeThisGameweek')} aria-hidden="true" />
        ) : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="truncate font-semibold text-fg">{name}</span>
          <RankBadge badge={resolveBadge(member.badge, member.rank)} rank={member.rank} size={14} />
          {member.is_current_user ? <Badge tone="primary">{t('shared.you')}</Badge> : null}
        </span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
          {member.role === 'owner' ? <RoleBadge role="owner" /> : null}
          {member.team_name ? <span className="truncate">{member.team_name}</span> : null}
          <span className="tabular-nums">{t('members.accuracy', { value: member.prediction_accuracy })}</span>
          {member.is_active_this_gameweek ? <span className="sr-only">{t('members.activeThisGameweek')}</span> : null}
        </span>
      </span>
      <span className="shrink-0 text-right">
        <span className="block font-bold text-fg tabular-nums">{number(member.total_points)}</span>
        <span className="block text-[11px] text-muted">{t('members.pts')}</span>
      </span>
      <ChevronRightIcon size={16} className="shrink-0 text-muted" />
    </button>
  );
}
