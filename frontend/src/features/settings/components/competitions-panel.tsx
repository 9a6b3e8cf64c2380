import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Competition } from '@scoreline/contracts/api/competitions';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { TrophyIcon } from '@/components/ui/icons';
import { NationalTeamSelect } from '@/components/ui/national-team-select';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { useCompetitions } from '@/lib/api/get-competitions';
import { usePlayCompetition, useStopCompetition } from '@/lib/api/play-competition';
import { getServerMessage } from '@/lib/api-error';
import { competitionChoiceAtom } from '@/lib/competition/competition-choice.atom';
import { useChooseCompetition } from '@/lib/competition/use-competition';

/**
 * Settings → Profile, "Competitions": play or stop each competition being played, and pick the
 * national team in a tournament until its first kick-off (then it shows, locked).
 */
export function CompetitionsPanel() {
  const { t } = useTranslation('settings');
  const competitions = useCompetitions();

  let body;
  if (competitions.isPending) {
    body = (
      <LoadingRegion label={t('competitions.loading')} className="space-y-4 py-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </LoadingRegion>
    );
  } else if (competitions.isError) {
    body = <ErrorState title={t('competitions.loadFailed')} message={getServerMessage(competitions.error)} onRetry={() => void competitions.refetch()} className="py-6" />;
  } else if (competitions.data.length === 0) {
    body = <EmptyState icon={<TrophyIcon size={22} />} title={t('competitions.empty')} className="py-6" />;
  } else {
    body = (
      <ul className="divide-y divide-line">
        {competitions.data.map((competition) => (
          <CompetitionRow key={competition.code} competition={competition} />
        ))}
      </ul>
    );
  }

  return (
    <Card id="competitions">
      <CardHeader title={t('competitions.title')} description={t('competitions.description')} />
      <CardBody className="pt-2 sm:pt-2">{body}</CardBody>
    </Card>
  );
}

function CompetitionRow({ competition }: { competition: Competition }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const play = usePlayCompetition();
  const stop = useStopCompetition();
  const choose = useChooseCompetition();
  const chosen = useAtomValue(competitionChoiceAtom).chosen;
  const name = competition.name;
  const busy = play.isPending || stop.isPending;
  // What the fan asked for shows at once, while it saves.
  const playing = stop.isPending ? false : play.isPending && play.variables?.team_id === undefined ? true : competition.playing;
  const team = play.isPending && play.variables?.team_id !== undefined ? play.variables.team_id : (competition.team?.id ?? null);
  const failed = (error: Error) => toast.show(getServerMessage(error) ?? t('competitions.failed'), 'error');

  const onPlayChange = (on: boolean) => {
    if (on) {
      play.mutate({ code: competition.code }, { onSuccess: () => toast.show(t('competitions.started', { competition: name }), 'success'), onError: failed });
      return;
    }
    stop.mutate(competition.code, {
      onSuccess: () => {
        toast.show(t('competitions.stopped', { competition: name }), 'success');
        // The screens showed it as the fan's current competition: back to the server's default.
        if (chosen === competition.code) choose(null);
      },
      onError: failed,
    });
  };

  return (
    <li>
      <Switch
        label={t('competitions.play', { competition: name })}
        description={`${t(`competitions.kinds.${competition.kind}`)} · ${competition.season.name}`}
        checked={playing}
        disabled={busy}
        onChange={onPlayChange}
      />
      {playing && competition.kind === 'tournament' ? (
        <div className="pb-4">
          <NationalTeamSelect
            seasonId={competition.season.id}
            competitionName={name}
            value={team}
            current={competition.team}
            disabled={competition.team_locked || busy}
            onChange={(teamId) =>
              play.mutate(
                { code: competition.code, team_id: teamId },
                { onSuccess: () => toast.show(t('competitions.teamSaved', { competition: name }), 'success'), onError: failed },
              )
            }
            hint={
              competition.team_locked
                ? t('competitions.teamLocked', { competition: name })
                : competition.first_kickoff !== null && Date.parse(competition.first_kickoff) <= Date.now()
                  ? t('competitions.teamOnce', { competition: name })
                  : t('competitions.teamOpen')
            }
          />
        </div>
      ) : null}
    </li>
  );
}
