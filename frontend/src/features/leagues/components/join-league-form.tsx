import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { INVITE_CODE_LENGTH, JOIN_MESSAGE_MAX, type UserLeagueKind } from '@contracts/api/leagues';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { LockIcon, UsersIcon } from '@/components/ui/icons';
import { getServerMessage } from '@/lib/api-error';
import { useJoinLeague } from '../api/join-league';
import { buildJoinLeagueBody, normalizeInviteCode } from '../utils/league-forms';
import { LeagueTypeChoice, type LeagueTypeOption } from './league-type-choice';
import { TextareaField } from './textarea-field';

/** After a successful join the hub returns to the overview this long later (spec section 9). */
export const JOIN_RETURN_DELAY_MS = 2000;

const TYPE_OPTIONS: readonly LeagueTypeOption[] = [
  { value: 'private', title: 'Private League', description: 'Use an invite code. The owner approves your request.', icon: <LockIcon size={18} /> },
  { value: 'public', title: 'Public League', description: 'Use the league ID. You join instantly.', icon: <UsersIcon size={18} /> },
];

/** The Join League form: private (invite code + optional message) or public (league ID). */
export function JoinLeagueForm({ initialType = 'private', onDone }: { initialType?: UserLeagueKind; onDone: () => void }) {
  const join = useJoinLeague();
  const [type, setType] = useState<UserLeagueKind>(initialType);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const [leagueId, setLeagueId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => onDoneRef.current(), JOIN_RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const check = buildJoinLeagueBody({ type, code, message, leagueId });
    if (!check.ok) {
      setError(check.error);
      return;
    }
    join.mutate(check.body, {
      onSuccess: (answer) =>
        setSuccess(
          answer.message ??
            (answer.result?.status === 'pending' ? 'Your request was sent. The owner will review it.' : 'You joined the league!'),
        ),
      onError: (failure) => setError(getServerMessage(failure) ?? 'Failed to join league'),
    });
  };

  const locked = join.isPending || success !== null;

  return (
    <Card className="mx-auto max-w-2xl">
      <form onSubmit={onSubmit} noValidate className="space-y-5 p-5 sm:p-6">
        <div>
          <h2 className="text-lg font-semibold text-fg">Join a League</h2>
          <p className="mt-1 text-sm text-muted">Got an invite code from a friend, or the ID of a public league? Join it here.</p>
        </div>

        {success ? (
          <Alert tone="success">
            <p>{success}</p>
          </Alert>
        ) : null}
        {error ? (
          <Alert>
            <p>{error}</p>
          </Alert>
        ) : null}

        <LeagueTypeChoice
          legend="League type"
          name="join-type"
          value={type}
          onChange={(next) => {
            setType(next);
            setError(null);
          }}
          options={TYPE_OPTIONS}
        />

        {type === 'private' ? (
          <>
            <TextField
              label="Invite code"
              value={code}
              onChange={(event) => setCode(normalizeInviteCode(event.target.value))}
              placeholder="e.g. K7PQ2XMA"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="[&_input]:font-mono [&_input]:tracking-[0.2em] [&_input]:uppercase"
              hint={`${INVITE_CODE_LENGTH} characters, from the league owner.`}
              disabled={locked}
            />
            <TextareaField
              label="Message to the owner (optional)"
              value={message}
              onChange={(event) => setMessage(event.target.value.slice(0, JOIN_MESSAGE_MAX))}
              maxLength={JOIN_MESSAGE_MAX}
              maxChars={JOIN_MESSAGE_MAX}
              placeholder="Say who you are, so they know to let you in."
              disabled={locked}
            />
          </>
        ) : (
          <TextField
            label="League ID"
            value={leagueId}
            onChange={(event) => setLeagueId(event.target.value.replace(/\s+/g, ''))}
            inputMode="numeric"
            placeholder="e.g. 42"
            autoComplete="off"
            disabled={locked}
            hint={
              <>
                Don&apos;t know one?{' '}
                <Link to="/leagues/discover" className="font-semibold text-accent hover:underline">
                  Discover public leagues
                </Link>
              </>
            }
          />
        )}

        <Button type="submit" fullWidth size="lg" loading={join.isPending} disabled={success !== null}>
          {type === 'private' ? 'Send Join Request' : 'Join League'}
        </Button>
      </form>
    </Card>
  );
}
