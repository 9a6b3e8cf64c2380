import type { CrowdFixture } from '@scoreline/contracts/api/picks';
import { CrowdSplit } from '@/components/ui/crowd-split';
import { Trans, useTranslation } from 'react-i18next';
import type { ResultMatch } from '@scoreline/contracts/api/stats';
import { Badge } from '@/components/ui/badge';
import { LiveBadge } from '@/components/ui/live-badge';
import { OutcomeBadge } from '@/components/ui/outcome-badge';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { cn } from '@/lib/cn';
import { formatKickoff } from '@/lib/format';
import { cutTeamName } from '../utils/start-gameweek';

function TeamName({ name }: { name: string }) {
  return (
    <>
      <span className="sm:hidden">{cutTeamName(name)}</span>
      <span className="hidden sm:inline">{name}</span>
    </>
  );
}

function MatchState({ match }: { match: ResultMatch }) {
  const { t } = useTranslation('results');
  const display = useDateDisplay();
  if (match.status === 'live') return <LiveBadge minute={match.minute} />;
  if (match.status === 'finished') return <Badge>{t('row.fullTime')}</Badge>;
  if (match.status === 'postponed') return <Badge tone="warning">{t('row.postponed')}</Badge>;
  const date = new Date(match.match_time);
  return Number.isNaN(date.getTime()) ? null : <time dateTime={match.match_time}>{formatKickoff(match.match_time, display, true, { unknown: t('kickoff.tbc'), dayOnly: (day) => t('kickoff.timeTbc', { day }) })}</time>;
}

const score = (home: number | null, away: number | null) => (home === null || away === null ? null : `${home}–${away}`);

/** One match of the results: actual score, the user's prediction, outcome and points. */
export function ResultMatchRow({ match, crowd }: { match: ResultMatch; crowd?: CrowdFixture }) {
  const actual = score(match.actual_home_score, match.actual_away_score);
  const predicted = score(match.predicted_home_score, match.predicted_away_score);
  const { t } = useTranslation('results');
  const { t: tp } = useTranslation('picks');
  const name = t('row.match', { home: match.home_team, away: match.away_team });

  return (
    <li className={cn('px-4 py-4 sm:px-6', match.is_banker && 'bg-primary-soft/50')} aria-label={name}>
      <div className="flex min-h-6 items-center justify-between gap-2 text-xs text-muted">
        <MatchState match={match} />
        {match.is_banker ? <Badge tone="banker">{t('row.banker')}</Badge> : null}
      </div>

      <div className="mt-2 grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3">
        <p className="truncate text-right text-sm font-semibold text-fg sm:text-base" title={match.home_team}>
          <TeamName name={match.home_team} />
        </p>
        <p className="min-w-16 text-center font-display text-xl font-extrabold text-fg tabular-nums sm:text-2xl">
          {actual ? (
            <span aria-label={t('row.actualScore', { score: actual })}>{actual}</span>
          ) : (
            <span className="text-sm font-semibold text-muted uppercase">{t('row.vs')}</span>
          )}
        </p>
        <p className="truncate text-sm font-semibold text-fg sm:text-base" title={match.away_team}>
          <TeamName name={match.away_team} />
        </p>
      </div>

      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted">
          {predicted ? (
            <Trans
              t={t}
              i18nKey="row.predicted"
              values={{ score: predicted }}
              components={{ score: <span className="font-semibold text-fg tabular-nums" /> }}
            />
          ) : (
            t('row.notPredicted')
          )}
        </p>
        {match.result_status ? (
          <p className="flex items-center gap-2">
            <OutcomeBadge outcome={match.result_status} />
            <span className="font-bold text-fg tabular-nums">{t('row.points', { points: match.points_earned ?? 0 })}</span>
            {!match.is_final ? <span className="text-xs text-muted">{t('row.provisional')}</span> : null}
          </p>
        ) : predicted ? (
          <p className="text-xs text-muted">{t('row.awaiting')}</p>
        ) : null}
      </div>
      {crowd ? (
        <div className="mt-3 border-t border-line pt-3">
          {match.result_status === 'exact' && crowd.exact_percent !== null ? (
            <p className="mb-2 text-sm font-medium text-success" data-testid="exact-share">
              {tp('crowd.exactShare', { percent: crowd.exact_percent })}
            </p>
          ) : null}
          <CrowdSplit crowd={crowd} titled />
        </div>
      ) : null}
    </li>
  );
}
