import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Club, ClubSearchQuery, Country, Preferences } from '@scoreline/contracts/api/onboarding';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Combobox } from '@/components/ui/combobox';
import { InfoIcon } from '@/components/ui/icons';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCompetitions } from '@/lib/api/get-competitions';
import { useClubs } from '../api/get-clubs';
import { useCountries } from '../api/get-countries';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { useSkipOnboarding } from '../api/skip-onboarding';
import { suggestedCompetitions, teamsToSave } from '../utils/onboarding-competitions';
import { onboardingErrorText } from '../utils/onboarding-error';
import { ClubBadge } from './club-badge';
import { CompetitionsChoice } from './competitions-choice';
import { takeReturnTo } from '@/lib/return-to';

/** Club search is sent this long after typing stops (spec section 9). */
export const CLUB_SEARCH_DEBOUNCE_MS = 300;

type ChosenCountry = Pick<Country, 'id' | 'name'> & { flag?: string };
type ChosenClub = Pick<Club, 'id' | 'name'> & Partial<Pick<Club, 'logo' | 'short_name' | 'league'>>;

export function filterCountries(countries: readonly Country[], text: string): Country[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...countries];
  return countries.filter((c) => c.name.toLowerCase().includes(needle));
}

export function OnboardingForm({ initial, mode }: { initial: Preferences | null; mode: 'setup' | 'change' }) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const countries = useCountries();
  const complete = useCompleteOnboarding();
  const skip = useSkipOnboarding();

  const [country, setCountry] = useState<ChosenCountry | null>(initial?.country ?? null);
  const [countryText, setCountryText] = useState(initial?.country?.name ?? '');
  const [club, setClub] = useState<ChosenClub | null>(initial?.club ?? null);
  const [clubText, setClubText] = useState(initial?.club?.name ?? '');
  const [clubOpen, setClubOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // First setup only: the competitions played (null: not touched, the suggestion) and the
  // national teams picked; Settings changes them later.
  const competitions = useCompetitions({ enabled: mode === 'setup' });
  const [picked, setPicked] = useState<string[] | null>(null);
  const [teams, setTeams] = useState<Record<string, number | null>>({});
  const played = picked ?? suggestedCompetitions(competitions.data ?? [], club?.league?.code);
  // Sent only when there is a choice to make (several competitions): else the server's, as before.
  const offered = mode === 'setup' && (competitions.data?.length ?? 0) > 1 ? competitions.data! : null;

  const visibleCountries = useMemo(() => filterCountries(countries.data ?? [], countryText), [countries.data, countryText]);

  const debouncedClubText = useDebouncedValue(clubText.trim(), CLUB_SEARCH_DEBOUNCE_MS);
  // With nothing typed, suggest the clubs of the chosen country; a search looks at every club,
  // since plenty of fans support a club from another country.
  const clubQuery = useMemo<ClubSearchQuery>(
    () => (debouncedClubText ? { search: debouncedClubText } : { country_id: country?.id }),
    [debouncedClubText, country?.id],
  );
  const canSearchClubs = Boolean(clubQuery.search || clubQuery.country_id);
  const clubs = useClubs(clubQuery, { enabled: clubOpen && canSearchClubs });

  const chooseCountry = (next: Country) => {
    if (country?.id !== next.id) {
      setClub(null);
      setClubText('');
    }
    setCountry(next);
    setCountryText(next.name);
    setError(null);
  };

  const onCountryText = (text: string) => {
    setCountryText(text);
    if (text.trim() === '') setCountry(null);
  };

  const onClubText = (text: string) => {
    setClubText(text);
    if (text.trim() === '') setClub(null);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!country || !club) {
      setError(t('chooseBoth'));
      return;
    }
    complete.mutate(
      {
        country_id: country.id,
        club_id: club.id,
        ...(offered ? { competitions: played, teams: teamsToSave(offered, played, teams) } : {}),
      },
      {
        onSuccess: () => navigate(mode === 'change' ? '/settings' : (takeReturnTo() ?? '/dashboard'), { replace: true }),
        onError: (failure) => setError(onboardingErrorText(failure)),
      },
    );
  };

  const onSkip = () => {
    skip.mutate(undefined, { onSettled: () => navigate(takeReturnTo() ?? '/dashboard', { replace: true }) });
  };

  const clubMessage = !canSearchClubs ? t('club.typeToSearch') : clubs.isError ? onboardingErrorText(clubs.error) : undefined;
  const busy = complete.isPending || skip.isPending;

  return (
    <Card className="w-full overflow-visible animate-slide-up">
      <div className="pitch-stripes relative overflow-hidden rounded-t-2xl border-b border-line px-6 py-7 sm:px-8">
        <p className="text-xs font-semibold tracking-widest text-accent uppercase">
          {mode === 'change' ? t('change.eyebrow') : t('setup.eyebrow')}
        </p>
        <h1 className="mt-2 font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
          {mode === 'change' ? t('change.title') : t('setup.title')}
        </h1>
        <p className="mt-2 max-w-lg text-sm text-muted sm:text-base">
          {mode === 'change' ? t('change.intro') : t('setup.intro')}
        </p>
      </div>

      <form onSubmit={onSubmit} noValidate className="space-y-6 px-6 py-7 sm:px-8">
        {error ? (
          <Alert>
            <p>{error}</p>
          </Alert>
        ) : null}

        <div>
          <Combobox<Country>
            label={t('country.label')}
            placeholder={t('country.placeholder')}
            inputValue={countryText}
            onInputChange={onCountryText}
            options={visibleCountries}
            getOptionKey={(c) => c.id}
            getOptionLabel={(c) => c.name}
            selectedKey={country?.id ?? null}
            onSelect={chooseCountry}
            loading={countries.isPending}
            message={countries.isError ? t('country.loadFailed') : undefined}
            emptyText={t('country.empty')}
            leading={country?.flag ? <span className="text-xl leading-none">{country.flag}</span> : undefined}
            onClear={() => onCountryText('')}
            onOpenChange={(open) => {
              if (!open && country && countryText.trim() !== '' && countryText !== country.name) setCountryText(country.name);
            }}
            renderOption={(c) => (
              <>
                <span className="text-xl leading-none" aria-hidden="true">
                  {c.flag}
                </span>
                <span className="truncate">{c.name}</span>
              </>
            )}
          />
          {countries.isError ? <p className="mt-2 text-sm text-danger">{t('country.loadFailed')}</p> : null}
        </div>

        <Combobox<Club>
          label={t('club.label')}
          placeholder={t('club.placeholder')}
          inputValue={clubText}
          onInputChange={onClubText}
          options={clubs.data ?? []}
          getOptionKey={(c) => c.id}
          getOptionLabel={(c) => c.name}
          selectedKey={club?.id ?? null}
          onSelect={(next) => {
            setClub(next);
            setClubText(next.name);
            setError(null);
          }}
          onOpenChange={(open) => {
            setClubOpen(open);
            if (!open && club && clubText.trim() !== '' && clubText !== club.name) setClubText(club.name);
          }}
          loading={clubOpen && canSearchClubs && clubs.isPending}
          message={clubMessage}
          header={!clubText.trim() && country ? t('club.typeToSearchIn', { country: country.name }) : undefined}
          emptyText={t('club.empty')}
          hint={t('club.hint')}
          leading={club ? <ClubBadge name={club.name} logo={club.logo} shortName={club.short_name} size="sm" /> : undefined}
          onClear={() => onClubText('')}
          renderOption={(c) => (
            <>
              <ClubBadge name={c.name} logo={c.logo} shortName={c.short_name} size="sm" />
              <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:justify-between sm:gap-3">
                <span className="truncate">{c.name}</span>
                {c.league?.name ? <span className="truncate text-xs text-muted sm:shrink-0">{c.league.name}</span> : null}
              </span>
            </>
          )}
        />

        {mode === 'setup' ? (
          <CompetitionsChoice
            competitions={competitions}
            played={played}
            onPlayedChange={setPicked}
            teams={teams}
            onTeamChange={(code, teamId) => setTeams((before) => ({ ...before, [code]: teamId }))}
            suggested={club?.league?.code}
          />
        ) : null}

        <div className="flex items-start gap-2.5 rounded-xl bg-surface-2 px-4 py-3 text-sm text-muted">
          <InfoIcon size={18} className="mt-px shrink-0 text-info" />
          <p>{t('changeLater')}</p>
        </div>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {mode === 'change' ? (
            <Link to="/settings" className={buttonClasses('secondary', 'lg')}>
              {t('cancel')}
            </Link>
          ) : (
            <Button variant="secondary" size="lg" onClick={onSkip} loading={skip.isPending} disabled={busy}>
              {t('skip')}
            </Button>
          )}
          <Button type="submit" size="lg" loading={complete.isPending} disabled={!country || !club || busy}>
            {complete.isPending ? t('saving') : t('submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
