import { useId, useMemo, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { League, LeaguesOverview, OverviewLeagueEntry, UserLeagueKind } from '@scoreline/contracts/api/leagues';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ChevronDownIcon, ChevronRightIcon, GlobeIcon, LockIcon, SearchIcon, TrophyIcon, UsersIcon } from '@/components/ui/icons';
import { RankBadge, RankNumber } from '@/components/ui/rank-badge';
import { LoadingRegion, Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { cn } from '@/lib/cn';
import { useLeaguesOverview } from '../api/get-leagues-overview';
import { filterOverview } from '../utils/filter-overview';
import { clubInitials } from '@/lib/initials';
import { resolveBadge } from '../utils/rank';
import { RoleBadge } from './league-type-badge';
import { SearchInput } from './search-input';

export interface OverviewActions {
  onCreate: (type: UserLeagueKind) => void;
  onJoinWithCode: () => void;
}

export function LeaguesOverviewPanel({ onCreate, onJoinWithCode }: OverviewActions) {
  const { t } = useTranslation('leagues');
  const overview = useLeaguesOverview();
  const [search, setSearch] = useState('');

  if (overview.isPending) return <OverviewSkeleton />;
  if (overview.isError) {
    return (
      <Card>
        <ErrorState title={t('overview.errorTitle')} message={t('overview.errorText')} onRetry={() => void overview.refetch()} />
      </Card>
    );
  }
  if (!overview.data) {
    return (
      <Card>
        <EmptyState icon={<TrophyIcon size={22} />} title={t('overview.noData')} />
      </Card>
    );
  }
  return <OverviewContent overview={overview.data} search={search} onSearch={setSearch} onCreate={onCreate} onJoinWithCode={onJoinWithCode} />;
}

/** An automatic league card's sentence, from its figures (the server's `message` is English only). */
function autoLeagueMessage(
  t: TFunction<'leagues'>,
  entry: { league: League | null; rank: number | null },
  missing: 'globalMissing' | 'countryMissing' | 'clubMissing',
): string {
  if (!entry.league) return t(`overviewText.${missing}`);
  return entry.rank === null ? t('overviewText.rankPending') : t('overviewText.rank', { rank: entry.rank, members: entry.league.member_count });
}

function OverviewContent({
  overview,
  search,
  onSearch,
  onCreate,
  onJoinWithCode,
}: OverviewActions & { overview: LeaguesOverview; search: string; onSearch: (v: string) => void }) {
  const { t } = useTranslation('leagues');
  const filtered = useMemo(() => filterOverview(overview, search), [overview, search]);
  const searching = search.trim() !== '';

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput label={t('overview.searchLabel')} placeholder={t('overview.searchPlaceholder')} value={search} onChange={onSearch} className="sm:max-w-sm sm:flex-1" />
        {overview.total_leagues ? <p className="text-sm text-muted">{t('overviewText.total', { count: overview.total_leagues.count })}</p> : null}
      </div>

      {!filtered.anyMatch ? (
        <Card>
          <EmptyState
            icon={<SearchIcon size={22} />}
            title={t('overview.noMatchTitle')}
            description={t('overview.noMatchText', { search: search.trim() })}
            action={
              <Link to="/leagues/discover" className={buttonClasses('secondary')}>
                {t('shared.discoverPublic')}
              </Link>
            }
          />
        </Card>
      ) : (
        <>
          {filtered.country || filtered.global || filtered.club ? (
            <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
              {filtered.country ? (
                <AutoLeagueCard
                  kind={t('overview.countryLeague')}
                  league={filtered.country.league}
                  rank={filtered.country.rank}
                  message={autoLeagueMessage(t, filtered.country, 'countryMissing')}
                  emblem={
                    filtered.country.country_flag ? (
                      <span className="text-2xl leading-none">{filtered.country.country_flag}</span>
                    ) : (
                      <GlobeIcon size={20} />
                    )
                  }
                  subtitle={filtered.country.country_name}
                />
              ) : null}
              {filtered.global ? (
                <AutoLeagueCard
                  kind={t('overview.globalLeague')}
                  league={filtered.global.league}
                  rank={filtered.global.rank}
                  message={autoLeagueMessage(t, filtered.global, 'globalMissing')}
                  emblem={<GlobeIcon size={20} />}
                  subtitle={t('overview.everyPlayer')}
                />
              ) : null}
              {filtered.club ? (
                <AutoLeagueCard
                  kind={t('overview.clubLeague')}
                  league={filtered.club.league}
                  rank={filtered.club.rank}
                  message={autoLeagueMessage(t, filtered.club, 'clubMissing')}
                  emblem={
                    filtered.club.club_logo ? (
                      <img src={filtered.club.club_logo} alt="" className="size-7 rounded-full bg-white object-contain p-0.5" />
                    ) : (
                      <span className="text-[11px] font-extrabold tracking-tight">{clubInitials(filtered.club.club_name ?? filtered.club.league?.name)}</span>
                    )
                  }
                  subtitle={filtered.club.club_name}
                />
              ) : null}
            </div>
          ) : null}

          {!searching || filtered.privateLeagues.length > 0 ? (
            <LeagueListSection
              title={t('overview.privateLeagues')}
              icon={<LockIcon size={18} />}
              count={searching ? filtered.privateLeagues.length : overview.private_leagues?.count ?? filtered.privateLeagues.length}
              entries={filtered.privateLeagues}
              emptyTitle={t('overview.noPrivateTitle')}
              emptyText={t('overviewText.privateNone')}
              emptyActions={
                <>
                  <Button onClick={() => onCreate('private')}>{t('overview.createPrivate')}</Button>
                  <Button variant="secondary" onClick={onJoinWithCode}>
                    {t('overview.joinWithCode')}
                  </Button>
                </>
              }
            />
          ) : null}

          {!searching || filtered.publicLeagues.length > 0 ? (
            <LeagueListSection
              title={t('overview.publicLeagues')}
              icon={<UsersIcon size={18} />}
              count={searching ? filtered.publicLeagues.length : overview.public_leagues?.count ?? filtered.publicLeagues.length}
              entries={filtered.publicLeagues}
              emptyTitle={t('overview.noPublicTitle')}
              emptyText={t('overviewText.publicNone')}
              emptyActions={
                <>
                  <Link to="/leagues/discover" className={buttonClasses('primary')}>
                    {t('shared.discoverPublic')}
                  </Link>
                  <Button variant="secondary" onClick={() => onCreate('public')}>
                    {t('shared.createPublic')}
                  </Button>
                </>
              }
            />
          ) : null}
        </>
      )}
    </div>
  );
}

