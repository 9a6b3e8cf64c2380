import { useId, useMemo, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Competition } from '@scoreline/contracts/api/competitions';
import type { League, LeaguesOverview, OverviewLeagueEntry, UserLeagueKind } from '@scoreline/contracts/api/leagues';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ChevronDownIcon, ChevronRightIcon, GlobeIcon, LockIcon, SearchIcon, TrophyIcon, UsersIcon } from '@/components/ui/icons';
import { RankBadge, RankNumber } from '@/components/ui/rank-badge';
import { LoadingRegion, Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { useCompetitions } from '@/lib/api/get-competitions';
import { offersSeveral } from '@/lib/competition/competition-choice';
import { useCompetition } from '@/lib/competition/use-competition';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { cn } from '@/lib/cn';
import { useLeaguesOverviews } from '../api/get-leagues-overview';
import { filterOverview, hasAnyLeague, type FilteredOverview } from '../utils/filter-overview';
import { shownAutomaticLeagueName } from '../utils/league-name';
import { clubInitials } from '@/lib/initials';
import { resolveBadge } from '../utils/rank';
import { RoleBadge } from './league-type-badge';
import { SearchInput } from './search-input';

export interface OverviewActions {
  onCreate: (type: UserLeagueKind) => void;
  onJoinWithCode: () => void;
}

/**
 * The hub's overview. With several competitions on offer, grouped by competition (the chosen one
 * first, a heading each); otherwise the chosen competition's (or, with none chosen, every league),
 * as before competitions existed.
 */
export function LeaguesOverviewPanel(actions: OverviewActions) {
  const { code } = useCompetition();
  const competitions = useCompetitions();
  const list = competitions.data;
  const grouped = useMemo(
    () => (list && offersSeveral(list) ? [...list.filter((c) => c.code === code), ...list.filter((c) => c.code !== code)] : null),
    [list, code],
  );
  // One hook for both layouts: the chosen competition's answer is the same query in each, so the
  // list arriving (and the grouping with it) asks for nothing twice.
  const overviews = useLeaguesOverviews(grouped ? grouped.map((c) => c.code) : [code]);
  if (!grouped) return <OverviewFromQuery overview={overviews[0]} {...actions} />;
  return <GroupedOverview competitions={grouped} overviews={overviews} chosen={code} {...actions} />;
}

/** One overview answer's states: loading, failed (with Try Again), empty, or the leagues with their search. */
function OverviewFromQuery({ overview, onCreate, onJoinWithCode }: OverviewActions & { overview: UseQueryResult<LeaguesOverview | null> }) {
  const { t } = useTranslation('leagues');
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

/**
 * Every competition's leagues (the chosen one first), each under its name: the competitions the fan plays, the chosen
 * one, and any other where they still have a league (stopping a competition leaves its leagues).
 * One search runs over all of them.
 */
function GroupedOverview({
  competitions,
  overviews,
  chosen,
  onCreate,
  onJoinWithCode,
}: OverviewActions & { competitions: readonly Competition[]; overviews: UseQueryResult<LeaguesOverview | null>[]; chosen: string | null }) {
  const { t } = useTranslation('leagues');
  const [search, setSearch] = useState('');
  const sections = competitions
    .map((competition, i) => ({ competition, overview: overviews[i] }))
    .filter(({ competition, overview }) => competition.playing || competition.code === chosen || hasAnyLeague(overview.data));

  if (sections.length === 1) return <OverviewFromQuery overview={sections[0].overview} onCreate={onCreate} onJoinWithCode={onJoinWithCode} />;

  const searching = search.trim() !== '';
  const filtered = sections.map(({ overview }) => (overview.data ? filterOverview(overview.data, search, { underCompetition: true }) : null));
  const anyMatch = !searching || sections.some(({ overview }, i) => !overview.data || filtered[i]?.anyMatch);
  const total = sections.reduce((sum, { overview }) => sum + (overview.data?.total_leagues?.count ?? 0), 0);

  return (
    <div className="space-y-8">
      <OverviewSearch search={search} onSearch={setSearch} total={sections.every(({ overview }) => overview.data) ? total : null} />
      {!anyMatch ? (
        <NoMatch search={search} />
      ) : (
        sections.map(({ competition, overview }, i) => {
          const match = filtered[i];
          if (searching && overview.data && !match?.anyMatch) return null;
          const headingId = `competition-${competition.code.replace(/\W/g, '-')}`;
          return (
            <section key={competition.code} aria-labelledby={headingId} className="space-y-4">
              <h2 id={headingId} className="flex items-center gap-2 font-display text-lg font-bold text-fg">
                <TrophyIcon size={18} className="text-accent" />
                {competition.name}
              </h2>
              {overview.isPending ? (
                <LoadingRegion label={t('overview.loadingCompetition', { competition: competition.name })}>
                  <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
                    <SkeletonCard />
                    <SkeletonCard />
                    <SkeletonCard />
                  </div>
                </LoadingRegion>
              ) : overview.isError ? (
                <Card>
                  <ErrorState
                    title={t('overview.competitionErrorTitle', { competition: competition.name })}
                    message={t('overview.errorText')}
                    onRetry={() => void overview.refetch()}
                  />
                </Card>
              ) : !overview.data || !match ? (
                <Card>
                  <EmptyState icon={<TrophyIcon size={22} />} title={t('overview.noData')} />
                </Card>
              ) : (
                <OverviewLeagues
                  overview={overview.data}
                  filtered={match}
                  searching={searching}
                  headingLevel="h3"
                  underCompetition
                  onCreate={onCreate}
                  onJoinWithCode={onJoinWithCode}
                />
              )}
            </section>
          );
        })
      )}
    </div>
  );
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

function OverviewSearch({ search, onSearch, total }: { search: string; onSearch: (v: string) => void; total: number | null }) {
  const { t } = useTranslation('leagues');
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <SearchInput label={t('overview.searchLabel')} placeholder={t('overview.searchPlaceholder')} value={search} onChange={onSearch} className="sm:max-w-sm sm:flex-1" />
      {total !== null ? <p className="text-sm text-muted">{t('overviewText.total', { count: total })}</p> : null}
    </div>
  );
}

function NoMatch({ search }: { search: string }) {
  const { t } = useTranslation('leagues');
  return (
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
  );
}

function OverviewContent({
  overview,
  search,
  onSearch,
  onCreate,
  onJoinWithCode,
}: OverviewActions & { overview: LeaguesOverview; search: string; onSearch: (v: string) => void }) {
  const filtered = useMemo(() => filterOverview(overview, search), [overview, search]);
  return (
    <div className="space-y-5">
      <OverviewSearch search={search} onSearch={onSearch} total={overview.total_leagues ? overview.total_leagues.count : null} />
      {!filtered.anyMatch ? (
        <NoMatch search={search} />
      ) : (
        <OverviewLeagues
          overview={overview}
          filtered={filtered}
          searching={search.trim() !== ''}
          headingLevel="h2"
          onCreate={onCreate}
          onJoinWithCode={onJoinWithCode}
        />
      )}
    </div>
  );
}

/**
 * One overview's automatic league cards and private and public lists, narrowed by the search.
 * `underCompetition`: under its competition's heading, whose name the automatic leagues' names
 * then leave out (they end with it, to tell them apart everywhere else).
 */
function OverviewLeagues({
  overview,
  filtered,
  searching,
  headingLevel,
  underCompetition = false,
  onCreate,
  onJoinWithCode,
}: OverviewActions & { overview: LeaguesOverview; filtered: FilteredOverview; searching: boolean; headingLevel: 'h2' | 'h3'; underCompetition?: boolean }) {
  const { t } = useTranslation('leagues');
  return (
    <div className="space-y-5">
      {filtered.country || filtered.global || filtered.club ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
          {filtered.country ? (
            <AutoLeagueCard
              kind={t('overview.countryLeague')}
              league={filtered.country.league}
              underCompetition={underCompetition}
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
              underCompetition={underCompetition}
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
              underCompetition={underCompetition}
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
          headingLevel={headingLevel}
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
          headingLevel={headingLevel}
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
    </div>
  );
}

function AutoLeagueCard({
  kind,
  league,
  underCompetition,
  rank,
  message,
  emblem,
  subtitle,
}: {
  kind: string;
  league: League | null;
  underCompetition: boolean;
  rank: number | null;
  message: string;
  emblem: ReactNode;
  subtitle?: string | null;
}) {
  const { t } = useTranslation('leagues');
  const name = league ? shownAutomaticLeagueName(league, underCompetition) : undefined;
  const body = (
    <>
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary-soft text-accent" aria-hidden="true">
          {emblem}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{kind}</p>
          <h3 className="truncate font-semibold text-fg">{name ?? subtitle ?? kind}</h3>
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
      aria-label={rank ? t('overview.cardLabelRanked', { kind, name, rank }) : t('overview.cardLabel', { kind, name })}
      className="block rounded-2xl border border-line bg-surface p-4 shadow-card transition-colors hover:border-primary/60 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus sm:p-5"
    >
      {body}
    </Link>
  );
}

function LeagueListSection({
  headingLevel: Heading,
  title,
  icon,
  count,
  entries,
  emptyTitle,
  emptyText,
  emptyActions,
}: {
  headingLevel: 'h2' | 'h3';
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
      <Heading>
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
      </Heading>
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
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
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
