import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { League } from '@scoreline/contracts/api/leagues';
import type { CrowdFixture, GameweekPicksPage, Pick, PicksFixture, PicksRow } from '@scoreline/contracts/api/picks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CrowdSplit } from '@/components/ui/crowd-split';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { inputClasses } from '@/components/ui/field';
import { GameweekStatusBadge } from '@/components/ui/gameweek-status-badge';
import { ArrowLeftIcon, ArrowRightIcon, LockIcon, SearchIcon, UsersIcon } from '@/components/ui/icons';
import { Pager } from '@/components/ui/pager';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { MemberCells } from './member-cells';
import { TabList, TabPanel, type TabItem } from '@/components/ui/tabs';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSearchPage } from '@/hooks/use-search-page';
import { useGameweeks } from '@/lib/api/get-gameweeks';
import { cn } from '@/lib/cn';
import { formatKickoff } from '@/lib/format';
import { roundLabel, tournamentRoundName } from '@/lib/round-label';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { useGameweekPicks } from '../api/get-gameweek-picks';
import { usePicksLive } from '../hooks/use-picks-live';
import { startGameweek } from '../utils/start-gameweek';
import { BonusAnswersPanel } from './bonus-answers-panel';

export const PICKS_PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

type PicksTab = 'picks' | 'bonus';

/**
 * The league page's everyone's-picks section: a gameweek's picks after its deadline, paged and
 * searchable, and beside them the competition's bonus answers (shown from its first kick-off on).
 */
export function GameweekPicksPanel({ league }: { league: League }) {
  const { t } = useTranslation(['picks', 'common']);
  const gameweeks = useGameweeks();
  const [chosen, setChosen] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useSearchPage(search);
  const number = chosen ?? startGameweek(gameweeks.data, Date.now());
  const picks = useGameweekPicks(league.id, number, { page, page_size: PICKS_PAGE_SIZE, search });
  usePicksLive(league.id, picks.data?.gameweek.id ?? null);

  // The viewed round's name ("Round of 32"): from its picks once in, from the season's list before.
  const shown = picks.data?.gameweek.number === number ? picks.data.gameweek : gameweeks.data?.find((g) => g.number === number);
  const numbers = useMemo(() => (gameweeks.data ?? []).map((g) => g.number).sort((a, b) => a - b), [gameweeks.data]);
  const previous = number === null ? null : ([...numbers].reverse().find((n) => n < number) ?? null);
  const next = number === null ? null : (numbers.find((n) => n > number) ?? null);
  const go = (n: number) => {
    setChosen(n);
    setPage(1);
  };
  const searchId = useId();
  const [tab, setTab] = useState<PicksTab>('picks');
  const tabs: TabItem<PicksTab>[] = [
    { id: 'picks', label: t('tabs.picks') },
    { id: 'bonus', label: t('tabs.bonus') },
  ];
  const tabPrefix = `${searchId}-tabs`;

  return (
    <section aria-label={t('tabs.label')} className="space-y-3">
      <TabList label={t('tabs.label')} tabs={tabs} value={tab} onChange={setTab} idPrefix={tabPrefix} />
      <TabPanel idPrefix={tabPrefix} id="picks" active={tab === 'picks'}>
        <Card className="overflow-hidden" role="region" aria-labelledby={`${searchId}-title`}>
          <CardHeader title={<span id={`${searchId}-title`}>{t('panel.title')}</span>} description={t('panel.description')} />
          <div className="flex flex-wrap items-center justify-between gap-3 px-5 pt-4 sm:px-6">
            <nav aria-label={t('nav.label')} className="flex items-center gap-2">
              <Button variant="secondary" size="sm" icon={<ArrowLeftIcon size={16} />} disabled={previous === null} onClick={() => previous !== null && go(previous)} aria-label={t('nav.previous')} className="w-9 px-0" />
              <div className="min-w-28 text-center" aria-live="polite">
                {number !== null ? <p className="font-semibold text-fg">{roundLabel(t, number, shown?.name)}</p> : <Skeleton className="mx-auto h-5 w-24" />}
                {picks.data ? <GameweekStatusBadge status={picks.data.gameweek.status} /> : null}
              </div>
              <Button variant="secondary" size="sm" disabled={next === null} onClick={() => next !== null && go(next)} aria-label={t('nav.next')} className="w-9 px-0">
                <ArrowRightIcon size={16} />
              </Button>
            </nav>
            <div className="relative w-full sm:w-64">
              <label htmlFor={searchId} className="sr-only">
                {t('search.label')}
              </label>
              <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" aria-hidden="true" />
              <input
                id={searchId}
                type="search"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                placeholder={t('search.placeholder')}
                className={cn(inputClasses, 'h-10 pl-9')}
              />
            </div>
          </div>
          <div className="mt-4">
            {picks.isError ? (
              <ErrorState title={t('panel.loadError')} onRetry={() => void picks.refetch()} retryLabel={t('panel.retry')} />
            ) : !picks.data || number === null ? (
              <PicksSkeleton />
            ) : (
              <PicksBody data={picks.data} page={page} onPage={setPage} searching={search !== ''} />
            )}
          </div>
        </Card>
      </TabPanel>
      <TabPanel idPrefix={tabPrefix} id="bonus" active={tab === 'bonus'}>
        <BonusAnswersPanel leagueId={league.id} />
      </TabPanel>
    </section>
  );
}

function PicksSkeleton() {
  const { t } = useTranslation('picks');
  return (
    <LoadingRegion label={t('panel.loading')} className="space-y-3 px-5 pb-6 sm:px-6">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-9 w-full" />
      ))}
    </LoadingRegion>
  );
}

