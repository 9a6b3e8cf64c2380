import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Competition } from '@scoreline/contracts/api/competitions';
import { TrophyIcon } from '@/components/ui/icons';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { offersSeveral } from '@/lib/competition/competition-choice';
import { useChooseCompetition, useCompetitionOptions } from '@/lib/competition/use-competition';
import { cn } from '@/lib/cn';

const selectClasses =
  'block h-9 w-full cursor-pointer appearance-auto truncate rounded-xl border border-line bg-surface-2 pr-8 pl-8 text-sm font-semibold text-fg ' +
  'transition-colors hover:border-muted/60 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary/40';

function Option({ competition }: { competition: Competition }) {
  return <option value={competition.code}>{competition.name}</option>;
}

/**
 * The header's competition switcher (issue 34): which competition the fan's screens show. A
 * labelled native select (keyboard and screen readers as the platform does them): the
 * competitions the fan plays, then the others being played, which they may look at. Nothing at
 * all while there is one competition to show, so a single-competition game looks as before;
 * while the list loads or fails, a placeholder only where the switcher showed last time.
 */
export function CompetitionSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { competitions, choice } = useCompetitionOptions();
  const choose = useChooseCompetition();
  const list = competitions.data;
  // Several on offer and none named yet: the fan's saved choice is on its way (useCompetitionOptions).
  const naming = list !== undefined && offersSeveral(list) && choice.chosen === null;

  if (!list || naming) {
    if (!choice.several && !naming) return null;
    if (competitions.isError) {
      return (
        <div className={className}>
          <button
            type="button"
            onClick={() => void competitions.refetch()}
            className="flex h-9 w-full items-center gap-2 rounded-xl border border-line px-3 text-sm text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
          >
            <TrophyIcon size={16} className="shrink-0" />
            <span className="truncate">{t('competition.loadFailed')}</span>
          </button>
        </div>
      );
    }
    return (
      <LoadingRegion label={t('competition.loading')} className={className}>
        <Skeleton className="h-9 w-full rounded-xl md:w-44" />
      </LoadingRegion>
    );
  }
  if (!offersSeveral(list)) return null;

  const played = list.filter((c) => c.playing);
  const others = list.filter((c) => !c.playing);
  const value = list.some((c) => c.code === choice.chosen) ? choice.chosen! : (played[0] ?? list[0]).code;

  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {t('competition.label')}
      </label>
      <TrophyIcon size={16} className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-accent" />
      <select
        id={id}
        className={selectClasses}
        value={value}
        onChange={(event) => {
          const next = list.find((c) => c.code === event.target.value);
          // Only a competition the fan plays can be their current one; the others are looked at.
          if (next) choose(next.code, { save: next.playing });
        }}
      >
        {played.length > 0 && others.length > 0 ? (
          <>
            <optgroup label={t('competition.yours')}>
              {played.map((c) => (
                <Option key={c.code} competition={c} />
              ))}
            </optgroup>
            <optgroup label={t('competition.others')}>
              {others.map((c) => (
                <Option key={c.code} competition={c} />
              ))}
            </optgroup>
          </>
        ) : (
          list.map((c) => <Option key={c.code} competition={c} />)
        )}
      </select>
    </div>
  );
}
