import { picksRevealed } from '@scoreline/contracts/game/reveal';
import { useCrowd } from '@/lib/api/get-crowd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { GameweekResults } from '@scoreline/contracts/api/stats';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { GameweekStatusBadge } from '@/components/ui/gameweek-status-badge';
import { ArrowLeftIcon, ArrowRightIcon, BallIcon, TrophyIcon } from '@/components/ui/icons';
import { LoadingRegion, Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { ApiError } from '@/lib/api-error';
import { useGameweeks } from '@/lib/api/get-gameweeks';
import { cn } from '@/lib/cn';
import { tournamentRoundName } from '@/lib/round-label';
import { useGameweekResults } from '../api/get-gameweek-results';
import { useLiveResults } from '../hooks/use-live-results';
import { latestGameweekWithResults } from '../utils/start-gameweek';
import { ResultMatchRow } from './result-match-row';

function parseGameweek(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

function isComplete(data: GameweekResults | null | undefined): data is GameweekResults {
  return Boolean(data && data.user_stats && data.global_benchmarks && Array.isArray(data.matches));
}

function ResultsSkeleton() {
  const { t } = useTranslation('results');
  return (
    <LoadingRegion label={t('loading')} className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <SkeletonCard className="col-span-2 lg:col-span-1" />
        <SkeletonCard />
        <SkeletonCard />
        <SkeletonCard />
        <SkeletonCard />
      </div>
      <Skeleton className="h-28 rounded-2xl" />
      <Card className="divide-y divide-line" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="space-y-3 px-5 py-4">
            <Skeleton className="h-3 w-24" />
            <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-3">
              <Skeleton className="ml-auto h-4 w-24" />
              <Skeleton className="h-6 w-14" />
              <Skeleton className="h-4 w-24" />
            </div>
            <Skeleton className="h-3 w-40" />
          </div>
        ))}
      </Card>
    </LoadingRegion>
  );
}

