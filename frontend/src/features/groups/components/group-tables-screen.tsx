import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { CalendarIcon, TrophyIcon } from '@/components/ui/icons';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { getServerMessage } from '@/lib/api-error';
import { useCompetitions } from '@/lib/api/get-competitions';
import { useCompetition } from '@/lib/competition/use-competition';
import { useGroupTables } from '../api/get-group-tables';
import { useGroupTablesLive } from '../hooks/use-group-tables-live';
import { groupCompetitionOf } from '../utils/group-competition';
import { GroupTables } from './group-tables';

/** Two group cards of four rows, the shape of what loads, so nothing jumps when it arrives. */
function GroupTablesSkeleton() {
  const { t } = useTranslation('groups');
  return (
    <LoadingRegion label={t('loading')} className="grid gap-4 sm:gap-6 lg:grid-cols-2">
      {Array.from({ length: 2 }, (_, group) => (
        <Card key={group} className="space-y-3 p-5 sm:p-6" aria-hidden="true">
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-3.5 w-40" />
          <Skeleton className="mt-2 h-9 w-full" />
          {Array.from({ length: 4 }, (_, row) => (
            <Skeleton key={row} className="h-10 w-full" />
          ))}
        </Card>
      ))}
    </LoadingRegion>
  );
}

/** /groups: the group tables of the tournament the fan is looking at (see groupCompetitionOf), updated as its matches finish. */
export function GroupTablesScreen() {
  const { t } = useTranslation('groups');
  const competitions = useCompetitions();
  const chosen = useCompetition().code;
  const competition = competitions.data ? groupCompetitionOf(competitions.data, chosen) : null;
  const tables = useGroupTables(competition?.season.id ?? null);
  useGroupTablesLive();

  let content;
  if (competitions.isPending || (competition && tables.isPending)) {
    content = <GroupTablesSkeleton />;
  } else if (competitions.isError || tables.isError) {
    const failed = competitions.isError ? competitions : tables;
    content = (
      <Card>
        <ErrorState title={t('loadError')} message={getServerMessage(failed.error)} onRetry={() => void failed.refetch()} />
      </Card>
    );
  } else if (!competition) {
    content = (
      <Card>
        <EmptyState icon={<TrophyIcon size={22} />} title={t('none.title')} description={t('none.text')} />
      </Card>
    );
  } else if (!tables.data || tables.data.groups.length === 0) {
    content = (
      <Card>
        <EmptyState icon={<TrophyIcon size={22} />} title={t('noGroups.title')} description={t('noGroups.text')} />
      </Card>
    );
  } else {
    content = <GroupTables groups={tables.data.groups} />;
  }

  return (
    <div>
      <PageHeader
        eyebrow={tables.data?.season_name ?? competition?.season.name}
        title={t('title')}
        description={t('description')}
        actions={
          <Link to="/gameweeks" className={buttonClasses('secondary', 'sm')}>
            <CalendarIcon size={16} />
            {t('fixturesLink')}
          </Link>
        }
      />
      {content}
    </div>
  );
}
