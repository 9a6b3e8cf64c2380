import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { League, UserLeagueKind } from '@scoreline/contracts/api/leagues';
import { buttonClasses } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/icons';
import { TabList, TabPanel, type TabItem } from '@/components/ui/tabs';
import { PageHeader } from '@/components/layout/page-header';
import { useOverviewLive } from '../hooks/use-league-live';
import { CreateLeagueForm } from './create-league-form';
import { CreateSuccess } from './create-success';
import { JoinLeagueForm } from './join-league-form';
import { LeaguesOverviewPanel } from './leagues-overview';

type HubTab = 'overview' | 'create' | 'join';

const TAB_IDS: readonly HubTab[] = ['overview', 'create', 'join'];

const ID_PREFIX = 'leagues-hub';

function toTab(value: string | null): HubTab {
  return value === 'create' || value === 'join' ? value : 'overview';
}

/** /leagues and /leaderboard: Overview, Create League, Join League and the create-success view. */
export function LeaguesHubScreen() {
  const { t } = useTranslation('leagues');
  const tabs = useMemo<ReadonlyArray<TabItem<HubTab>>>(() => TAB_IDS.map((id) => ({ id, label: t(`hub.tabs.${id}`) })), [t]);
  const [params, setParams] = useSearchParams();
  const tab = toTab(params.get('tab'));
  const [created, setCreated] = useState<League | null>(null);
  useOverviewLive();
  // Bumped to remount a form with a preset type (e.g. "Create Public League").
  const [formKey, setFormKey] = useState(0);
  const [preset, setPreset] = useState<UserLeagueKind>(() => (params.get('type') === 'public' ? 'public' : 'private'));

  const goTo = useCallback(
    (next: HubTab) => {
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.delete('type');
          if (next === 'overview') copy.delete('tab');
          else copy.set('tab', next);
          return copy;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const openForm = (next: 'create' | 'join', type: UserLeagueKind) => {
    setPreset(type);
    setFormKey((k) => k + 1);
    setCreated(null);
    goTo(next);
  };

  const backToOverview = useCallback(() => goTo('overview'), [goTo]);

  return (
    <>
      <PageHeader
        title={t('hub.title')}
        description={t('hub.description')}
        actions={
          <Link to="/leagues/discover" className={buttonClasses('secondary', 'sm')}>
            <SearchIcon size={16} /> {t('shared.discoverPublic')}
          </Link>
        }
      />
      <TabList
        label={t('hub.tabsLabel')}
        idPrefix={ID_PREFIX}
        tabs={tabs}
        value={tab}
        onChange={(next) => {
          if (next !== 'create') setCreated(null);
          goTo(next);
        }}
        // Three tabs fit a 390 px screen with a little less padding.
        className="mb-6 [&>button]:px-2 [&>button]:text-[13px] sm:[&>button]:px-3.5 sm:[&>button]:text-sm"
      />
      <TabPanel idPrefix={ID_PREFIX} id="overview" active={tab === 'overview'}>
        <LeaguesOverviewPanel onCreate={(type) => openForm('create', type)} onJoinWithCode={() => openForm('join', 'private')} />
      </TabPanel>
      <TabPanel idPrefix={ID_PREFIX} id="create" active={tab === 'create'}>
        {created ? (
          <CreateSuccess
            league={created}
            onViewLeagues={() => {
              setCreated(null);
              goTo('overview');
            }}
            onCreateAnother={() => {
              setCreated(null);
              setFormKey((k) => k + 1);
            }}
          />
        ) : (
          <CreateLeagueForm key={`create-${formKey}`} initialType={preset} onCreated={setCreated} />
        )}
      </TabPanel>
      <TabPanel idPrefix={ID_PREFIX} id="join" active={tab === 'join'}>
        <JoinLeagueForm key={`join-${formKey}`} initialType={preset} onDone={backToOverview} />
      </TabPanel>
    </>
  );
}
