import { useTranslation } from 'react-i18next';
import type { EnhancedMember } from '@scoreline/contracts/api/leagues';
import { EmptyState } from '@/components/ui/empty-state';
import { UsersIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { MemberRow } from './member-row';

interface MemberListProps {
  members: EnhancedMember[];
  pending: boolean;
  fetching: boolean;
  /** A search is applied: the empty state says nobody matches it. */
  searching: boolean;
  emptyTitle: string;
  skeletonRows: number;
  onOpen: (member: EnhancedMember) => void;
  className?: string;
}

/** The rows of a members list with its loading and empty states (league page and all-members page). */
export function MemberList({ members, pending, fetching, searching, emptyTitle, skeletonRows, onOpen, className }: MemberListProps) {
  const { t } = useTranslation('leagues');
  if (pending) {
    return (
      <div className={cn('space-y-2', className)} aria-hidden="true">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    );
  }
  if (members.length === 0) {
    return <EmptyState icon={<UsersIcon size={22} />} title={emptyTitle} description={searching ? t('shared.nobodyMatches') : undefined} className="py-8" />;
  }
  return (
    <ul className="divide-y divide-line" aria-busy={fetching || undefined}>
      {members.map((member) => (
        <li key={member.user_id}>
          <MemberRow member={member} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
