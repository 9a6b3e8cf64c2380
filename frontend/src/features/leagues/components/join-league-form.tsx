import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INVITE_CODE_LENGTH, JOIN_MESSAGE_MAX, type UserLeagueKind } from '@scoreline/contracts/api/leagues';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { LockIcon, UsersIcon } from '@/components/ui/icons';
import { getServerMessage } from '@/lib/api-error';
import { useJoinLeague } from '../api/join-league';
import { buildJoinLeagueBody, FORM_ERROR_PARAMS, normalizeInviteCode, type FormError } from '../utils/league-forms';
import { LeagueTypeChoice, type LeagueTypeOption } from './league-type-choice';
import { TextareaField } from './textarea-field';

/** After a successful join the hub returns to the overview this long later (spec section 9). */
export const JOIN_RETURN_DELAY_MS = 2000;

/** The Join League form: private (invite code + optional message) or public (league ID). */
export function JoinLeagueForm({ initialType = 'private', onDone }: { initialType?: UserLeagueKind; onDone: () => void }) {
  const { t } = useTranslation('leagues');
  const typeOptions: readonly LeagueTypeOption[] = [
    { value: 'private', title: t('join.privateTitle'), description: t('join.privateText'), icon: <LockIcon size={18} /> },
    { value: 'public', title: t('join.publicTitle'), description: t('join.publicText'), icon: <UsersIcon size={18} /> },
  ];
  const join = useJoinLeague();
  const [type, setType] = useState<UserLeagueKind>(initialType);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const [leagueId, setLeagueId] = useState('');
  const [error, setError] = useState<FormError | null>(null);
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
      setError({ key: check.error });
      return;
    }
    join.mutate(check.body, {
      onSuccess: (answer) =>
        setSuccess(
          answer.message ?? (answer.result?.status === 'pending' ? t('join.requestSent') : t('join.joined')),
        ),
      onError: (failure) => setError({ text: getServerMessage(failure) ?? t('shared.joinFailed') }),
    });
  };

  const locked = join.isPending || success !== null;

  return (
    <Card className="mx-auto max-w-2xl">
      <form onSubmit={onSubmit} noValidate className="space-y-5 p-5 sm:p-6">
        <div>
          <h2 className="text-lg font-semibold text-fg">{t('join.title')}</h2>
          <p className="mt-1 text-sm text-muted">{t('join.intro')}</p>
        </div>

        {success ? (
          <Alert tone="success">
            <p>{success}</p>
          </Alert>
        ) : null}
        {error ? (
          <Alert>
            <p>{'key' in error ? t(error.key, FORM_ERROR_PARAMS) : error.text}</p>
          </Alert>
        ) : null}

        <LeagueTypeChoice
          legend={t('shared.leagueType')}
          name="join-type"
          value={type}
          onChange={(next) => {
            setType(next);
            setError(null);
          }}
          options={typeOptions}
        />

        {type === 'private' ? (
          <>
            <TextField
              label={t('shared.inviteCode')}
              value={code}
              onChange={(event) => setCode(normalizeInviteCode(event.target.value))}
              placeholder={t('join.codePlaceholder')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="[&_input]:font-mono [&_input]:tracking-[0.2em] [&_input]:uppercase"
              hint={t('join.codeHint', { length: INVITE_CODE_LENGTH })}
              disabled={locked}
            />
            <TextareaField
              label={t('join.message')}
              value={message}
              onChange={(event) => setMessage(event.target.value.slice(0, JOIN_MESSAGE_MAX))}
              maxLength={JOIN_MESSAGE_MAX}
              maxChars={JOIN_MESSAGE_MAX}
              placeholder={t('join.messagePlaceholder')}
              disabled={locked}
            />
          </>
        ) : (
          <TextField
            label={t('shared.leagueId')}
            value={leagueId}
            onChange={(event) => setLeagueId(event.target.value.replace(/\s+/g, ''))}
            inputMode="numeric"
            placeholder={t('join.idPlaceholder')}
            autoComplete="off"
            disabled={locked}
            hint={
              <Trans
                t={t}
                i18nKey="join.idHint"
                components={[<Link key="discover" to="/leagues/discover" className="font-semibold text-accent hover:underline" />]}
              />
            }
          />
        )}

        <Button type="submit" fullWidth size="lg" loading={join.isPending} disabled={success !== null}>
          {type === 'private' ? t('join.sendRequest') : t('shared.joinLeague')}
        </Button>
      </form>
    </Card>
  );
}
