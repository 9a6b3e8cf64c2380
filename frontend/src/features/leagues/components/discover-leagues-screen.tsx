import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DISCOVER_DEFAULT_PAGE_SIZE, type DiscoverLeague } from '@scoreline/contracts/api/leagues';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ArrowLeftIcon, UsersIcon } from '@/components/ui/icons';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { PageHeader } from '@/components/layout/page-header';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { getServerMessage } from '@/lib/api-error';
import { useDiscoverLeagues } from '../api/get-discover-leagues';
import { useJoinLeague } from '../api/join-league';
import { LeaguesPager } from './leagues-pager';
import { SearchInput } from './search-input';

export const DISCOVER_SEARCH_DEBOUNCE_MS = 300;

/** /leagues/discover: public leagues with member counts, searchable, joined in a click. */
export function DiscoverLeaguesScreen() {
  const { t } = useTranslation('leagues');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), DISCOVER_SEARCH_DEBOUNCE_MS);
  const discover = useDiscoverLeagues({ search: debounced || undefined, page, page_size: DISCOVER_DEFAULT_PAGE_SIZE });
  const data = discover.data;

  return (
    <>
      <Link to="/leagues" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-fg">
        <ArrowLeftIcon size={16} /> {t('shared.backToLeagues')}
      </Link>
      <PageHeader title={t('discover.title')} description={t('discover.description')} />

      <SearchInput
        label={t('discover.searchLabel')}
        placeholder={t('discover.searchPlaceholder')}
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
        className="mb-5 sm:max-w-md"
      />

      {discover.isPending ? (
        <LoadingRegion label={t('discover.loading')} className="grid gap-3 sm:grid-cols-2">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="rounded-2xl border border-line bg-surface p-5">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="mt-3 h-3.5 w-full" />
              <Skeleton className="mt-5 h-9 w-24" />
            </div>
          ))}
        </LoadingRegion>
      ) : discover.isError ? (
        <Card>
          <ErrorState title={t('discover.errorTitle')} message={discover.error.message} onRetry={() => void discover.refetch()} />
        </Card>
      ) : !data || data.leagues.length === 0 ? (
        <Card>
          <EmptyState
            icon={<UsersIcon size={22} />}
            title={debounced ? t('discover.noMatchTitle') : t('discover.emptyTitle')}
            description={debounced ? t('discover.noMatchText') : t('discover.emptyText')}
            action={
              <Link to="/leagues?tab=create&type=public" className={buttonClasses('primary')}>
                {t('shared.createPublic')}
              </Link>
            }
          />
        </Card>
      ) : (
        <div className="space-y-5">
          <p className="text-sm text-muted tabular-nums" aria-live="polite">
            {t('discover.count', { count: data.total_count })}
          </p>
          <ul className="grid gap-3 sm:grid-cols-2">
            {data.leagues.map((league) => (
              <li key={league.id}>
                <DiscoverCard league={league} />
              </li>
            ))}
          </ul>
          <LeaguesPager page={data.page} totalPages={data.total_pages} onPageChange={setPage} label={t('discover.pages')} />
        </div>
      )}
    </>
  );
}

function DiscoverCard({ league }: { league: DiscoverLeague }) {
  const { t } = useTranslation('leagues');
  const number = useFormatNumber();
  const join = useJoinLeague();
  const toast = useToast();
  const navigate = useNavigate();

  const onJoin = () =>
    join.mutate(
      { type: 'public', league_id: league.id },
      {
        onSuccess: (answer) => {
          toast.show(answer.message ?? t('shared.joined', { name: league.name }), 'success');
          navigate(`/leagues/${league.id}`);
        },
        onError: (failure) => toast.show(getServerMessage(failure) ?? t('shared.joinFailed'), 'error'),
      },
    );

  return (
    <Card className="flex h-full flex-col p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-fg">{league.name}</h2>
          <p className="mt-0.5 text-xs text-muted">
            {t('discover.id', { id: league.id })}
            {league.owner_name ? t('discover.byOwner', { owner: league.owner_name }) : ''}
          </p>
        </div>
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-surface-3 px-2.5 py-0.5 text-xs font-semibold text-fg tabular-nums">
          <UsersIcon size={12} aria-hidden="true" />
          {number(league.member_count)}
          <span className="sr-only">{t('shared.membersWord', { count: league.member_count })}</span>
        </span>
      </div>
      {league.description ? <p className="mt-2 line-clamp-2 text-sm text-muted">{league.description}</p> : <div className="flex-1" />}
      <div className="mt-4 flex flex-1 items-end">
        {league.is_member ? (
          <Link to={`/leagues/${league.id}`} className={buttonClasses('secondary', 'sm')} aria-label={t('discover.viewLabel', { name: league.name })}>
            {t('discover.view')}
          </Link>
        ) : (
          <Button size="sm" onClick={onJoin} loading={join.isPending} aria-label={t('discover.joinLabel', { name: league.name })}>
            {t('discover.join')}
          </Button>
        )}
      </div>
    </Card>
  );
}
