import { Trans, useTranslation } from 'react-i18next';
import type { HistoryMatch } from '@scoreline/contracts/api/stats';
import { Badge } from '@/components/ui/badge';
import { OutcomeBadge } from '@/components/ui/outcome-badge';
import { cn } from '@/lib/cn';

const score = (home: number | null, away: number | null) => (home === null || away === null ? '–' : `${home}–${away}`);

/** The matches of one gameweek in the history: prediction, actual score, banker, result, points. */
export function HistoryMatches({ matches, label }: { matches: readonly HistoryMatch[]; label: string }) {
  const { t } = useTranslation('history');
  if (matches.length === 0) return <p className="py-2 text-sm text-muted">{t('matches.empty')}</p>;
  return (
    <ul className="grid gap-2 md:grid-cols-2" aria-label={label}>
      {matches.map((m) => (
        <li
          key={m.fixtureId}
          aria-label={t('matches.match', { home: m.homeTeam, away: m.awayTeam })}
          className={cn('rounded-xl border border-line bg-surface px-3.5 py-3', m.banker && 'border-primary/50')}
        >
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 text-sm font-semibold text-fg">
              <span className="block truncate">{m.homeTeam}</span>
              <span className="block truncate">{m.awayTeam}</span>
            </p>
            <div className="flex shrink-0 flex-col items-end gap-1">
              {m.banker ? <Badge tone="banker">{t('matches.banker')}</Badge> : null}
              {m.status === 'live' ? <Badge tone="danger">{t('matches.live')}</Badge> : m.status === 'postponed' ? <Badge tone="warning">{t('matches.postponed')}</Badge> : null}
            </div>
          </div>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
            <span>
              <Trans
                t={t}
                i18nKey="matches.predicted"
                values={{ score: score(m.predictionHome, m.predictionAway) }}
                components={{ score: <span className="font-semibold text-fg tabular-nums" /> }}
              />
              <span className="mx-1.5" aria-hidden="true">
                ·
              </span>
              <Trans
                t={t}
                i18nKey="matches.actual"
                values={{ score: score(m.homeScore, m.awayScore) }}
                components={{ score: <span className="font-semibold text-fg tabular-nums" /> }}
              />
            </span>
            <span className="flex items-center gap-1.5">
              {m.result ? <OutcomeBadge outcome={m.result} /> : <span>{t('matches.pending')}</span>}
              {m.points !== null ? <span className="font-bold text-fg tabular-nums">{t('matches.points', { points: m.points })}</span> : null}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
