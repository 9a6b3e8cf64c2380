import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TablePeriod } from '@scoreline/contracts/api/tables';
import { TabList, TabPanel, type TabItem } from '@/components/ui/tabs';
import { useLeagueTablesLive } from '../hooks/use-league-tables-live';
import { LeaderboardTable } from './leaderboard-table';
import { PeriodTable } from './period-table';
import { WinnerBadges } from './winner-badges';

const ID_PREFIX = 'league-table';

/**
 * The league page's table with its period switcher (issue 11): the season table (the live
 * leaderboard, as before), any gameweek's table and the monthly tables, and above them the
 * league's gameweek and month winners.
 */
export function LeagueTables({ leagueId }: { leagueId: number }) {
  const { t } = useTranslation('tables');
  const [period, setPeriod] = useState<TablePeriod>('season');
  useLeagueTablesLive(leagueId);
  const tabs: TabItem<TablePeriod>[] = [
    { id: 'season', label: t('switcher.season') },
    { id: 'gameweek', label: t('switcher.gameweek') },
    { id: 'month', label: t('switcher.month') },
  ];
  return (
    <div className="space-y-3">
      <WinnerBadges leagueId={leagueId} />
      <TabList label={t('switcher.label')} tabs={tabs} value={period} onChange={setPeriod} idPrefix={ID_PREFIX} />
      <TabPanel idPrefix={ID_PREFIX} id="season" active={period === 'season'}>
        <LeaderboardTable leagueId={leagueId} />
      </TabPanel>
      <TabPanel idPrefix={ID_PREFIX} id="gameweek" active={period === 'gameweek'}>
        <PeriodTable leagueId={leagueId} period="gameweek" />
      </TabPanel>
      <TabPanel idPrefix={ID_PREFIX} id="month" active={period === 'month'}>
        <PeriodTable leagueId={leagueId} period="month" />
      </TabPanel>
    </div>
  );
}
