import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ArrowRightIcon, ClockIcon } from '@/components/ui/icons';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { useGameweeks } from '@/lib/api/get-gameweeks';
import { formatDeadline } from '@/lib/format';
import { roundLabel, tournamentRoundName } from '@/lib/round-label';

/** While the current gameweek takes predictions: a nudge to the fixtures screen. */
export function OpenGameweekCta() {
  const { t } = useTranslation(['dashboard', 'common']);
  const gameweeks = useGameweeks();
  const display = useDateDisplay();
  const open = gameweeks.data?.find((g) => g.status === 'current' && g.is_open);
  if (!open) return null;
  const deadline = open.deadline ? formatDeadline(open.deadline, display) : '';
  // A league's title has the matchday's article ("La Jornada 5"); a tournament's round needs none.
  const named = tournamentRoundName(open.number, open.name);
  const title = named ? t('cta.titleNamed', { round: named }) : t('cta.title', { gameweek: roundLabel(t, open.number) });
  return (
    <div className="pitch-stripes mb-6 flex flex-col gap-4 rounded-2xl border border-primary/30 bg-primary-soft p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-widest text-accent uppercase">{t('cta.eyebrow')}</p>
        <h2 className="mt-1 font-display text-xl font-extrabold tracking-tight text-fg">{title}</h2>
        {deadline ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
            <ClockIcon size={16} /> {t('cta.deadline', { date: deadline })}
          </p>
        ) : null}
      </div>
      <Link to="/fixtures" className={buttonClasses('primary', 'lg', 'shrink-0')}>
        {t('cta.action')}
        <ArrowRightIcon size={18} />
      </Link>
    </div>
  );
}
