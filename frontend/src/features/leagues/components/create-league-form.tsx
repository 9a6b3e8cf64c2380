import { useState, type FormEvent } from 'react';
import {
  LEAGUE_DESCRIPTION_MAX,
  LEAGUE_MAX_MEMBERS_MAX,
  LEAGUE_MAX_MEMBERS_MIN,
  LEAGUE_NAME_MAX,
  type League,
  type UserLeagueKind,
} from '@contracts/api/leagues';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { LockIcon, UsersIcon } from '@/components/ui/icons';
import { getServerMessage } from '@/lib/api-error';
import { useCreateLeague } from '../api/create-league';
import { buildCreateLeagueBody } from '../utils/league-forms';
import { LeagueTypeChoice, type LeagueTypeOption } from './league-type-choice';
import { TextareaField } from './textarea-field';

const TYPE_OPTIONS: readonly LeagueTypeOption[] = [
  { value: 'private', title: 'Private', description: 'Invite code only. You approve who joins.', icon: <LockIcon size={18} /> },
  { value: 'public', title: 'Public', description: 'Anyone can join instantly with the league ID.', icon: <UsersIcon size={18} /> },
];

/** The Create League form: name, optional description, private/public, max members (private only). */
export function CreateLeagueForm({ initialType = 'private', onCreated }: { initialType?: UserLeagueKind; onCreated: (league: League) => void }) {
  const create = useCreateLeague();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<UserLeagueKind>(initialType);
  const [maxMembers, setMaxMembers] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const check = buildCreateLeagueBody({ name, description, type, maxMembers });
    if (!check.ok) {
      setError(check.error);
      return;
    }
    create.mutate(check.body, {
      onSuccess: onCreated,
      onError: (failure) => setError(getServerMessage(failure) ?? 'Failed to create league'),
    });
  };

  return (
    <Card className="mx-auto max-w-2xl">
      <form onSubmit={onSubmit} noValidate className="space-y-5 p-5 sm:p-6">
        <div>
          <h2 className="text-lg font-semibold text-fg">Create a League</h2>
          <p className="mt-1 text-sm text-muted">Start your own competition and invite your friends, family or colleagues.</p>
        </div>

        {error ? (
          <Alert>
            <p>{error}</p>
          </Alert>
        ) : null}

        <TextField
          label="League name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={LEAGUE_NAME_MAX}
          placeholder="e.g. Office Predictors"
          required
          aria-required="true"
          autoComplete="off"
        />

        <TextareaField
          label="Description (optional)"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={LEAGUE_DESCRIPTION_MAX}
          maxChars={LEAGUE_DESCRIPTION_MAX}
          placeholder="What is this league about?"
        />

        <LeagueTypeChoice legend="League type" name="league-type" value={type} onChange={setType} options={TYPE_OPTIONS} />

        {type === 'private' ? (
          <TextField
            label="Max members (optional)"
            type="number"
            inputMode="numeric"
            min={LEAGUE_MAX_MEMBERS_MIN}
            max={LEAGUE_MAX_MEMBERS_MAX}
            step={1}
            value={maxMembers}
            onChange={(event) => setMaxMembers(event.target.value)}
            placeholder={`Enter number (${LEAGUE_MAX_MEMBERS_MIN}-${LEAGUE_MAX_MEMBERS_MAX})`}
            hint="Leave empty for the largest size (1000)."
          />
        ) : null}

        <Button type="submit" fullWidth size="lg" loading={create.isPending}>
          {create.isPending ? 'Creating League...' : 'Create League'}
        </Button>
      </form>
    </Card>
  );
}
