import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingRegion, Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { ApiError, getServerMessage } from '@/lib/api-error';

/** Skeletons shaped like what is coming (cards or rows), announced as loading. */
export function PanelLoading({ label, cards = 0, rows = 0 }: { label: string; cards?: number; rows?: number }) {
  return (
    <LoadingRegion label={label}>
      {cards > 0 ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {Array.from({ length: cards }, (_, i) => (
            <SkeletonCard key={i} className="h-56" />
          ))}
        </div>
      ) : null}
      {rows > 0 ? (
        <div className="space-y-3">
          {Array.from({ length: rows }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full rounded-2xl" />
          ))}
        </div>
      ) : null}
    </LoadingRegion>
  );
}

/** A read that failed: the server's own words when it gave a reason, and a retry. */
export function PanelError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('console');
  const reason = error instanceof ApiError && error.isNetworkError ? t('errors.network') : (getServerMessage(error) ?? t('errors.generic'));
  return <ErrorState title={title} message={reason} onRetry={onRetry} className="rounded-2xl border border-line bg-surface" />;
}
