import { useAtomValue } from 'jotai';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEADERBOARD_DEFAULT_PAGE_SIZE, type LeaderboardRow } from '@scoreline/contracts/api/leagues';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { TrophyIcon } from '@/components/ui/icons';
import { RankBadge, RankNumber } from '@/components/ui/rank-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, TD, TH, THead } from '@/components/ui/table';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { cn } from '@/lib/cn';
import { useLeaderboard } from '../api/get-leaderboard';
import { movedRowKey, movedRowsAtom, type RowMovement } from '../atoms/moved-rows.atom';
import { highlightTier, rankMovement, resolveBadge, TIER_ROW_CLASSES } from '../utils/rank';
import { Avatar } from './avatar';
import { LeaguesPager } from './leagues-pager';
import { ProvisionalMark } from '@/components/ui/provisional-mark';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Rows that changed place slide from where they were (FLIP), unless the user prefers reduced
 * motion. Keyed by user id.
 */
function useRowSlide(order: string) {
  const rows = useRef(new Map<number, HTMLTableRowElement>());
  const tops = useRef(new Map<number, number>());
  useLayoutEffect(() => {
    const animate = !prefersReducedMotion();
    const next = new Map<number, number>();
    rows.current.forEach((el, id) => {
      // Relative to the table, so scrolling the page in between does not count as a move.
      const top = el.offsetTop;
      next.set(id, top);
      const before = tops.current.get(id);
      if (animate && before !== undefined && before !== top && typeof el.animate === 'function') {
        el.animate([{ transform: `translateY(${before - top}px)` }, { transform: 'translateY(0)' }], { duration: 450, easing: 'cubic-bezier(.2,.8,.2,1)' });
      }
    });
    tops.current = next;
  }, [order]);
  return (id: number) => (el: HTMLTableRowElement | null) => {
    if (el) rows.current.set(id, el);
    else rows.current.delete(id);
  };
}

function Movement({ rank, previousRank, live }: { rank: number; previousRank: number | null; live?: RowMovement }) {
  const { t } = useTranslation('leagues');
  const number = useFormatNumber();
  const moved = rankMovement(rank, previousRank);
  if (!moved) return null;
  const up = moved > 0;
  return (
    <span
      className={cn('inline-flex items-center text-[11px] font-bold tabular-nums', up ? 'text-success' : 'text-danger', live && 'animate-fade-in')}
      title={up ? t('leaderboard.up', { n: moved }) : t('leaderboard.down', { n: -moved })}
    >
      <span aria-hidden="true">{up ? '▲' : '▼'}</span>
      {number(Math.abs(moved))}
      <span className="sr-only"> {up ? t('leaderboard.placesUp', { count: moved }) : t('leaderboard.placesDown', { count: -moved })}</span>
    </span>
  );
}

