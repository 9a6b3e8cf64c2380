import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { ClockIcon } from '@/components/ui/icons';

/**
 * The frame of a screen a later issue fills in: a note saying what is coming over the
 * skeleton of its layout (stat cards and a list), so the page already looks like itself.
 */
export function ComingSoon({ children, statCards = 4, rows = 5 }: { children: ReactNode; statCards?: number; rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <Card className="flex items-start gap-3 border-dashed p-4 sm:items-center sm:p-5">
        <div className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary-soft text-accent" aria-hidden="true">
          <ClockIcon size={20} />
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-fg">{children}</p>
        </div>
        <span className="hidden sm:block">
          <Badge tone="primary">{t('ui.inTheWorks')}</Badge>
        </span>
      </Card>

      {statCards > 0 ? (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-hidden="true">
          {Array.from({ length: statCards }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : null}

      <Card className="overflow-hidden" aria-hidden="true">
        <div className="border-b border-line px-5 py-4">
          <Skeleton className="h-4 w-40" />
        </div>
        <div className="divide-y divide-line">
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="flex items-center gap-4 px-5 py-4">
              <Skeleton className="size-9 shrink-0 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-3.5 w-2/5" />
                <Skeleton className="h-3 w-1/4" />
              </div>
              <Skeleton className="h-6 w-12" />
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}
