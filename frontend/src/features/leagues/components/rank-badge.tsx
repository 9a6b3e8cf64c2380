import type { SVGProps } from 'react';
import type { LeaderboardBadge } from '@contracts/api/leagues';
import { StarIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { rankTextClass } from '../utils/rank';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function CrownIcon({ size = 16, ...props }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <path d="M3 7.5 7.5 11 12 4l4.5 7L21 7.5 19.2 18H4.8L3 7.5Z" />
      <rect x="4.8" y="19.2" width="14.4" height="1.8" rx="0.9" />
    </svg>
  );
}

export function MedalIcon({ size = 16, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d="M7.2 2h9.6l-3 6.2h-3.6z" />
      <circle cx="12" cy="15" r="6" fill="currentColor" fillOpacity="0.25" />
      <path d="m12 12.2.9 1.8 2 .3-1.45 1.4.35 2-1.8-.95-1.8.95.35-2-1.45-1.4 2-.3z" fill="currentColor" stroke="none" />
    </svg>
  );
}

const BADGE_LABEL: Record<LeaderboardBadge, string> = { crown: 'Crown badge', medal: 'Medal badge', star: 'Star badge' };

/** The rank badge: a crown (1), a medal (2–3) or a star (4–5), with a text alternative. */
export function RankBadge({ badge, rank, size = 16, className }: { badge: LeaderboardBadge | null; rank?: number | null; size?: number; className?: string }) {
  if (!badge) return null;
  const Icon = badge === 'crown' ? CrownIcon : badge === 'medal' ? MedalIcon : StarIcon;
  const colour = badge === 'crown' ? rankTextClass(1) : badge === 'medal' ? rankTextClass(rank === 2 || rank === 3 ? rank : 2) : 'text-accent';
  return (
    <span role="img" aria-label={BADGE_LABEL[badge]} title={BADGE_LABEL[badge]} className={cn('inline-flex shrink-0', colour, className)}>
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
