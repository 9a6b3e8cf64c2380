import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { useFeed } from '../api/get-feed';
import { FeedCard } from './feed-card';
import { PanelError, PanelLoading } from './panel-states';
import { SectionHeading } from './section-heading';
import { UnmatchedSection } from './unmatched-section';

/** Feed: one card per competition (how fresh, how many calls left, what went wrong), then what the feed could not match. */
export function FeedPanel() {
  const { t } = useTranslation('console');
  const feed = useFeed();
  return (
    <div className="space-y-10">
      <section aria-labelledby="console-feed-heading">
        <SectionHeading id="console-feed-heading" title={t('feed.title')} description={t('feed.description')} />
        {feed.isPending ? (
          <PanelLoading label={t('feed.loading')} cards={2} />
        ) : feed.isError ? (
          <PanelError title={t('feed.loadError')} error={feed.error} onRetry={() => void feed.refetch()} />
        ) : feed.data.length === 0 ? (
          <EmptyState title={t('feed.empty')} className="rounded-2xl border border-line bg-surface" />
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {feed.data.map((state) => (
              <li key={state.competition}>
                <FeedCard state={state} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <UnmatchedSection />
    </div>
  );
}
