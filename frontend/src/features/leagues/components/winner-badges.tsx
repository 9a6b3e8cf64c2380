import { useTranslation } from 'react-i18next';
import type { PeriodWinners } from '@scoreline/contracts/api/tables';
import { CrownIcon, TrophyIcon } from '@/components/ui/icons';
import { roundLabelOr } from '@/lib/round-label';
import { useLeagueWinners } from '../api/get-league-winners';
import { monthLabel } from '../utils/month-label';

/** How many of the latest gameweek winners the page shows (every month winner is shown). */
const GAMEWEEKS_SHOWN = 3;

/**
 * Badges for the league's latest gameweek winners and its month winners (ties share the win:
 * every name is on the badge). Nothing while loading, on error or before any period is won:
 * the table below is the page's subject, this is its garnish.
 */
export function WinnerBadges({ leagueId }: { leagueId: number }) {
  const { t } = useTranslation('tables');
  const winners = useLeagueWinners(leagueId);
  const data = winners.data;
  if (!data || (data.gameweeks.length === 0 && data.months.length === 0)) return null;
  const shown = [...data.months, ...data.gameweeks.slice(0, GAMEWEEKS_SHOWN)];
  return (
    <section aria-labelledby="league-winners-title" className="rounded-2xl border border-line bg-surface px-4 py-3">
      <h2 id="league-winners-title" className="flex items-center gap-1.5 text-sm font-semibold text-fg">
        <TrophyIcon size={16} aria-hidden="true" /> {t('winners.title')}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid="winner-badges">
        {shown.map((period) => (
          <WinnerBadge key={period.period === 'gameweek' ? `gw-${period.gameweek}` : `m-${period.month}`} period={period} />
        ))}
      </ul>
    </section>
  );
}

function WinnerBadge({ period }: { period: PeriodWinners }) {
  const { t, i18n } = useTranslation('tables');
  // A tournament's round by name ("Round of 32"), a league's matchday as "GW 5" ("Gameweek 5" in full).
  const gameweek = period.gameweek ?? 0;
  const label =
    period.period === 'gameweek'
      ? roundLabelOr((number) => t('winners.gameweekFull', { number }), gameweek, period.gameweek_name)
      : monthLabel(period.month ?? '', i18n.resolvedLanguage ?? i18n.language);
  const short = period.period === 'gameweek' ? roundLabelOr((number) => t('winners.gameweek', { number }), gameweek, period.gameweek_name) : label;
  const names = period.winners.map((w) => w.full_name).join(', ');
  const points = t('winners.points', { count: period.points });
  return (
    <li
      className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-warning-soft px-3 py-1 text-xs font-semibold text-warning"
      title={t('winners.badge', { period: label, names, points })}
    >
      <CrownIcon size={12} aria-hidden="true" />
      <span className="shrink-0">{short}</span>
      <span className="truncate text-fg">{names}</span>
      <span className="shrink-0 tabular-nums">{points}</span>
      {period.winners.length > 1 ? <span className="shrink-0 font-normal">({t('winners.shared')})</span> : null}
    </li>
  );
}
