import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { Competition } from '@scoreline/contracts/api/competitions';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { BallIcon, CalendarIcon } from '@/components/ui/icons';
import { useCompetitions } from '@/lib/api/get-competitions';
import { gameweeksQueryKey, getGameweeks } from '@/lib/api/get-gameweeks';
import { roundLabel } from '@/lib/round-label';
import { useAdminFixtures } from '../api/get-admin-fixtures';
import { useRoundNames } from '../api/get-round-names';
import { useLive } from '../api/get-live';
import { CompetitionGate } from './competition-gate';
import { FixtureRow } from './fixture-row';
import { PanelError, PanelLoading } from './panel-states';
import { SectionHeading } from './section-heading';

/** Matches: those in play (every competition, refreshed), then a chosen competition's gameweek, each with its operator actions. */
export function MatchesPanel({ competition, onCompetition }: { competition: string | null; onCompetition: (code: string) => void }) {
  const { t } = useTranslation('console');
  return (
    <div className="space-y-10">
      <LiveMatches />
      <section aria-labelledby="console-fixtures-heading">
        <SectionHeading id="console-fixtures-heading" title={t('matches.title')} description={t('matches.description')} />
        <CompetitionGate value={competition} onChange={onCompetition}>
          {(chosen) => <GameweekFixtures key={chosen.code} competition={chosen} />}
        </CompetitionGate>
      </section>
    </div>
  );
}

/** GET /admin/live/ every 10 seconds: each match in play with its competition (found by season) and its actions. */
function LiveMatches() {
  const { t } = useTranslation('console');
  const live = useLive();
  const competitions = useCompetitions();
  const bySeason = new Map((competitions.data ?? []).map((c) => [c.season.id, c]));
  return (
    <section aria-labelledby="console-live-heading">
      <SectionHeading id="console-live-heading" title={t('live.title')} description={t('live.description')} />
      {live.isPending ? (
        <PanelLoading label={t('live.loading')} rows={2} />
      ) : live.isError ? (
        <PanelError title={t('live.loadError')} error={live.error} onRetry={() => void live.refetch()} />
      ) : live.data.length === 0 ? (
        <EmptyState icon={<BallIcon size={22} />} title={t('live.empty')} className="rounded-2xl border border-line bg-surface" />
      ) : (
        <ul className="space-y-3">
          {live.data.map((fixture) => (
            <li key={fixture.id}>
              <LiveFixture fixture={fixture} competition={bySeason.get(fixture.season_id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A match in play with its competition's name and its round named as the competition names it. */
function LiveFixture({ fixture, competition }: { fixture: AdminFixture; competition: Competition | undefined }) {
  const roundName = useRoundNames(competition?.code ?? null);
  return <FixtureRow fixture={fixture} competitionName={competition?.name} knockout={competition?.kind === 'tournament'} roundName={roundName(fixture.gameweek)} />;
}

/** A gameweek of the competition (its current one to begin with) and its fixtures. */
function GameweekFixtures({ competition }: { competition: Competition }) {
  const { t } = useTranslation('console');
  const gameweeks = useQuery({ queryKey: gameweeksQueryKey(competition.code), queryFn: () => getGameweeks(competition.code), staleTime: 60_000 });
  const [chosen, setChosen] = useState<number | null>(null);
  if (gameweeks.isPending) return <PanelLoading label={t('matches.loading')} rows={3} />;
  if (gameweeks.isError) return <PanelError title={t('matches.gameweeksError')} error={gameweeks.error} onRetry={() => void gameweeks.refetch()} />;
  const list = gameweeks.data;
  if (list.length === 0) return <EmptyState icon={<CalendarIcon size={22} />} title={t('matches.noGameweeks')} className="rounded-2xl border border-line bg-surface" />;
  const number = chosen ?? (list.find((g) => g.status === 'current') ?? list[list.length - 1]).number;
  return (
    <>
      <SelectField
        label={t('matches.gameweek')}
        value={String(number)}
        onChange={(event) => setChosen(Number(event.target.value))}
        options={list.map((g) => ({ value: String(g.number), label: roundLabel(t, g.number, g.name) }))}
        className="mb-5 max-w-sm"
      />
      <FixtureList competition={competition} gameweek={number} roundName={list.find((g) => g.number === number)?.name ?? null} />
    </>
  );
}

function FixtureList({ competition, gameweek, roundName }: { competition: Competition; gameweek: number; roundName: string | null }) {
  const { t } = useTranslation('console');
  const fixtures = useAdminFixtures(competition.code, gameweek);
  if (fixtures.isPending) return <PanelLoading label={t('matches.loading')} rows={4} />;
  if (fixtures.isError) return <PanelError title={t('matches.loadError')} error={fixtures.error} onRetry={() => void fixtures.refetch()} />;
  if (fixtures.data.length === 0) return <EmptyState icon={<CalendarIcon size={22} />} title={t('matches.empty')} className="rounded-2xl border border-line bg-surface" />;
  return (
    <ul className="space-y-3">
      {fixtures.data.map((fixture) => (
        <li key={fixture.id}>
          <FixtureRow fixture={fixture} knockout={competition.kind === 'tournament'} roundName={roundName} />
        </li>
      ))}
    </ul>
  );
}
