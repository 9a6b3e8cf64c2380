import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRightIcon, TrophyIcon } from '@/components/ui/icons';
import { useCompetitions } from '@/lib/api/get-competitions';
import { useCompetition } from '@/lib/competition/use-competition';
import { groupCompetitionOf } from '../utils/group-competition';

/**
 * The way to /groups, for the route that shows a tournament's fixtures and results to place
 * beside them. Nothing while no tournament is being played: a league has no groups.
 * Its text is the page's title (common namespace), so a route needs no extra namespace for it.
 */
export function GroupTablesLink() {
  const { t } = useTranslation();
  const competitions = useCompetitions();
  const chosen = useCompetition().code;
  const competition = competitions.data ? groupCompetitionOf(competitions.data, chosen) : null;
  if (competition?.kind !== 'tournament') return null;
  return (
    <Link
      to="/groups"
      className="flex items-center gap-3 rounded-2xl border border-line bg-surface px-5 py-4 shadow-card transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary-soft text-accent">
        <TrophyIcon size={20} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-xs font-semibold tracking-widest text-accent uppercase">{competition.name}</span>
        <span className="block font-semibold text-fg">{t('pageTitle.groups')}</span>
      </span>
      <ChevronRightIcon size={18} className="shrink-0 text-muted" />
    </Link>
  );
}
