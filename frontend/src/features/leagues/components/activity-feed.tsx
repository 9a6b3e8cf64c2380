import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_DAYS,
  ACTIVITY_IMPORTANCES,
  type Activity,
  type ActivityCategory,
  type ActivityDays,
  type ActivityImportance,
} from '@scoreline/contracts/api/leagues';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import {
  BellIcon,
  BoltIcon,
  ChartIcon,
  CheckCircleIcon,
  InfoIcon,
  StarIcon,
  TargetIcon,
  TrophyIcon,
  UsersIcon,
} from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useActivityFeed, type ActivityFilters } from '../api/get-activity-feed';
import { activityText } from '../utils/activity-text';
import { ActivityStatsStrip } from './activity-stats';
import { Avatar } from './avatar';

const ICONS: Record<string, (p: { size?: number }) => ReactNode> = {
  'user-plus': UsersIcon,
  'user-minus': UsersIcon,
  'check-circle': CheckCircleIcon,
  'bar-chart': ChartIcon,
  'trending-up': ChartIcon,
  target: TargetIcon,
  zap: BoltIcon,
  trophy: TrophyIcon,
  star: StarIcon,
};


export const DEFAULT_ACTIVITY_FILTERS: ActivityFilters = { days: 30 };

/**
 * The league's activity: category / importance / period filters, pages of 10 with Load more.
 * Entries read in the user's language (see utils/activity-text); `leagueName` is the name they cite.
 */
export function ActivityFeedCard({ leagueId, leagueName }: { leagueId: number; leagueName: string }) {
  const { t } = useTranslation('leagues');
  const [filters, setFilters] = useState<ActivityFilters>(DEFAULT_ACTIVITY_FILTERS);
  const options = useMemo(
    () => ({
      category: [{ value: '', label: t('activity.all') }, ...ACTIVITY_CATEGORIES.map((c) => ({ value: c, label: t(`activity.categories.${c}`) }))],
      importance: [{ value: '', label: t('activity.all') }, ...ACTIVITY_IMPORTANCES.map((i) => ({ value: i, label: t(`activity.importances.${i}`) }))],
      days: ACTIVITY_DAYS.map((d) => ({ value: String(d), label: t('activity.days', { count: d }) })),
    }),
    [t],
  );
  const feed = useActivityFeed(leagueId, filters);
  const activities = feed.data?.pages.flatMap((page) => page.activities) ?? [];
  const total = feed.data?.pages[0]?.total_count ?? 0;

  // A filter change makes a new query key, so the feed starts again at page 1.
  const change = (next: Partial<ActivityFilters>) => setFilters((current) => ({ ...current, ...next }));

  return (
    <Card role="region" aria-labelledby="activity-title">
      <CardHeader
        title={<span id="activity-title">{t('activity.title')}</span>}
        action={total > 0 ? <span className="text-xs text-muted tabular-nums">{t('activity.entries', { count: total })}</span> : null}
      />
      <div className="space-y-4 p-5 pt-4 sm:p-6 sm:pt-4">
        <ActivityStatsStrip leagueId={leagueId} />
        <div className="grid grid-cols-3 gap-2 [&_label]:text-xs [&_select]:px-2.5 [&_select]:text-sm">
          <SelectField
            label={t('activity.category')}
            options={options.category}
            value={filters.category ?? ''}
            onChange={(event) => change({ category: (event.target.value || undefined) as ActivityCategory | undefined })}
          />
          <SelectField
            label={t('activity.importance')}
            options={options.importance}
            value={filters.importance ?? ''}
            onChange={(event) => change({ importance: (event.target.value || undefined) as ActivityImportance | undefined })}
          />
          <SelectField
            label={t('activity.period')}
            options={options.days}
            value={String(filters.days)}
            onChange={(event) => change({ days: Number(event.target.value) as ActivityDays })}
          />
        </div>

        {feed.isPending ? (
          <div className="space-y-3" aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="flex gap-3">
                <Skeleton className="size-9 shrink-0 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-3.5 w-4/5" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        ) : activities.length === 0 ? (
          <EmptyState
            icon={<BellIcon size={22} />}
            title={t('activity.emptyTitle')}
            description={t('activity.emptyText')}
            action={
              <Button variant="secondary" size="sm" loading={feed.isRefetching} onClick={() => void feed.refetch()}>
                {t('activity.refresh')}
              </Button>
            }
            className="py-8"
          />
        ) : (
          <>
            <ol className="space-y-1" aria-label={t('activity.listLabel')}>
              {activities.map((activity) => (
                <ActivityItem key={activity.id} activity={activity} leagueName={leagueName} />
              ))}
            </ol>
            {feed.hasNextPage ? (
              <Button variant="secondary" fullWidth loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                {t('activity.loadMore')}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}

function ActivityItem({ activity, leagueName }: { activity: Activity; leagueName: string }) {
  const { t } = useTranslation('leagues');
  const { t: ta, i18n } = useTranslation('activity');
  const text = activityText(activity, { t: ta, language: i18n.resolvedLanguage ?? i18n.language, leagueName });
  const Icon = ICONS[activity.icon] ?? InfoIcon;
  const display = useDateDisplay();
  return (
    <li
      className={cn(
        'flex gap-3 rounded-xl p-2.5 animate-fade-in',
        activity.is_current_user_involved && 'bg-primary-soft',
      )}
    >
      <span className="relative">
        {activity.actor_avatar ? (
          <Avatar initials={activity.actor_avatar} name={activity.actor_name} size="sm" highlighted={activity.is_current_user_involved} />
        ) : (
          <span className="grid size-8 place-items-center rounded-full bg-surface-3 text-accent" aria-hidden="true">
            <Icon size={16} />
          </span>
        )}
        {activity.actor_avatar ? (
          <span className="absolute -right-1 -bottom-1 grid size-4.5 place-items-center rounded-full border border-line bg-surface text-accent" aria-hidden="true">
            <Icon size={10} />
          </span>
        ) : null}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-fg">
          {text.message}
          {activity.importance === 'high' ? (
            <Badge tone="warning" className="ml-1.5 align-middle">
              {t('activity.highlight')}
            </Badge>
          ) : null}
        </p>
        {text.description ? <p className="mt-0.5 text-xs text-muted">{text.description}</p> : null}
        <p className="mt-0.5 text-[11px] text-muted">
          <time dateTime={activity.created_at} title={formatDateTime(activity.created_at, display)}>
            {text.time}
          </time>
        </p>
      </div>
    </li>
  );
}
