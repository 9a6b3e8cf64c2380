import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedUnmatched } from '@scoreline/contracts/api/console';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { CheckCircleIcon } from '@/components/ui/icons';
import { formatDateTime } from '@/lib/format';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { useUnmatched } from '../api/get-unmatched';
import { MatchLinkForm, TeamLinkForm } from './unmatched-link-forms';
import { PanelError, PanelLoading } from './panel-states';
import { SectionHeading } from './section-heading';

/** The provider's teams and matches the feed could not match to ours: an operator maps each, nothing is guessed. */
export function UnmatchedSection() {
  const { t } = useTranslation('console');
  const unmatched = useUnmatched();
  const [linked, setLinked] = useState<string | null>(null);
  return (
    <section aria-labelledby="console-unmatched-heading">
      <SectionHeading id="console-unmatched-heading" title={t('unmatched.title')} description={t('unmatched.description')} />
      {linked ? (
        <Alert tone="success" className="mb-4">
          <p>{t('unmatched.linked', { description: linked })}</p>
        </Alert>
      ) : null}
      {unmatched.isPending ? (
        <PanelLoading label={t('unmatched.loading')} rows={2} />
      ) : unmatched.isError ? (
        <PanelError title={t('unmatched.loadError')} error={unmatched.error} onRetry={() => void unmatched.refetch()} />
      ) : unmatched.data.length === 0 ? (
        <EmptyState icon={<CheckCircleIcon size={22} />} title={t('unmatched.empty')} description={t('unmatched.emptyText')} className="rounded-2xl border border-line bg-surface" />
      ) : (
        <ul className="space-y-3">
          {unmatched.data.map((item) => (
            <li key={`${item.provider}-${item.kind}-${item.provider_id}`}>
              <UnmatchedItem item={item} onLinked={() => setLinked(item.description)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UnmatchedItem({ item, onLinked }: { item: FeedUnmatched; onLinked: () => void }) {
  const { t } = useTranslation('console');
  const display = useDateDisplay();
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={item.kind === 'team' ? 'info' : 'primary'}>{t(`unmatched.kind.${item.kind}`)}</Badge>
        <span className="text-xs font-semibold text-muted">{item.competition}</span>
      </div>
      <h3 className="mt-2 break-words text-base font-semibold text-fg">{item.description}</h3>
      <p className="mt-1 text-xs text-muted">
        {t('unmatched.meta', {
          provider: item.provider,
          id: item.provider_id,
          first: formatDateTime(item.first_seen_at, display),
          last: formatDateTime(item.last_seen_at, display),
        })}
      </p>
      <div className="mt-4">{item.kind === 'team' ? <TeamLinkForm item={item} onLinked={onLinked} /> : <MatchLinkForm item={item} onLinked={onLinked} />}</div>
    </Card>
  );
}
