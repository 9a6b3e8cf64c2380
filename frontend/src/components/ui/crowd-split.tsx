import { useTranslation } from 'react-i18next';
import type { CrowdFixture } from '@scoreline/contracts/api/picks';
import { cn } from '@/lib/cn';
import { useFormatNumber } from '@/lib/settings/use-format-number';

/**
 * The crowd on one fixture: the home / draw / away split as a bar with its numbers, the most
 * predicted scores and how many banked it. Used on Fixtures, Results and the picks grid.
 */
export function CrowdSplit({ crowd, compact = false, titled = false, className }: { crowd: CrowdFixture; compact?: boolean; titled?: boolean; className?: string }) {
  const { t } = useTranslation('picks');
  const number = useFormatNumber();
  const { home, draw, away } = crowd.split;
  const parts = [
    { key: 'home', value: home, bar: 'bg-primary' },
    { key: 'draw', value: draw, bar: 'bg-warning' },
    { key: 'away', value: away, bar: 'bg-info' },
  ] as const;
  return (
    <div className={cn('text-xs text-muted', className)} data-testid="crowd-split">
      {titled ? <p className="mb-1 font-semibold tracking-wide uppercase">{t('crowd.title')}</p> : null}
      <p className="sr-only">{t('crowd.split', { home, draw, away })}</p>
      <div aria-hidden="true" className="flex h-2 overflow-hidden rounded-full bg-surface-2">
        {parts.map((p) => (p.value > 0 ? <span key={p.key} className={p.bar} style={{ width: `${p.value}%` }} /> : null))}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between gap-2 tabular-nums">
        <span>
          {t('crowd.home')} <span className="font-semibold text-fg">{number(home)}%</span>
        </span>
        <span>
          {t('crowd.draw')} <span className="font-semibold text-fg">{number(draw)}%</span>
        </span>
        <span>
          {t('crowd.away')} <span className="font-semibold text-fg">{number(away)}%</span>
        </span>
      </div>
      {compact ? null : (
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
          {crowd.top_scores.length > 0 ? (
            <span>
              {t('crowd.topScores')}:{' '}
              <span className="text-fg">{crowd.top_scores.map((s) => t('crowd.score', { home: s.home, away: s.away, percent: s.percent })).join(' · ')}</span>
            </span>
          ) : null}
          <span>{t('crowd.bankers', { count: crowd.bankers })}</span>
          <span>{t('crowd.predictions', { count: crowd.predictions })}</span>
        </div>
      )}
    </div>
  );
}
