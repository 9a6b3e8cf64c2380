import { useTranslation } from 'react-i18next';
import type { LeaderboardBadge } from '@scoreline/contracts/api/leagues';
import { CrownIcon, MedalIcon, StarIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { rankTextClass } from '@/lib/rank';

/** The rank badge: a crown (1), a medal (2–3) or a star (4–5), with a text alternative. */
export function RankBadge({ badge, rank, size = 16, className }: { badge: LeaderboardBadge | null; rank?: number | null; size?: number; className?: string }) {
  const { t } = useTranslation();
  if (!badge) return null;
  const label = t(`rankBadge.${badge}`);
  const Icon = badge === 'crown' ? CrownIcon : badge === 'medal' ? MedalIcon : StarIcon;
  const colour = badge === 'crown' ? rankTextClass(1) : badge === 'medal' ? rankTextClass(rank === 2 || rank === 3 ? rank : 2) : 'text-accent';
  return (
    <span role="img" aria-label={label} title={label} className={cn('inline-flex shrink-0', colour, className)}>
      <Icon size={size} {...(badge === 'star' ? { fill: 'currentColor' } : {})} />
    </span>
  );
}

/** A rank as '#n' in its rank colour ('—' while unranked). */
export function RankNumber({ rank, className }: { rank: number | null | undefined; className?: string }) {
  return (
    <span className={cn('font-bold tabular-nums', rankTextClass(rank), className)}>{rank ? `#${rank}` : '—'}</span>
  );
}
