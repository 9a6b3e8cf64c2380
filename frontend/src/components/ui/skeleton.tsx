import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** A shimmering placeholder block with the size of the content it stands for. */
export function Skeleton({ className }: { className?: string }) {
  const rounded = /(^|\s)rounded/.test(className ?? '') ? undefined : 'rounded-lg';
  return <div aria-hidden="true" className={cn('skeleton', rounded, className)} />;
}

export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cn('space-y-2.5', className)}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cn('h-3.5', i === lines - 1 ? 'w-3/5' : 'w-full')} />
      ))}
    </div>
  );
}

/** A card-shaped skeleton: title line, a big number and a caption. */
export function SkeletonCard({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('rounded-2xl border border-line bg-surface p-5', className)}>
      <Skeleton className="h-3.5 w-24" />
      <Skeleton className="mt-4 h-8 w-16" />
      <Skeleton className="mt-3 h-3 w-32" />
    </div>
  );
}

/** Announces loading to screen readers while skeletons show. */
export function LoadingRegion({ label, children, className }: { label?: string; children: React.ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" aria-busy="true" className={className}>
      <span className="sr-only">{label ?? t('ui.loadingEllipsis')}</span>
      {children}
    </div>
  );
}
