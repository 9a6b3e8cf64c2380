import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleHealth } from '@scoreline/contracts/api/console';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { useHealth } from '../api/get-health';
import { openQueueBoard } from '../api/open-queue-board';
import { formatAge } from '../utils/relative-age';
import { DeadLettersCard } from './dead-letters-card';
import { PanelError, PanelLoading } from './panel-states';
import { SectionHeading } from './section-heading';

/** A count that is bad when above zero: red with a word beside it, never colour alone. */
function Problems({ count, label }: { count: number; label: string }) {
  return count > 0 ? (
    <Badge tone="danger">
      {count} <span className="sr-only">{label}</span>
    </Badge>
  ) : (
    <span className="text-muted">{count}</span>
  );
}

function Stat({ label, value, bad }: { label: string; value: ReactNode; bad?: boolean }) {
  return (
    <div className="rounded-xl border border-line bg-surface-2 p-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold tabular-nums ${bad ? 'text-danger' : 'text-fg'}`}>{value}</dd>
    </div>
  );
}

/** Health at a glance, asked again every 10 seconds: queues, the outbox and its dead letters, the reconciler, mail and push. */
export function HealthPanel() {
  const { t } = useTranslation('console');
  const health = useHealth();
  return (
    <section aria-labelledby="console-health-heading">
      <SectionHeading id="console-health-heading" title={t('health.title')} description={t('health.description')} />
      {health.isPending ? (
        <PanelLoading label={t('health.loading')} cards={4} />
      ) : health.isError ? (
        <PanelError title={t('health.loadError')} error={health.error} onRetry={() => void health.refetch()} />
      ) : (
        <HealthView health={health.data} />
      )}
    </section>
  );
}

function HealthView({ health }: { health: ConsoleHealth }) {
  const { t } = useTranslation('console');
  const display = useDateDisplay();
  const failedJobs = health.queues.reduce((sum, q) => sum + q.failed, 0);
  return (
    // One column of at most the screen's width on a phone: the queues table scrolls in its own box instead of widening the page.
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card className="lg:col-span-2">
        <CardHeader
          as="h3"
          title={t('health.queues.title')}
          description={failedJobs > 0 ? t('health.queues.failedJobs', { count: failedJobs }) : t('health.queues.noFailed')}
          action={
            <a
              href={health.queue_board_url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('secondary', 'sm')}
              onClick={(event) => {
                event.preventDefault();
                void openQueueBoard(health.queue_board_url).catch(() => undefined);
              }}
            >
              {t('health.queues.board')}
              <span className="sr-only"> {t('newTab')}</span>
            </a>
          }
        />
        <CardBody>
          {health.queues.length === 0 ? (
            <p className="text-sm text-muted">{t('health.queues.empty')}</p>
          ) : (
            // Wider than a phone: it scrolls in its own box, which takes the keyboard's focus (and is named) so it can be scrolled without a pointer.
            <div
              role="region"
              aria-label={t('health.queues.title')}
              tabIndex={0}
              className="relative overflow-x-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
            >
              <table className="w-full min-w-max border-collapse text-sm tabular-nums">
                <caption className="sr-only">{t('health.queues.title')}</caption>
                <THead>
                  <tr>
                    <TH>{t('health.queues.name')}</TH>
                    <TH className="text-right">{t('health.queues.waiting')}</TH>
                    <TH className="text-right">{t('health.queues.active')}</TH>
                    <TH className="text-right">{t('health.queues.delayed')}</TH>
                    <TH className="text-right">{t('health.queues.failed')}</TH>
                  </tr>
                </THead>
                <TBody>
                  {health.queues.map((queue) => (
                    <TR key={queue.name}>
                      <TD className="sticky left-0 bg-surface font-mono text-xs">{queue.name}</TD>
                      <TD className="text-right">{queue.waiting}</TD>
                      <TD className="text-right">{queue.active}</TD>
                      <TD className="text-right">{queue.delayed}</TD>
                      <TD className="text-right">
                        <Problems count={queue.failed} label={t('health.queues.failed')} />
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </table>
            </div>
          )}
        </CardBody>
      </Card>

      <Card>
        <CardHeader as="h3" title={t('health.outbox.title')} description={t('health.outbox.description')} />
        <CardBody className="space-y-4">
          <dl className="grid grid-cols-2 gap-3">
            <Stat label={t('health.outbox.pending')} value={health.outbox.pending} />
            <Stat
              label={t('health.outbox.oldest')}
              value={health.outbox.oldest_pending_seconds === null ? t('none') : formatAge(health.outbox.oldest_pending_seconds, display.locale)}
            />
          </dl>
          {health.outbox.failing.length === 0 ? (
            <p className="text-sm text-muted">{t('health.outbox.noFailing')}</p>
          ) : (
            <div>
              <h4 className="text-sm font-semibold text-danger">{t('health.outbox.failing', { count: health.outbox.failing.length })}</h4>
              <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
                {health.outbox.failing.map((event) => (
                  <li key={event.id} className="px-3 py-2 text-sm">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-mono text-xs text-fg">{`#${event.id} ${event.name}`}</span>
                      <Badge tone="danger">{t('health.outbox.attempts', { count: event.attempts })}</Badge>
                      <time dateTime={event.created_at} className="text-xs text-muted">
                        {formatDateTime(event.created_at, display)}
                      </time>
                    </div>
                    {event.last_error ? <p className="mt-1 break-words text-muted">{event.last_error}</p> : null}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </CardBody>
      </Card>

      <Card>
        <CardHeader as="h3" title={t('health.delivery.title')} description={t('health.delivery.description')} />
        <CardBody>
          <dl className="grid grid-cols-2 gap-3">
            <Stat label={t('health.delivery.mailSent')} value={health.mail.sent} />
            <Stat label={t('health.delivery.mailFailed')} value={health.mail.failed} bad={health.mail.failed > 0} />
            <Stat label={t('health.delivery.pushSent')} value={health.push.sent} />
            <Stat label={t('health.delivery.pushFailed')} value={health.push.failed} bad={health.push.failed > 0} />
          </dl>
        </CardBody>
      </Card>

      <DeadLettersCard count={health.outbox.dead_letters} />

      <Card className="lg:col-span-2">
        <CardHeader as="h3" title={t('health.reconciler.title')} description={t('health.reconciler.description')} />
        <CardBody>
          {health.reconciler.length === 0 ? (
            <p className="text-sm text-muted">{t('health.reconciler.empty')}</p>
          ) : (
            <ul className="divide-y divide-line rounded-xl border border-line">
              {health.reconciler.map((run) => (
                <li key={run.at} className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-center sm:gap-3">
                  <time dateTime={run.at} className="shrink-0 text-xs text-muted">
                    {formatDateTime(run.at, display)}
                  </time>
                  <Badge tone={run.repaired > 0 ? 'warning' : 'success'}>{t('health.reconciler.repaired', { count: run.repaired })}</Badge>
                  <span className="min-w-0 break-words text-fg">{run.summary}</span>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