function PicksBody({ data, page, onPage, searching }: { data: GameweekPicksPage; page: number; onPage: (page: number) => void; searching: boolean }) {
  const { t } = useTranslation('picks');
  const display = useDateDisplay();
  if (data.fixtures.length === 0) return <EmptyState icon={<UsersIcon size={22} />} title={t('panel.noFixtures')} />;
  if (!data.revealed) {
    const time = data.gameweek.deadline ? formatKickoff(data.gameweek.deadline, display) : null;
    return (
      <>
        <EmptyState icon={<LockIcon size={22} />} title={t('panel.hiddenTitle')} description={time ? t('panel.hiddenDescription', { time }) : t('panel.hiddenNoTime')} />
        {data.my_row ? <PicksTable data={data} rows={[]} pinned={data.my_row} /> : null}
      </>
    );
  }
  const mineOnPage = data.my_row !== null && data.rows.some((r) => r.is_current_user);
  return (
    <>
      {data.rows.length === 0 && searching ? <p className="px-5 pb-2 text-sm text-muted sm:px-6">{t('panel.noMembers')}</p> : null}
      <PicksTable data={data} rows={data.rows} pinned={mineOnPage ? null : data.my_row} />
      <div className="px-5 py-4 sm:px-6">
        <Pager
          page={page}
          totalPages={data.total_pages}
          onPageChange={onPage}
          labels={{ nav: t('pager.nav'), previous: t('pager.previous'), next: t('pager.next'), page: (n) => t('pager.page', { page: n }) }}
        />
      </div>
    </>
  );
}

function PicksTable({ data, rows, pinned }: { data: GameweekPicksPage; rows: PicksRow[]; pinned: PicksRow | null }) {
  const { t } = useTranslation('picks');
  const crowdOf = new Map<number, CrowdFixture>((data.crowd ?? []).map((c) => [c.fixture_id, c]));
  const named = tournamentRoundName(data.gameweek.number, data.gameweek.name);
  return (
    <Table caption={named ? t('grid.captionNamed', { round: named }) : t('grid.caption', { number: data.gameweek.number })} data-testid="picks-grid">
      <THead>
        <tr>
          <TH className="w-12">{t('grid.rank')}</TH>
          <TH className="min-w-36">{t('grid.member')}</TH>
          <TH className="text-right">{t('grid.points')}</TH>
          {data.fixtures.map((f) => (
            <FixtureHead key={f.id} fixture={f} crowd={crowdOf.get(f.id)} />
          ))}
        </tr>
      </THead>
      {pinned ? (
        <TBody aria-label={t('grid.yourRow')} className="border-b-2 border-line">
          <PicksTableRow leagueId={data.league_id} row={pinned} fixtures={data.fixtures} />
        </TBody>
      ) : null}
      <TBody>
        {rows.map((row) => (
          <PicksTableRow key={row.user_id} leagueId={data.league_id} row={row} fixtures={data.fixtures} />
        ))}
      </TBody>
    </Table>
  );
}

function FixtureHead({ fixture, crowd }: { fixture: PicksFixture; crowd: CrowdFixture | undefined }) {
  const { t } = useTranslation('picks');
  const score = fixture.home_score !== null && fixture.away_score !== null ? `${fixture.home_score}–${fixture.away_score}` : null;
  return (
    <TH className="min-w-28 text-center normal-case tracking-normal">
      <abbr title={t('grid.versus', { home: fixture.home_team, away: fixture.away_team })} className="no-underline">
        {fixture.home_short} – {fixture.away_short}
      </abbr>
      {score ? <span className={cn('block font-display text-sm text-fg', fixture.status === 'live' && 'text-danger')}>{score}</span> : null}
      {crowd ? <CrowdSplit crowd={crowd} compact className="mt-1 font-normal" /> : null}
    </TH>
  );
}

function PicksTableRow({ leagueId, row, fixtures }: { leagueId: number; row: PicksRow; fixtures: PicksFixture[] }) {
  const { t } = useTranslation('picks');
  const number = useFormatNumber();
  const byFixture = new Map(row.picks.map((p) => [p.fixture_id, p]));
  return (
    <TR highlighted={row.is_current_user} aria-current={row.is_current_user ? 'true' : undefined} data-testid={`picks-row-${row.user_id}`}>
      <MemberCells leagueId={leagueId} row={row} />
      <TD className={cn('text-right font-display font-bold', row.provisional && 'italic')} title={row.provisional ? t('grid.provisional') : undefined} data-testid="picks-points">
        {number(row.points)}
      </TD>
      {fixtures.map((f) => (
        <PickCell key={f.id} pick={byFixture.get(f.id)} />
      ))}
    </TR>
  );
}

function PickCell({ pick }: { pick: Pick | undefined }) {
  const { t } = useTranslation('picks');
  if (!pick) return <TD className="text-center text-muted">{<span title={t('grid.noPick')}>·</span>}</TD>;
  const tone = pick.outcome === 'exact' ? 'text-success' : pick.outcome === 'correct' ? 'text-info' : 'text-fg';
  return (
    <TD className={cn('text-center', pick.is_banker && 'bg-primary-soft/50')}>
      <span className={cn('font-semibold', tone)}>{t('grid.pick', { home: pick.home_score, away: pick.away_score })}</span>
      {pick.is_banker ? (
        <Badge tone="banker" className="ml-1">
          {t('grid.banker')}
        </Badge>
      ) : null}
      {pick.points !== null ? (
        <span className={cn('block text-xs text-muted', pick.provisional && 'italic')} title={pick.provisional ? t('grid.provisional') : undefined}>
          {t('grid.pickPoints', { count: pick.points })}
        </span>
      ) : null}
    </TD>
  );
}
