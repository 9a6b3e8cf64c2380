import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EnhancedMember, League, MembersSort } from '@scoreline/contracts/api/leagues';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { SelectField } from '@/components/ui/field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useEnhancedMembers } from '../api/get-enhanced-members';
import { useMemberStats } from '../api/get-member-stats';
import { MemberModal } from './member-modal';
import { MemberList } from './member-list';
import { MemberStatsCards } from './member-stats';
import { SearchInput } from './search-input';

export const MEMBER_SEARCH_DEBOUNCE_MS = 300;
/** Members shown on the league page; the rest are on the all-members page. */
export const DETAIL_MEMBERS_PAGE_SIZE = 10;

const SORTS: readonly MembersSort[] = ['rank', 'points', 'name'];

/** The members sort choices in the current language. */
export function useSortOptions(): ReadonlyArray<{ value: MembersSort; label: string }> {
  const { t } = useTranslation('leagues');
  return useMemo(() => SORTS.map((value) => ({ value, label: t(`shared.sort.${value}`) })), [t]);
}

/** Members with sort and search (data.members), member stats, and the member modal. */
export function MembersSection({ league }: { league: League }) {
  const { t } = useTranslation('leagues');
  const sortOptions = useSortOptions();
  const [sort, setSort] = useState<MembersSort>('rank');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<EnhancedMember | null>(null);
  const debounced = useDebouncedValue(search.trim(), MEMBER_SEARCH_DEBOUNCE_MS);
  const members = useEnhancedMembers(league.id, { sort, search: debounced || undefined, page: 1, page_size: DETAIL_MEMBERS_PAGE_SIZE });
  const memberStats = useMemberStats(league.id);
  const list = members.data?.members ?? [];
  const total = members.data?.total_count ?? 0;
  const canRemove = league.is_owner && (league.type === 'private' || league.type === 'public');

  return (
    <Card role="region" aria-labelledby="members-title">
      <CardHeader
        title={<span id="members-title">{t('members.title')}</span>}
        action={
          <Link to={`/leagues/${league.id}/players`} className={buttonClasses('link', 'sm')}>
            {t('members.viewAll')}
          </Link>
        }
      />
      <div className="space-y-4 p-5 pt-4 sm:p-6 sm:pt-4">
        <MemberStatsCards stats={memberStats.data} loading={memberStats.isPending} variant="strip" />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchInput label={t('members.searchLabel')} placeholder={t('members.searchPlaceholder')} value={search} onChange={setSearch} className="sm:flex-1" />
          <SelectField
            label={t('shared.sortBy')}
            options={sortOptions}
            value={sort}
            onChange={(event) => setSort(event.target.value as MembersSort)}
            className="sm:w-40"
          />
        </div>
        <div className="overflow-hidden rounded-xl border border-line">
          <MemberList
            members={list}
            pending={members.isPending}
            fetching={members.isFetching}
            searching={Boolean(debounced)}
            emptyTitle={t('members.empty')}
            skeletonRows={5}
            onOpen={setOpen}
            className="p-3"
          />
        </div>
        {total > list.length && list.length > 0 ? (
          <p className="text-center text-sm text-muted">
            {t('members.showingSome', { shown: list.length, total })}{' '}
            <Link to={`/leagues/${league.id}/players`} className="font-semibold text-accent hover:underline">
              {t('members.seeEveryone')}
            </Link>
          </p>
        ) : null}
      </div>
      <MemberModal
        leagueId={league.id}
        userId={open?.user_id ?? null}
        fallbackName={open?.full_name}
        canRemove={canRemove}
        onClose={() => setOpen(null)}
      />
    </Card>
  );
}
