import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxDeadLetter } from '@scoreline/contracts/api/console';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { useDeadLetters } from '../api/get-dead-letters';
import { useReplayDeadLetter } from '../api/replay-dead-letter';
import { formErrorsOf } from '../utils/server-errors';
import { PanelError, PanelLoading } from './panel-states';

/**
 * The outbox's dead letters: event deliveries given up after repeated failures, which nothing
 * retries until an operator replays one (once its consumer is fixed). `count` is the health's own
 * count (the list shows the newest 100).
 */
export function DeadLettersCard({ count }: { count: number }) {
  const { t } = useTranslation('console');
  const deadLetters = useDeadLetters();
  const replay = useReplayDeadLetter();
  const [replayed, setReplayed] = useState<string | null>(null);
  // Held here, not in the item: a replayed letter leaves the list (its item unmounts) as it succeeds.
  const onReplay = async (letter: OutboxDeadLetter) => {
    setReplayed(null);
    await replay.mutateAsync(letter.id);
    setReplayed(t('health.deadLetters.replayed', { id: letter.event_id, event: letter.event, consumer: letter.consumer }));
  };
  return (
    <Card className="lg:col-span-2">
      <CardHeader
        as="h3"
        title={t('health.deadLetters.title')}
        description={count > 0 ? t('health.deadLetters.count', { count }) : t('health.deadLetters.description')}
      />
      <CardBody className="space-y-4">
        {replayed ? (
          <Alert tone="success">
            <p>{replayed}</p>
          </Alert>
        ) : null}
        {deadLetters.isPending ? (
          <PanelLoading label={t('health.deadLetters.loading')} rows={1} />
        ) : deadLetters.isError ? (
          <PanelError title={t('health.deadLetters.loadError')} error={deadLetters.error} onRetry={() => void deadLetters.refetch()} />
        ) : deadLetters.data.length === 0 ? (
          <p className="text-sm text-muted">{t('health.deadLetters.empty')}</p>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line">
            {deadLetters.data.map((letter) => (
              <DeadLetterItem key={letter.id} letter={letter} onReplay={onReplay} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function DeadLetterItem({ letter, onReplay }: { letter: OutboxDeadLetter; onReplay: (letter: OutboxDeadLetter) => Promise<void> }) {
  const { t } = useTranslation('console');
  const display = useDateDisplay();
  const [confirming, setConfirming] = useState(false);
  const [replaying, setReplaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const names = { id: letter.event_id, event: letter.event, consumer: letter.consumer };

  const onConfirm = async () => {
    setError(null);
    setReplaying(true);
    try {
      await onReplay(letter);
    } catch (failure) {
      // A refusal in the server's words (409: replayed by someone else meanwhile); else our own.
      setError(formErrorsOf(failure, []).message ?? t('health.deadLetters.replayFailed'));
      setConfirming(false);
    } finally {
      setReplaying(false);
    }
  };

  return (
    <li className="px-3 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-xs text-fg">{`#${letter.event_id} ${letter.event}`}</span>
        <Badge tone="info">{t('health.deadLetters.consumer', { consumer: letter.consumer })}</Badge>
        <Badge tone="danger">{t('health.outbox.attempts', { count: letter.attempts })}</Badge>
        <span className="text-xs text-muted">
          {t('health.deadLetters.died')}{' '}
          <time dateTime={letter.dead_at}>{formatDateTime(letter.dead_at, display)}</time>
        </span>
      </div>
      {letter.last_error ? <p className="mt-1 break-words text-muted">{letter.last_error}</p> : null}
      {letter.replayed_at ? (
        <p className="mt-1 text-xs text-muted">
          {t('health.deadLetters.replayedBefore')} <time dateTime={letter.replayed_at}>{formatDateTime(letter.replayed_at, display)}</time>
        </p>
      ) : null}
      <div className="mt-2">
        {confirming ? (
          <div className="space-y-2">
            <Alert tone="warning">
              <p>{t('health.deadLetters.confirmText', names)}</p>
            </Alert>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" loading={replaying} onClick={() => void onConfirm()}>
                {t('health.deadLetters.confirm')}
              </Button>
              <Button size="sm" variant="ghost" disabled={replaying} onClick={() => setConfirming(false)}>
                {t('cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <Button size="sm" variant="secondary" aria-label={t('health.deadLetters.replayLabel', names)} onClick={() => setConfirming(true)}>
            {t('health.deadLetters.replay')}
          </Button>
        )}
      </div>
      {error ? (
        <Alert className="mt-2">
          <p>{error}</p>
        </Alert>
      ) : null}
    </li>
  );
}
