import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { TabList, TabPanel, type TabItem } from '@/components/ui/tabs';
import { useCompetition } from '@/lib/competition/use-competition';
import { AuditPanel } from './audit-panel';
import { BonusPanel } from './bonus-panel';
import { FeedPanel } from './feed-panel';
import { HealthPanel } from './health-panel';
import { ImportPanel } from './import-panel';
import { MatchesPanel } from './matches-panel';

const TABS = ['feed', 'matches', 'import', 'bonus', 'health', 'audit'] as const;
export type ConsoleTab = (typeof TABS)[number];

const ID_PREFIX = 'console';

function toTab(value: string | null): ConsoleTab {
  return TABS.find((tab) => tab === value) ?? 'feed';
}

/** Whether the signed-in user may see the console: known from their profile. */
export type ConsoleAccess = 'checking' | 'admin' | 'denied' | 'failed';

/**
 * /console: the operator console, admins only. Anyone else gets `notFound`, what the app shows
 * for an address it does not know (the server, likewise, answers 404 to every console call).
 */
export function ConsoleScreen({ access, onRetryAccess, notFound }: { access: ConsoleAccess; onRetryAccess: () => void; notFound: ReactNode }) {
  const { t } = useTranslation('console');
  if (access === 'denied') return <>{notFound}</>;
  if (access === 'failed') return <ErrorState title={t('accessFailed')} message={t('errors.generic')} onRetry={onRetryAccess} />;
  if (access === 'checking') {
    return (
      <LoadingRegion label={t('loading')}>
        <Skeleton className="h-9 w-64" />
        <Skeleton className="mt-3 h-4 w-80 max-w-full" />
        <Skeleton className="mt-8 h-12 w-full rounded-2xl" />
        <Skeleton className="mt-6 h-56 w-full rounded-2xl" />
      </LoadingRegion>
    );
  }
  return <Console />;
}

function Console() {
  const { t } = useTranslation('console');
  const tabs = useMemo<ReadonlyArray<TabItem<ConsoleTab>>>(() => TABS.map((id) => ({ id, label: t(`tabs.${id}`) })), [t]);
  const [params, setParams] = useSearchParams();
  const tab = toTab(params.get('tab'));
  // One competition for the Matches and Bonus tabs, the header's to begin with.
  const fanCompetition = useCompetition().code;
  const [competition, setCompetition] = useState<string | null>(fanCompetition);

  const goTo = useCallback(
    (next: ConsoleTab) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next === 'feed') copy.delete('tab');
          else copy.set('tab', next);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <>
      <title>{`${t('title')} · Scoreline`}</title>
      <PageHeader title={t('title')} description={t('description')} />
      <TabList
        label={t('tabsLabel')}
        idPrefix={ID_PREFIX}
        tabs={tabs}
        value={tab}
        onChange={goTo}
        // Six tabs wrap onto two rows on a phone rather than hide off the edge.
        className="mb-6 flex-wrap [&>button]:px-2 [&>button]:text-[13px] sm:[&>button]:px-3.5 sm:[&>button]:text-sm"
      />
      <TabPanel idPrefix={ID_PREFIX} id="feed" active={tab === 'feed'}>
        <FeedPanel />
      </TabPanel>
      <TabPanel idPrefix={ID_PREFIX} id="matches" active={tab === 'matches'}>
        <MatchesPanel competition={competition} onCompetition={setCompetition} />
      </TabPanel>
      <TabPanel idPrefix={ID_PREFIX} id="import" active={tab === 'import'}>
        <ImportPanel />
      </TabPanel>
      <TabPanel idPrefix={ID_PREFIX} id="bonus" active={tab === 'bonus'}>
        <BonusPanel competition={competition} onCompetition={setCompetition} />
      </TabPanel>
      <TabPanel idPrefix={ID_PREFIX} id="health" active={tab === 'health'}>
        <HealthPanel />
      </TabPanel>
      <TabPanel idPrefix={ID_PREFIX} id="audit" active={tab === 'audit'}>
        <AuditPanel />
      </TabPanel>
    </>
  );
}
