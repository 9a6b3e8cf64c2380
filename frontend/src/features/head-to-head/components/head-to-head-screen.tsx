import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { DifferingPick, HeadToHeadPick, HeadToHeadPlayer, HeadToHeadResponse } from '@scoreline/contracts/api/compare';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ArrowLeftIcon, ChartIcon, TargetIcon } from '@/components/ui/icons';
import { LoadingRegion, Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { getServerMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { roundLabelOr } from '@/lib/round-label';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { useHeadToHead } from '../api/get-head-to-head';
import { RankHistoryCard } from './rank-history-card';

const HeadToHeadChart = lazy(() => import('./head-to-head-chart'));

/** /leagues/:leagueId/compare/:playerId — the viewer against one fellow member of a league. */
export function HeadToHeadScreen() {
  const { t } = useTranslation('compare');
  const { leagueId, playerId } = useParams();
  const query = useHeadToHead(leagueId, playerId);
  const backTo = `/leagues/${leagueId ?? ''}`;
  const back = (
    <Link to={backTo} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-fg">
      <ArrowLeftIcon size={16} /> {query.data ? t('back', { league: query.data.league.name }) : t('backToLeague')}
    </Link>
  );

  if (query.isPending) {
    return (
      <>
        {back}
        <LoadingRegion label={t('loading')} className="space-y-6">
          <Skeleton className="h-40 rounded-2xl" />
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
            {Array.from({ length: 5 }, (_, i) => (
              <SkeletonCard key={i} />
            ))}
          </div>
          <Skeleton className="h-72 rounded-2xl" />
        </LoadingRegion>
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {back}
        <Card>
          <ErrorState
            title={t('loadError')}
            message={getServerMessage(query.error)}
            onRetry={() => void query.refetch()}
            retryLabel={t('retry')}
            action={
              <Link to={backTo} className={buttonClasses('secondary')}>
                {t('backToLeague')}
              </Link>
            }
          />
        </Card>
      </>
    );
  }
  return (
    <>
      {back}
      <HeadToHeadContent data={query.data} />
    </>
  );
}

function HeadToHeadContent({ data }: { data: HeadToHeadResponse }) {
  const { t } = useTranslation('compare');
  const number = useFormatNumber();
  const { me, them } = data;
  const rows: { label: string; mine: number; theirs: number }[] = [
    { label: t('figures.points'), mine: me.total_points, theirs: them.total_points },
    // The season table's total counts settled bonus questions: their share, once either has some.
    ...(me.bonus_points > 0 || them.bonus_points > 0 ? [{ label: t('figures.bonusPoints'), mine: me.bonus_points, theirs: them.bonus_points }] : []),
    { label: t('figures.gameweeksWon'), mine: me.gameweeks_won, theirs: them.gameweeks_won },
    { label: t('figures.exactScores'), mine: me.exact_scores, theirs: them.exact_scores },
    { label: t('figures.correctResults'), mine: me.correct_results, theirs: them.correct_results },
    { label: t('figures.bankerHits'), mine: me.banker_hits, theirs: them.banker_hits },
  ];
  return (
    <div className="space-y-6">
      <Card className="pitch-stripes overflow-hidden">
        <div className="p-5 sm:p-6">
          <p className="text-xs font-semibold tracking-widest text-accent uppercase">{data.league.name}</p>
          <h1 className="mt-1 font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">{t('title')}</h1>
          <div className="mt-5 grid grid-cols-[1fr_auto_1fr] items-center gap-3">
            <PlayerSide player={me} you />
            <span className="text-sm font-semibold text-muted">v</span>
            <PlayerSide player={them} alignEnd />
          </div>
        </div>
      </Card>

      <Card className="overflow-hidden">
        <table className="w-full text-sm" data-testid="head-to-head-figures">
          <caption className="sr-only">{t('figures.label')}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{me.name}</th>
              <th scope="col">{t('figures.label')}</th>
              <th scope="col">{them.name}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className="border-b border-line last:border-0">
                <td className={cn('w-1/4 px-4 py-3 text-left font-display text-xl font-bold tabular-nums', r.mine > r.theirs ? 'text-accent' : 'text-fg')}>
                  {number(r.mine)}
                </td>
                <th scope="row" className="px-2 py-3 text-center text-xs font-semibold tracking-wide text-muted uppercase">
                  {r.label}
                </th>
                <td className={cn('w-1/4 px-4 py-3 text-right font-display text-xl font-bold tabular-nums', r.theirs > r.mine ? 'text-accent' : 'text-fg')}>
                  {number(r.theirs)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="border-t border-line px-4 py-2 text-center text-xs text-muted">{t('figures.drawn', { count: data.drawn_gameweeks })}</p>
      </Card>

      <Card className="overflow-hidden">
        <CardHeader title={t('chart.title')} description={t('chart.description')} />
        <div className="px-2 pt-4 pb-5 sm:px-4">
          {data.gameweeks.length === 0 ? (
            <EmptyState icon={<ChartIcon size={22} />} title={t('chart.empty')} />
          ) : (
            <>
              <Suspense fallback={<Skeleton className="mx-3 h-64" />}>
                <HeadToHeadChart gameweeks={data.gameweeks} me={me.name} them={them.name} />
              </Suspense>
              {/* A table ignores sr-only's 1px width and would widen the page: the hidden box is a div around it. */}
              <div className="sr-only">
                <table>
                  <caption>{t('chart.tableCaption', { me: me.name, them: them.name })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('chart.gameweek')}</th>
                      <th scope="col">{me.name}</th>
                      <th scope="col">{them.name}</th>
                      <th scope="col">{t('chart.winner')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.gameweeks.map((g) => (
                      <tr key={g.gameweek_id}>
                        <th scope="row">{roundLabelOr((n) => t('chart.axis', { number: n }), g.number, g.name)}</th>
                        <td>{number(g.my_points)}</td>
                        <td>{number(g.their_points)}</td>
                        <td>{g.winner === null ? t('chart.inPlay') : g.winner === 'draw' ? t('chart.draw') : g.winner === 'me' ? me.name : them.name}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
      </Card>

      <DifferingPicks data={data} />

      <div className="grid gap-4 lg:grid-cols-2">
        <RankHistoryCard leagueId={data.league.id} userId={me.user_id} playerName={me.name} />
        <RankHistoryCard leagueId={data.league.id} userId={them.user_id} playerName={them.name} />
      </div>
    </div>
  );
}

function PlayerSide({ player, you, alignEnd }: { player: HeadToHeadPlayer; you?: boolean; alignEnd?: boolean }) {
  const { t } = useTranslation('compare');
  const number = useFormatNumber();
  return (
    <div className={cn('flex min-w-0 items-center gap-3', alignEnd && 'flex-row-reverse text-right')}>
      <span
        aria-hidden="true"
        className={cn('grid size-12 shrink-0 place-items-center rounded-full text-lg font-extrabold sm:size-14', you ? 'bg-primary text-primary-fg' : 'bg-surface-3 text-fg')}
      >
        {player.avatar || '?'}
      </span>
      <div className="min-w-0">
        <p className="truncate font-semibold text-fg">
          {player.name}
          {you ? <span className="sr-only">{` (${t('you')})`}</span> : null}
        </p>
        <p className="text-xs text-muted tabular-nums">{player.rank ? t('rankShort', { rank: number(player.rank) }) : t('unranked')}</p>
      </div>
    </div>
  );
}

const VERDICT_TONE: Record<NonNullable<DifferingPick['verdict']>, BadgeTone> = { me: 'success', them: 'danger', both: 'info', neither: 'neutral' };

function DifferingPicks({ data }: { data: HeadToHeadResponse }) {
  const { t } = useTranslation('compare');
  const s = data.differing_summary;
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title={t('picks.title')}
        description={t('picks.summary', { me: s.me, them: data.them.name, them_count: s.them, both: s.both, neither: s.neither })}
      />
      {data.differing_picks.length === 0 ? (
        <EmptyState icon={<TargetIcon size={22} />} title={t('picks.empty')} description={t('picks.description')} />
      ) : (
        <ul className="mt-4 divide-y divide-line border-t border-line" data-testid="differing-picks">
          {data.differing_picks.map((d) => (
            <li key={d.fixture_id} className="grid gap-2 px-4 py-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-center sm:gap-4 sm:px-6">
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-fg">{t('picks.match', { home: d.home_team, away: d.away_team })}</p>
                <p className="text-xs text-muted">
                  {roundLabelOr((n) => t('picks.gameweek', { number: n }), d.gameweek_number, d.gameweek_name)} · {matchState(d, t)}
                </p>
              </div>
              <PickCell pick={d.mine} who={t('you')} />
              <PickCell pick={d.theirs} who={data.them.name} />
              <Badge tone={d.verdict ? VERDICT_TONE[d.verdict] : 'warning'}>
                {d.verdict ? t(`picks.verdict.${d.verdict}`, { name: data.them.name }) : t('picks.verdict.pending')}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function matchState(d: DifferingPick, t: (key: 'picks.final' | 'picks.live' | 'picks.scheduled' | 'picks.postponed', o?: { score: string }) => string): string {
  const score = `${d.home_score ?? '–'}–${d.away_score ?? '–'}`;
  if (d.status === 'finished') return t('picks.final', { score });
  if (d.status === 'live') return t('picks.live', { score });
  if (d.status === 'postponed') return t('picks.postponed');
  return t('picks.scheduled');
}

function PickCell({ pick, who }: { pick: HeadToHeadPick; who: string }) {
  const { t } = useTranslation('compare');
  const tone = pick.outcome === 'exact' ? 'text-success' : pick.outcome === 'correct' ? 'text-warning' : pick.outcome === 'wrong' ? 'text-danger' : 'text-fg';
  return (
    <p className="flex items-center gap-2 text-sm">
      <span className="w-20 truncate text-xs text-muted sm:w-auto">{who}</span>
      <span className={cn('font-display font-bold tabular-nums', tone)}>
        {pick.home_score}–{pick.away_score}
      </span>
      {pick.is_banker ? <Badge tone="banker">{t('picks.banker')}</Badge> : null}
      {pick.points !== null ? <span className="text-xs text-muted tabular-nums">{t('picks.points', { count: pick.points })}</span> : null}
    </p>
  );
}
