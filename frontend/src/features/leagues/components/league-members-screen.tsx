import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MEMBERS_DEFAULT_PAGE_SIZE, type EnhancedMember, type League, type MembersSort } from '@scoreline/contracts/api/leagues';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/field';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '@/components/layout/page-header';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useEnhancedMembers } from '../api/get-enhanced-members';
import { useLeague } from '../api/get-league';
import { useMemberStats } from '../api/get-member-stats';
import { parseLeagueId } from '../utils/parse-league-id';
import { LeagueNotFound } from './league-not-found';
import { MemberModal } from './member-modal';
import { MemberList } from './member-list';
import { MemberStatsCards } from './member-stats';
import { MEMBER_SEARCH_DEBOUNCE_MS, useSortOptions } from './members-section';
import { LeaguesPager } from './leagues-pager';
import { SearchInput } from './search-input';

/** /leagues/:id/players — every member, 20 per page from the server, with search and a 5-button pager. */
export function LeagueMembersScreen() {
  const { t } = useTranslation('leagues');
  const { id } = useParams();
  const leagueId = parseLeagueId(id);
  const league = useLeague(leagueId);

  const back = (
    <Link to={leagueId ? `/leagues/${leagueId}` : '/leagues'} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-fg">
      <ArrowLeftIcon size={16} /> {t('allMembers.back')}
    </Link>
  );

  if (leagueId === null || league.isError) {
    return (
      <>
        {back}
        <LeagueNotFound error={league.isError ? league.error : null} />
      </>
    );
  }

  return (
    <>
      {back}
      {league.isPending ? (
        <LoadingRegion label={t('shared.loadingLeague')}>
          <Skeleton className="mb-8 h-9 w-2/3" />
        </LoadingRegion>
      ) : (
        <PageHeader title={t('allMembers.title', { name: league.data.name })} description={t('allMembers.description')} />
      )}
      <MembersDirectory leagueId={leagueId} league={league.data ?? null} />
    </>
  );
}

function MembersDirectory({ leagueId, league }: { leagueId: number; league: League | null }) {
  const { t } = useTranslation('leagues');
  const number = useFormatNumber();
  const sortOptions = useSortOptions();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MembersSort>('rank');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<EnhancedMember | null>(null);
  const debounced = useDebouncedValue(search.trim(), MEMBER_SEARCH_DEBOUNCE_MS);
  const members = useEnhancedMembers(leagueId, { sort, search: debounced || undefined, page, page_size: MEMBERS_DEFAULT_PAGE_SIZE });
  const memberStats = useMemberStats(leagueId);
  const data = members.data;
  const list = data?.members ?? [];
  const canRemove = Boolean(league?.is_owner && (league.type === 'private' || league.type === 'public'));
  const from = data && data.total_count > 0 ? (data.page - 1) * data.page_size + 1 : 0;
  const to = data ? from + list.length - 1 : 0;

  return (
    <div className="space-y-6">
      <MemberStatsCards stats={memberStats.data} loading={memberStats.isPending} />

      <Card>
        <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:p-5">
          <SearchInput
            label={t('allMembers.searchLabel')}
            placeholder={t('allMembers.searchPlaceholder')}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            className="sm:flex-1"
          />
          <SelectField
            label={t('shared.sortBy')}
            options={sortOptions}
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as MembersSort);
              setPage(1);
            }}
            className="sm:w-40"
          />
        </div>
        <div className="border-t border-line">
          <MemberList
            members={list}
            pending={members.isPending}
            fetching={members.isFetching}
            searching={Boolean(debounced)}
            emptyTitle={t('allMembers.empty')}
            skeletonRows={8}
            onOpen={setOpen}
            className="p-4"
          />
        </div>
        {data && list.length > 0 ? (
          <div className="flex flex-col items-center gap-3 border-t border-line px-4 py-4 sm:flex-row sm:justify-between sm:px-5">
            <p className="text-sm text-muted tabular-nums">
              {t('allMembers.showing', { from: number(from), to: number(to), total: data.total_count })}
            </p>
            <LeaguesPager page={data.page} totalPages={data.total_pages} onPageChange={setPage} label={t('allMembers.pages')} />
          </div>
        ) : null}
      </Card>

      <MemberModal
        leagueId={leagueId}
        userId={open?.user_id ?? null}
        fallbackName={open?.full_name}
        canRemove={canRemove}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}
