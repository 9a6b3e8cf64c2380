import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedCompetitionState } from '@scoreline/contracts/api/console';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { formatAge, STALE_AFTER_SECONDS } from '../utils/relative-age';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{term}</dt>
      <dd className="mt-0.5 text-sm font-semibold text-fg tabular-nums">{children}</dd>
    </div>
  );
}

/** How the results feed stands for one competition. */
export function FeedCard({ state }: { state: FeedCompetitionState }) {
  const { t } = useTranslation('console');
  const display = useDateDisplay();
  const never = state.stale_seconds === null;
  const stale = never || (state.stale_seconds ?? 0) > STALE_AFTER_SECONDS;
  const headingId = `console-feed-${state.competition.replace(/\W/g, '-')}`;
  return (
    <Card className="h-full" aria-labelledby={headingId} role="group">
      <CardHeader
        as="h3"
        title={<span id={headingId}>{state.competition_name}</span>}
        description={[state.competition, state.provider ?? t('feed.noProvider'), state.provider_code].filter(Boolean).join(' · ')}
        action={
          <div className="flex flex-wrap gap-1.5">
            {state.stand_in ? <Badge tone="info">{t('feed.standIn')}</Badge> : null}
            {stale ? <Badge tone="warning">{never ? t('feed.neverPolled') : t('feed.stale')}</Badge> : <Badge tone="success">{t('feed.fresh')}</Badge>}
          </div>
        }
      />
      <CardBody className="space-y-5">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
          <Fact term={t('feed.lastGoodPoll')}>{state.stale_seconds === null ? t('feed.never') : formatAge(state.stale_seconds, display.locale)}</Fact>
          <Fact term={t('feed.requestsLeft')}>{state.requests_left ?? t('feed.unknown')}</Fact>
          <Fact term={t('feed.liveMatches')}>{state.live_matches}</Fact>
          <Fact term={t('feed.errors24h')}>{state.errors_24h}</Fact>
          <Fact term={t('feed.lastPoll')}>{state.last_poll_at ? formatDateTime(state.last_poll_at, display) : t('feed.never')}</Fact>
          <Fact term={t('feed.nextPoll')}>{state.next_poll_at ? formatDateTime(state.next_poll_at, display) : t('feed.unknown')}</Fact>
        </dl>
        <div>
          <h4 className="text-sm font-semibold text-fg">{t('feed.recentProblems')}</h4>
          {state.recent_errors.length === 0 ? (
            <p className="mt-1 text-sm text-muted">{t('feed.noProblems')}</p>
          ) : (
            <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
              {state.recent_errors.map((problem, i) => (
                <li key={`${problem.at}-${i}`} className="px-3 py-2 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone="danger">{problem.kind}</Badge>
                    <time dateTime={problem.at} className="text-xs text-muted">
                      {formatDateTime(problem.at, display)}
                    </time>
                  </div>
                  <p className="mt-1 break-words text-fg">{problem.message}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
