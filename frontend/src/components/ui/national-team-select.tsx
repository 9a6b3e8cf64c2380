import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompetitionTeam } from '@scoreline/contracts/api/competitions';
import { useSeasonTeams } from '@/lib/api/get-season-teams';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { inputClasses, Label } from './field';
import { LoadingRegion, Skeleton } from './skeleton';

/**
 * The fan's national team in a tournament (onboarding, settings): its teams by group (GET
 * /seasons/{id}/groups/), or none for now. Says so while they load, when they fail (with Try
 * Again) and while the draw has not named them.
 */
export function NationalTeamSelect({
  seasonId,
  competitionName,
  value,
  current,
  onChange,
  disabled = false,
  hint,
}: {
  seasonId: number;
  competitionName: string;
  /** The chosen team's id; null: none. */
  value: number | null;
  /** The team the server has (kept as an option even if the list no longer names it). */
  current?: CompetitionTeam | null;
  onChange: (teamId: number | null) => void;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const teams = useSeasonTeams(seasonId);
  const label = t('competition.team', { competition: competitionName });

  if (teams.isPending) {
    return (
      <LoadingRegion label={t('competition.teamsLoading')}>
        <Skeleton className="h-4 w-40" />
        <Skeleton className="mt-2 h-11 w-full rounded-xl" />
      </LoadingRegion>
    );
  }
  if (teams.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        <span>{t('competition.teamsFailed')}</span>
        <Button variant="secondary" size="sm" onClick={() => void teams.refetch()}>
          {t('ui.tryAgain')}
        </Button>
      </div>
    );
  }
  const listed = teams.data.some((group) => group.teams.some((team) => team.id === current?.id));
  if (teams.data.length === 0 && !current) return <p className="text-sm text-muted">{t('competition.teamsEmpty')}</p>;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        className={cn(inputClasses, 'cursor-pointer appearance-auto pr-8')}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        <option value="">{t('competition.noTeam')}</option>
        {current && !listed ? <option value={String(current.id)}>{current.name}</option> : null}
        {teams.data.map((group) => (
          <optgroup key={group.name} label={group.name}>
            {group.teams.map((team) => (
              <option key={team.id} value={String(team.id)}>
                {team.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