function ResultsView({ data }: { data: GameweekResults }) {
  const { t } = useTranslation(['results', 'common']);
  // Everyone's split per match, once the gameweek has locked.
  const crowd = useCrowd(data.gameweek?.number ?? null, { enabled: data.gameweek ? picksRevealed(data.gameweek, Date.now()) : false });
  const crowdOf = new Map((crowd.data?.everyone ?? []).map((c) => [c.fixture_id, c]));
  const number = useFormatNumber();
  const { user_stats: stats, global_benchmarks: benchmarks, matches } = data;
  const average = Math.round(benchmarks.average_points);
  const versusAverage = stats.total_points - average;
  return (
    <div className="space-y-6">
      {stats.total_predictions === 0 && matches.length > 0 ? (
        <Alert tone="info">
          <p>{t('noPredictions')}</p>
        </Alert>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <StatCard
          size="lg"
          label={t('stats.totalPoints')}
          value={number(stats.total_points)}
          caption={stats.provisional ? t('stats.provisional') : t('stats.predictions', { count: stats.total_predictions ?? 0 })}
          className="col-span-2 lg:col-span-1"
          highlight
        />
        <StatCard size="lg" label={t('stats.correctResults')} value={number(stats.correct_results)} caption={t('stats.exactIncluded')} />
        <StatCard size="lg" label={t('stats.exactScores')} value={number(stats.exact_scores)} />
        <StatCard size="lg" label={t('stats.accuracy')} value={t('common:percent', { value: number(Math.round(stats.accuracy)) })} />
        <StatCard size="lg" label={t('stats.wrong')} value={number(stats.wrong_results)} />
      </div>

      <Card>
        <CardHeader
          title={t('benchmarks.title')}
          description={benchmarks.participants ? t('benchmarks.among', { count: benchmarks.participants }) : undefined}
        />
        <div className="grid grid-cols-2 gap-3 p-5 sm:grid-cols-3 sm:p-6">
          <div>
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('benchmarks.highest')}</p>
            <p className="mt-1 flex items-center gap-2 font-display text-2xl font-extrabold text-fg tabular-nums">
              <TrophyIcon size={18} className="text-yellow-400" />
              {number(benchmarks.highest_points)}
            </p>
          </div>
          <div>
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('benchmarks.average')}</p>
            <p className="mt-1 font-display text-2xl font-extrabold text-fg tabular-nums">{number(average)}</p>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('benchmarks.versus')}</p>
            <p
              className={cn(
                'mt-1 font-display text-2xl font-extrabold tabular-nums',
                versusAverage > 0 ? 'text-success' : versusAverage < 0 ? 'text-danger' : 'text-fg',
              )}
            >
              {versusAverage > 0 ? `+${number(versusAverage)}` : number(versusAverage)}
              <span className="ml-2 text-sm font-medium text-muted">
                {versusAverage > 0 ? t('benchmarks.above') : versusAverage < 0 ? t('benchmarks.below') : t('benchmarks.level')}
              </span>
            </p>
          </div>
        </div>
      </Card>

      <Card className="overflow-hidden">
        <CardHeader title={t('matches.title')} description={t('matches.description')} className="pb-4 sm:pb-4" />
        {matches.length === 0 ? (
          <EmptyState icon={<BallIcon size={22} />} title={t('matches.empty')} />
        ) : (
          <ul className="divide-y divide-line border-t border-line">
            {matches.map((match) => (
              <ResultMatchRow key={match.fixture_id} match={match} crowd={crowdOf.get(match.fixture_id)} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** /results: one gameweek's results next to the user's predictions, stepped with arrows. */
export function ResultsScreen() {
  useLiveResults();
  const { t } = useTranslation('results');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = parseGameweek(searchParams.get('gameweek'));
  const gameweeks = useGameweeks();
  const startNumber = gameweeks.isPending && requested === null ? null : latestGameweekWithResults(gameweeks.data, Date.now());
  const number = requested ?? startNumber;
  const results = useGameweekResults(number);
  const shownNumber = number ?? 1;

  const step = (to: number) => setSearchParams({ gameweek: String(Math.max(1, to)) });
  const data = results.data;
  const showingOther = results.isPlaceholderData;

  let content;
  if (number === null || results.isPending) {
    content = <ResultsSkeleton />;
  } else if (results.isError) {
    content =
      results.error instanceof ApiError && results.error.status === 404 ? (
        <Card>
          <EmptyState icon={<BallIcon size={22} />} title={t('matches.empty')} />
        </Card>
      ) : (
        <Card>
          <ErrorState title={t('loadError')} message={results.error.message} onRetry={() => void results.refetch()} />
        </Card>
      );
  } else if (!isComplete(data)) {
    content = (
      <Card>
        <ErrorState title={t('incomplete')} onRetry={() => void results.refetch()} />
      </Card>
    );
  } else {
    content = (
      <div className={cn('transition-opacity', showingOther && 'opacity-60')} aria-busy={showingOther || undefined}>
        <ResultsView data={data} />
      </div>
    );
  }

  const status = !showingOther && isComplete(data) ? data.gameweek?.status : undefined;
  // The shown round's name ("Round of 32"): from its results once in, from the season's list before.
  const summary = !showingOther && data?.gameweek?.number === shownNumber ? data.gameweek : gameweeks.data?.find((g) => g.number === shownNumber);
  const named = tournamentRoundName(shownNumber, summary?.name);

  return (
    <>
      <div className="mb-6 flex items-center justify-between gap-3 sm:mb-8">
        <Button
          variant="secondary"
          size="md"
          aria-label={t('previous')}
          icon={<ArrowLeftIcon size={18} />}
          disabled={number === null || shownNumber <= 1}
          onClick={() => step(shownNumber - 1)}
        />
        <div className="min-w-0 text-center">
          {number === null ? (
            <>
              <h1 className="sr-only">{t('title')}</h1>
              <Skeleton className="mx-auto h-8 w-56 max-w-full" />
            </>
          ) : (
            <h1 className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">{named ? t('headingNamed', { round: named }) : t('heading', { number: shownNumber })}</h1>
          )}
          <div className="mt-1.5 flex min-h-5 justify-center">
            {status ? <GameweekStatusBadge status={status} /> : null}
          </div>
        </div>
        <Button
          variant="secondary"
          size="md"
          aria-label={t('next')}
          icon={<ArrowRightIcon size={18} />}
          disabled={number === null}
          onClick={() => step(shownNumber + 1)}
        />
      </div>
      {content}
    </>
  );
}