/** The league table (data.leaderboard): tiers 1, 2, 3 and up to 5, badges, the user's row, live moves. */
export function LeaderboardTable({ leagueId }: { leagueId: number }) {
  const { t } = useTranslation('leagues');
  const [page, setPage] = useState(1);
  const board = useLeaderboard(leagueId, page === 1 ? {} : { page, page_size: LEADERBOARD_DEFAULT_PAGE_SIZE });
  const moved = useAtomValue(movedRowsAtom);
  const data = board.data;
  const rows = data?.leaderboard ?? [];
  const rowRef = useRowSlide(rows.map((r) => `${r.user_id}:${r.rank}`).join(','));

  return (
    <Card className="overflow-hidden" role="region" aria-labelledby="leaderboard-title">
      <CardHeader
        title={<span id="leaderboard-title">{t('leaderboard.title')}</span>}
        description={
          data?.recent_gameweek ? t('leaderboard.gwDescription', { gameweek: data.recent_gameweek }) : t('leaderboard.totalDescription')
        }
        action={data && data.total_count > 0 ? <span className="text-xs text-muted tabular-nums">{t('leaderboard.ranked', { count: data.total_count })}</span> : null}
      />
      <div className="mt-4">
        {board.isPending ? (
          <div className="space-y-2 px-5 pb-5" aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <EmptyState icon={<TrophyIcon size={22} />} title={t('leaderboard.emptyTitle')} description={t('leaderboard.emptyText')} className="pt-4" />
        ) : (
          <>
            <Table caption={t('leaderboard.caption')} className="min-w-0! table-fixed">
              <THead>
                <tr>
                  <TH className="w-14 px-3! sm:w-20 sm:px-4!">{t('leaderboard.rank')}</TH>
                  <TH className="px-2! sm:px-4!">{t('leaderboard.player')}</TH>
                  <TH className="w-12 px-2! text-right sm:w-16 sm:px-4!">
                    <abbr
                      title={data?.recent_gameweek ? t('leaderboard.gwTitle', { gameweek: data.recent_gameweek }) : t('leaderboard.recentPoints')}
                      className="no-underline"
                    >
                      {t('leaderboard.gw')}
                    </abbr>
                  </TH>
                  <TH className="w-16 pr-4! pl-2! text-right sm:w-28 sm:px-4!">{t('leaderboard.total')}</TH>
                </tr>
              </THead>
              <TBody>
                {rows.map((row, index) => (
                  <LeaderboardTableRow
                    key={row.user_id}
                    leagueId={leagueId}
                    row={row}
                    live={moved[movedRowKey(leagueId, row.user_id)]}
                    gapBefore={index > 0 && row.is_current_user && row.rank > rows[index - 1].rank + 1 && index === rows.length - 1}
                    rowRef={rowRef(row.user_id)}
                  />
                ))}
              </TBody>
            </Table>
            {data && data.total_pages > 1 ? (
              <div className="border-t border-line px-5 py-4">
                <LeaguesPager page={data.page} totalPages={data.total_pages} onPageChange={setPage} label={t('leaderboard.pages')} />
              </div>
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}

function LeaderboardTableRow({
  leagueId,
  row,
  live,
  gapBefore,
  rowRef,
}: {
  leagueId: number;
  row: LeaderboardRow;
  live?: RowMovement;
  gapBefore: boolean;
  rowRef: (el: HTMLTableRowElement | null) => void;
}) {
  const { t } = useTranslation(['leagues', 'compare', 'tables']);
  const number = useFormatNumber();
  const tier = highlightTier(row.rank);
  const bonus = row.bonus_points ?? 0;
  const name = row.full_name || row.name || row.username;
  const team = row.team_name ?? row.team;
  const badge = resolveBadge(row.badge, row.rank);
  return (
    <>
      {gapBefore ? (
        <tr aria-hidden="true">
          <td colSpan={4} className="py-1 text-center text-xs text-muted">
            ⋯
          </td>
        </tr>
      ) : null}
      <tr
        ref={rowRef}
        data-tier={tier ?? undefined}
        data-current-user={row.is_current_user || undefined}
        data-moved={live}
        className={cn(
          'relative transition-colors duration-1000 hover:bg-surface-2/60',
          // The user's own row wins over the tier tint (the tier still shows in the badge and rank colour).
          tier && !row.is_current_user && TIER_ROW_CLASSES[tier],
          row.is_current_user && 'bg-primary-soft shadow-[inset_3px_0_0_var(--app-primary)]',
          live === 'up' && 'bg-success-soft! duration-150',
          live === 'down' && 'bg-danger-soft! duration-150',
        )}
        aria-current={row.is_current_user ? 'true' : undefined}
      >
        <TD className="px-3! sm:px-4!">
          <div className="flex flex-col items-start leading-tight">
            <RankNumber rank={row.rank} className="text-base" />
            <Movement rank={row.rank} previousRank={row.previous_rank} live={live} />
          </div>
        </TD>
        <TD className="px-2! sm:px-4!">
          <div className="flex min-w-0 items-center gap-2.5 sm:gap-3">
            <Avatar name={name} size="sm" highlighted={row.is_current_user} />
            <div className="min-w-0">
              <div className="flex min-w-0 items-center gap-1.5">
                <Link
                  id={`leaderboard-name-${row.user_id}`}
                  to={`/leagues/${leagueId}/player/${encodeURIComponent(row.username || String(row.user_id))}`}
                  className="truncate font-semibold text-fg hover:text-accent hover:underline"
                >
                  {name}
                </Link>
                <RankBadge badge={badge} rank={row.rank} />
                {row.is_current_user ? (
                  <Badge tone="primary">{t('shared.you')}</Badge>
                ) : (
                  <Link
                    to={`/leagues/${leagueId}/compare/${row.user_id}`}
                    className="shrink-0 rounded-full px-1.5 py-0.5 text-xs font-semibold text-accent hover:bg-primary-soft hover:underline"
                    // Named "Compare", described by the player's name: the name link stays the only link named after the player.
                    aria-describedby={`leaderboard-name-${row.user_id}`}
                    data-testid="leaderboard-compare"
                  >
                    {t('compare:compare')}
                  </Link>
                )}
              </div>
              {team ? <p className="truncate text-xs text-muted">{team}</p> : null}
            </div>
          </div>
        </TD>
        <TD className="px-2! text-right text-muted tabular-nums sm:px-4!">
          {number(row.recent_points)}
          {row.provisional ? (
            <ProvisionalMark title={t('leaderboard.inPlay')} label={t('leaderboard.provisional')} />
          ) : null}
        </TD>
        <TD className="pr-4! pl-2! text-right text-base font-bold tabular-nums sm:px-4!">
          {number(row.total_points)}
          {/* The season's points include the bonus questions' (issue 34 §3): say how many. */}
          {bonus > 0 ? (
            <span className="block text-[11px] leading-tight font-medium text-muted" title={t('tables:bonus.includedTitle', { count: bonus })} data-testid="leaderboard-bonus">
              {/* A narrow screen's column holds "+20"; the words are read out there and shown from sm up. */}
              <span aria-hidden="true" className="sm:hidden">
                {t('tables:bonus.short', { points: number(bonus) })}
              </span>
              <span className="max-sm:sr-only">{t('tables:bonus.included', { points: number(bonus) })}</span>
            </span>
          ) : null}
        </TD>
      </tr>
    </>
  );
}