function AutoLeagueCard({
  kind,
  league,
  rank,
  message,
  emblem,
  subtitle,
}: {
  kind: string;
  league: League | null;
  rank: number | null;
  message: string;
  emblem: ReactNode;
  subtitle?: string | null;
}) {
  const { t } = useTranslation('leagues');
  const body = (
    <>
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary-soft text-accent" aria-hidden="true">
          {emblem}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{kind}</p>
          <h3 className="truncate font-semibold text-fg">{league?.name ?? subtitle ?? kind}</h3>
        </div>
        {league ? <ChevronRightIcon size={18} className="shrink-0 text-muted" /> : null}
      </div>
      {league ? (
        <div className="mt-4 flex items-end justify-between gap-3">
          <div>
            <p className="text-xs text-muted">{t('overview.yourRank')}</p>
            <p className="flex items-center gap-1.5 text-3xl">
              <RankNumber rank={rank} className="font-display font-extrabold" />
              <RankBadge badge={resolveBadge(null, rank)} rank={rank} size={20} />
            </p>
          </div>
          <p className="text-right text-xs text-muted tabular-nums">
            {t('shared.members', { count: league.member_count })}
          </p>
        </div>
      ) : null}
      <p className="mt-3 text-xs text-muted">
        {message}
        {!league ? (
          <>
            {' '}
            <Link to="/settings" className="font-semibold text-accent hover:underline">
              {t('overview.openSettings')}
            </Link>
          </>
        ) : null}
      </p>
    </>
  );
  if (!league) return <Card className="p-4 sm:p-5">{body}</Card>;
  return (
    <Link
      to={`/leagues/${league.id}`}
      aria-label={rank ? t('overview.cardLabelRanked', { kind, name: league.name, rank }) : t('overview.cardLabel', { kind, name: league.name })}
      className="block rounded-2xl border border-line bg-surface p-4 shadow-card transition-colors hover:border-primary/60 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus sm:p-5"
    >
      {body}
    </Link>
  );
}

function LeagueListSection({
  title,
  icon,
  count,
  entries,
  emptyTitle,
  emptyText,
  emptyActions,
}: {
  title: string;
  icon: ReactNode;
  count: number;
  entries: OverviewLeagueEntry[];
  emptyTitle: string;
  emptyText: string;
  emptyActions: ReactNode;
}) {
  const { t } = useTranslation('leagues');
  const number = useFormatNumber();
  const [open, setOpen] = useState(true);
  const panelId = useId();
  return (
    <Card className="overflow-hidden">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center gap-3 px-5 py-4 text-left transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus"
        >
          <span className="text-accent" aria-hidden="true">
            {icon}
          </span>
          <span className="flex-1 text-base font-semibold text-fg">{title}</span>
          <span className="rounded-full bg-surface-3 px-2.5 py-0.5 text-xs font-bold text-fg tabular-nums">
            {number(count)}
          </span>
          <ChevronDownIcon size={18} className={cn('text-muted transition-transform', open && 'rotate-180')} />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="border-t border-line">
        {entries.length === 0 ? (
          <EmptyState title={emptyTitle} description={emptyText} action={emptyActions} className="py-8" />
        ) : (
          <ul className="divide-y divide-line">
            {entries.map((entry) => (
              <li key={entry.league.id}>
                <Link
                  to={`/leagues/${entry.league.id}`}
                  className="flex items-center gap-3 px-5 py-3.5 transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold text-fg">{entry.league.name}</p>
                    <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
                      <RoleBadge role={entry.role} />
                      <span className="tabular-nums">
                        {t('shared.members', { count: entry.league.member_count })}
                      </span>
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-1.5 text-lg">
                    <RankBadge badge={resolveBadge(null, entry.rank)} rank={entry.rank} />
                    <RankNumber rank={entry.rank} />
                  </div>
                  <ChevronRightIcon size={18} className="shrink-0 text-muted" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function OverviewSkeleton() {
  const { t } = useTranslation('leagues');
  return (
    <LoadingRegion label={t('overview.loading')} className="space-y-5">
      <Skeleton className="h-11 w-full sm:max-w-sm" />
      <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <SkeletonCard />
        <SkeletonCard />
        <SkeletonCard />
      </div>
      {[0, 1].map((i) => (
        <div key={i} className="rounded-2xl border border-line bg-surface p-5">
          <Skeleton className="h-5 w-40" />
          <div className="mt-4 space-y-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
