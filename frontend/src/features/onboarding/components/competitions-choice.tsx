import { useTranslation } from 'react-i18next';
import type { Competition } from '@scoreline/contracts/api/competitions';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/field';
import { NationalTeamSelect } from '@/components/ui/national-team-select';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';

/**
 * "Competitions you play": every competition being played, the ticked ones sent with Complete
 * Setup, and a national team for each tournament ticked. Nothing while one competition is played
 * (the server plays it for the fan, as before).
 */
export function CompetitionsChoice({
  competitions,
  played,
  onPlayedChange,
  teams,
  onTeamChange,
  suggested,
}: {
  competitions: UseQueryResult<Competition[]>;
  played: readonly string[];
  onPlayedChange: (played: string[]) => void;
  teams: Readonly<Record<string, number | null>>;
  onTeamChange: (code: string, teamId: number | null) => void;
  /** The club's league, marked as the suggestion. */
  suggested: string | undefined;
}) {
  const { t } = useTranslation('onboarding');

  if (competitions.isPending) {
    return (
      <LoadingRegion label={t('competitions.loading')} className="space-y-2">
        <Skeleton className="h-4 w-44" />
        <Skeleton className="h-12 w-full rounded-xl" />
      </LoadingRegion>
    );
  }
  if (competitions.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-surface-2 px-4 py-3 text-sm text-muted">
        <span>{t('competitions.loadFailed')}</span>
        <Button variant="secondary" size="sm" onClick={() => void competitions.refetch()}>
          {t('ui.tryAgain', { ns: 'common' })}
        </Button>
      </div>
    );
  }
  const list = competitions.data;
  if (list.length < 2) return null;

  const toggle = (code: string, on: boolean) => onPlayedChange(on ? [...played.filter((c) => c !== code), code] : played.filter((c) => c !== code));

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-fg">{t('competitions.title')}</legend>
      <p className="text-sm text-muted">{t('competitions.intro')}</p>
      <ul className="space-y-2">
        {list.map((competition) => {
          const on = played.includes(competition.code);
          return (
            <li key={competition.code} className="rounded-xl border border-line bg-surface-2 p-3.5">
              <Checkbox
                checked={on}
                onChange={(event) => toggle(competition.code, event.target.checked)}
                label={
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-semibold text-fg">{competition.name}</span>
                    <span className="text-xs">{t(`competitions.kinds.${competition.kind}`)}</span>
                    {competition.code === suggested ? (
                      <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-accent">{t('competitions.suggested')}</span>
                    ) : null}
                  </span>
                }
              />
              {on && competition.kind === 'tournament' ? (
                <div className="mt-3 sm:pl-7">
                  <NationalTeamSelect
                    seasonId={competition.season.id}
                    competitionName={competition.name}
                    value={teams[competition.code] !== undefined ? teams[competition.code] : (competition.team?.id ?? null)}
                    current={competition.team}
                    disabled={competition.team_locked}
                    onChange={(teamId) => onTeamChange(competition.code, teamId)}
                    hint={kickedOff(competition) ? t('competitions.teamOnce') : t('competitions.teamLater')}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** Whether the competition's first match has kicked off: a team picked now can no longer change. */
function kickedOff(competition: Competition): boolean {
  return competition.first_kickoff !== null && Date.parse(competition.first_kickoff) <= Date.now();
}
