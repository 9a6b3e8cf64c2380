import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LEAGUE_DESCRIPTION_MAX,
  LEAGUE_MAX_MEMBERS_MAX,
  LEAGUE_MAX_MEMBERS_MIN,
  LEAGUE_NAME_MAX,
  type League,
  type UserLeagueKind,
} from '@scoreline/contracts/api/leagues';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { LockIcon, TrophyIcon, UsersIcon } from '@/components/ui/icons';
import { useCompetitions } from '@/lib/api/get-competitions';
import { getServerMessage } from '@/lib/api-error';
import { offersSeveral } from '@/lib/competition/competition-choice';
import { useCompetition } from '@/lib/competition/use-competition';
import { useCreateLeague } from '../api/create-league';
import { buildCreateLeagueBody, FORM_ERROR_PARAMS, type FormError } from '../utils/league-forms';
import { LeagueTypeChoice, type LeagueTypeOption } from './league-type-choice';
import { TextareaField } from './textarea-field';

/** The Create League form: name, optional description, private/public, max members (private only). */
export function CreateLeagueForm({ initialType = 'private', onCreated }: { initialType?: UserLeagueKind; onCreated: (league: League) => void }) {
  const { t } = useTranslation('leagues');
  const typeOptions: readonly LeagueTypeOption[] = [
    { value: 'private', title: t('create.privateTitle'), description: t('create.privateText'), icon: <LockIcon size={18} /> },
    { value: 'public', title: t('create.publicTitle'), description: t('create.publicText'), icon: <UsersIcon size={18} /> },
  ];
  const create = useCreateLeague();
  // The league plays the competition the screens show: named when there is more than one.
  const { code } = useCompetition();
  const competitions = useCompetitions();
  const competition = competitions.data && offersSeveral(competitions.data) ? competitions.data.find((c) => c.code === code) : undefined;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<UserLeagueKind>(initialType);
  const [maxMembers, setMaxMembers] = useState('');
  const [error, setError] = useState<FormError | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const check = buildCreateLeagueBody({ name, description, type, maxMembers });
    if (!check.ok) {
      setError({ key: check.error });
      return;
    }
    create.mutate(check.body, {
      onSuccess: onCreated,
      onError: (failure) => setError({ text: getServerMessage(failure) ?? t('create.failed') }),
    });
  };

  return (
    <Card className="mx-auto max-w-2xl">
      <form onSubmit={onSubmit} noValidate className="space-y-5 p-5 sm:p-6">
        <div>
          <h2 className="text-lg font-semibold text-fg">{t('create.title')}</h2>
          <p className="mt-1 text-sm text-muted">{t('create.intro')}</p>
          {competition ? (
            <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1 text-xs font-semibold text-accent">
              <TrophyIcon size={14} />
              {t('create.competition', { competition: competition.name })}
            </p>
          ) : null}
        </div>

        {error ? (
          <Alert>
            <p>{'key' in error ? t(error.key, FORM_ERROR_PARAMS) : error.text}</p>
          </Alert>
        ) : null}

        <TextField
          label={t('create.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={LEAGUE_NAME_MAX}
          placeholder={t('create.namePlaceholder')}
          required
          aria-required="true"
          autoComplete="off"
        />

        <TextareaField
          label={t('create.description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={LEAGUE_DESCRIPTION_MAX}
          maxChars={LEAGUE_DESCRIPTION_MAX}
          placeholder={t('create.descriptionPlaceholder')}
        />

        <LeagueTypeChoice legend={t('shared.leagueType')} name="league-type" value={type} onChange={setType} options={typeOptions} />

        {type === 'private' ? (
          <TextField
            label={t('create.maxMembers')}
            type="number"
            inputMode="numeric"
            min={LEAGUE_MAX_MEMBERS_MIN}
            max={LEAGUE_MAX_MEMBERS_MAX}
            step={1}
            value={maxMembers}
            onChange={(event) => setMaxMembers(event.target.value)}
            placeholder={t('create.maxMembersPlaceholder', { min: LEAGUE_MAX_MEMBERS_MIN, max: LEAGUE_MAX_MEMBERS_MAX })}
            hint={t('create.maxMembersHint', { max: LEAGUE_MAX_MEMBERS_MAX })}
          />
        ) : null}

        <Button type="submit" fullWidth size="lg" loading={create.isPending}>
          {create.isPending ? t('create.submitting') : t('create.submit')}
        </Button>
      </form>
    </Card>
  );
}
