import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@scoreline/contracts/api/console';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ShieldIcon } from '@/components/ui/icons';
import { formatDateTime } from '@/lib/format';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { useAudit } from '../api/get-audit';
import { auditChanges } from '../utils/audit-diff';
import { PanelError, PanelLoading } from './panel-states';
import { SectionHeading } from './section-heading';

/** Audit: every operator action (and the feed's changes), newest first: who, when, what, and the values it changed. */
export function AuditPanel() {
  const { t } = useTranslation('console');
  const audit = useAudit();
  const entries = audit.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="console-audit-heading">
      <SectionHeading id="console-audit-heading" title={t('audit.title')} description={t('audit.description')} />
      {audit.isPending ? (
        <PanelLoading label={t('audit.loading')} rows={4} />
      ) : audit.isError && entries.length === 0 ? (
        <PanelError title={t('audit.loadError')} error={audit.error} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState icon={<ShieldIcon size={22} />} title={t('audit.empty')} className="rounded-2xl border border-line bg-surface" />
      ) : (
        <>
          <ol className="space-y-3">
            {entries.map((entry) => (
              <li key={entry.id}>
                <AuditItem entry={entry} />
              </li>
            ))}
          </ol>
          <div className="mt-5 flex flex-col items-center gap-3">
            {audit.isFetchNextPageError ? (
              <Alert>
                <p>{t('audit.olderFailed')}</p>
              </Alert>
            ) : null}
            {audit.hasNextPage ? (
              <Button variant="secondary" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
                {t('audit.older')}
              </Button>
            ) : (
              <p className="text-sm text-muted">{t('audit.end')}</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('console');
  const display = useDateDisplay();
  const changes = auditChanges(entry.before, entry.after);
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="primary">
          <span className="font-mono">{entry.action}</span>
        </Badge>
        <span className="text-sm font-semibold text-fg">{entry.actor ? entry.actor.username : entry.via === 'cli' ? t('audit.cli', { who: entry.via_detail ?? '?' }) : t('audit.feed')}</span>
        <time dateTime={entry.at} className="text-xs text-muted">
          {formatDateTime(entry.at, display)}
        </time>
      </div>
      <p className="mt-1.5 break-words text-sm text-fg">{entry.target}</p>
      {changes.length === 0 ? (
        <p className="mt-2 text-xs text-muted">{t('audit.noChange')}</p>
      ) : (
        <dl className="mt-2 space-y-1 rounded-xl bg-surface-2 px-3 py-2 font-mono text-xs">
          {changes.map((change) => (
            <div key={change.key} className="flex flex-wrap gap-x-2 break-all">
              <dt className="font-semibold text-fg">{change.key === '' ? t('audit.value') : change.key}</dt>
              <dd className="text-muted">
                <span className="sr-only">{t('audit.before')} </span>
                <del className="text-danger no-underline">{change.before ?? t('audit.absent')}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> {t('audit.after')} </span>
                <ins className="text-success no-underline">{change.after ?? t('audit.absent')}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
