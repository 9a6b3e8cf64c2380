import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedUnmatched } from '@scoreline/contracts/api/console';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { formatKickoff } from '@/lib/format';
import { roundLabelOr } from '@/lib/round-label';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { useAdminFixtures } from '../api/get-admin-fixtures';
import { useClubs } from '../api/get-clubs';
import { useLinkUnmatched } from '../api/link-unmatched';
import { useRoundNames } from '../api/get-round-names';
import { formErrorsOf } from '../utils/server-errors';
import { ConsoleField } from './console-field';

const selectClasses = cn(inputClasses, 'cursor-pointer appearance-auto pr-8');

/** A provider team mapped to one of the competition's clubs (PUT /admin/feed/teams/{id}). */
/** A link form's buttons: retry the list it chooses from when that failed, and send. */
function LinkActions({ failed, retry, sending }: { failed: boolean; retry: () => void; sending: boolean }) {
  const { t } = useTranslation('console');
  return (
    <div className="flex gap-2 sm:mt-7">
      {failed ? (
        <Button variant="secondary" onClick={retry}>
          {t('retry')}
        </Button>
      ) : null}
      <Button type="submit" loading={sending}>
        {t('unmatched.link')}
      </Button>
    </div>
  );
}

export function TeamLinkForm({ item, onLinked }: { item: FeedUnmatched; onLinked: () => void }) {
  const { t } = useTranslation('console');
  const clubs = useClubs(item.competition);
  const link = useLinkUnmatched();
  const [clubId, setClubId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const sorted = useMemo(() => [...(clubs.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [clubs.data]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    if (clubId === '') {
      setError(t('unmatched.errors.chooseClub'));
      return;
    }
    link.mutate(
      { kind: 'team', providerId: item.provider_id, body: { club_id: Number(clubId) } },
      {
        onSuccess: onLinked,
        onError: (failure) => {
          const placed = formErrorsOf(failure, ['club_id']);
          setError(placed.fields.club_id ?? placed.message ?? t('unmatched.errors.failed'));
        },
      },
    );
  };

  const clubsError = clubs.isError ? t('unmatched.clubsFailed') : undefined;
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={link.isPending} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <ConsoleField label={t('unmatched.clubFor', { team: item.description })} error={error ?? clubsError} className="min-w-0 flex-1">
          {(control) => (
            <select {...control} value={clubId} onChange={(event) => setClubId(event.target.value)} className={selectClasses} disabled={!clubs.data}>
              <option value="">{clubs.isPending ? t('unmatched.clubsLoading') : t('unmatched.chooseClub')}</option>
              {sorted.map((club) => (
                <option key={club.id} value={club.id}>
                  {club.code ? `${club.name} (${club.code})` : club.name}
                </option>
              ))}
            </select>
          )}
        </ConsoleField>
        <LinkActions failed={clubs.isError} retry={() => void clubs.refetch()} sending={link.isPending} />
      </fieldset>
    </form>
  );
}

/** A provider match mapped to one of the competition's fixtures (PUT /admin/feed/matches/{id}), found by typing a team. */
export function MatchLinkForm({ item, onLinked }: { item: FeedUnmatched; onLinked: () => void }) {
  const { t } = useTranslation('console');
  const display = useDateDisplay();
  const fixtures = useAdminFixtures(item.competition, null);
  const roundName = useRoundNames(item.competition);
  const link = useLinkUnmatched();
  const [filter, setFilter] = useState('');
  const [fixtureId, setFixtureId] = useState('');
  const [error, setError] = useState<string | undefined>();

  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase();
    const all = fixtures.data ?? [];
    // The chosen one stays listed whatever the filter says, so the select never shows another.
    return words === '' ? all : all.filter((f) => `${f.home_team} ${f.away_team}`.toLowerCase().includes(words) || String(f.id) === fixtureId);
  }, [fixtures.data, filter, fixtureId]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    if (fixtureId === '') {
      setError(t('unmatched.errors.chooseFixture'));
      return;
    }
    link.mutate(
      { kind: 'match', providerId: item.provider_id, body: { fixture_id: Number(fixtureId) } },
      {
        onSuccess: onLinked,
        onError: (failure) => {
          const placed = formErrorsOf(failure, ['fixture_id']);
          setError(placed.fields.fixture_id ?? placed.message ?? t('unmatched.errors.failed'));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={link.isPending} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-start">
        <ConsoleField label={t('unmatched.filter')}>
          {(control) => (
            <input {...control} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder={t('unmatched.filterPlaceholder')} className={inputClasses} />
          )}
        </ConsoleField>
        <ConsoleField label={t('unmatched.fixtureFor', { match: item.description })} error={error ?? (fixtures.isError ? t('unmatched.fixturesFailed') : undefined)}>
          {(control) => (
            <select {...control} value={fixtureId} onChange={(event) => setFixtureId(event.target.value)} className={selectClasses} disabled={!fixtures.data}>
              <option value="">{fixtures.isPending ? t('unmatched.fixturesLoading') : t('unmatched.chooseFixture', { count: shown.length })}</option>
              {shown.map((f) => (
                <option key={f.id} value={f.id}>
                  {t('unmatched.fixtureOption', {
                    round: roundLabelOr((number) => t('gameweekShort', { number }), f.gameweek, roundName(f.gameweek)),
                    home: f.home_team,
                    away: f.away_team,
                    kickoff: formatKickoff(f.match_time, display),
                  })}
                </option>
              ))}
            </select>
          )}
        </ConsoleField>
        <LinkActions failed={fixtures.isError} retry={() => void fixtures.refetch()} sending={link.isPending} />
      </fieldset>
    </form>
  );
}
