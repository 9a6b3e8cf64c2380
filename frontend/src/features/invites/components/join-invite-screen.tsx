import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { INVITE_REPLACED, type InviteLinkTarget } from '@scoreline/contracts/api/invites';
import { JOIN_MESSAGE_MAX, type JoinLeagueResult } from '@scoreline/contracts/api/leagues';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { UsersIcon } from '@/components/ui/icons';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { ApiError, getServerMessage } from '@/lib/api-error';
import { useAuthToken } from '@/lib/auth-token';
import { rememberReturnTo, takeReturnTo } from '@/lib/return-to';
import { useInvitePreview } from '../api/get-invite-preview';
import { useJoinByLink } from '../api/join-by-link';

/**
 * `/join/{code}` and `/leagues/{id}/join`: what the link opens, then one tap to send the request
 * (private) or join (public). Signed out, the path is remembered and the fan goes through
 * sign-up or sign-in and onboarding, then lands back here.
 */
export function JoinInviteScreen({ target, path }: { target: InviteLinkTarget; path: string }) {
  const { t } = useTranslation('invites');
  const token = useAuthToken();
  const navigate = useNavigate();
  const preview = useInvitePreview(target);
  const join = useJoinByLink();
  const [message, setMessage] = useState('');
  const [done, setDone] = useState<JoinLeagueResult | null>(null);
  // Signed in and here: the remembered way back has done its job.
  useEffect(() => {
    if (token) takeReturnTo();
  }, [token]);

  if (preview.isPending) {
    return (
      <LoadingRegion label={t('join.loading')} className="mx-auto w-full max-w-lg">
        <Card className="space-y-4 p-6">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-11 w-full" />
        </Card>
      </LoadingRegion>
    );
  }

  if (preview.isError) {
    const failure = preview.error;
    const status = failure instanceof ApiError ? failure.status : 0;
    const replaced = status === 410 || (failure instanceof ApiError && failure.body?.detail === INVITE_REPLACED);
    return (
      <Card className="mx-auto w-full max-w-lg">
        {replaced || status === 404 ? (
          <EmptyState
            icon={<UsersIcon size={22} />}
            title={replaced ? t('join.replacedTitle') : t('join.unknownTitle')}
            description={replaced ? t('join.replacedText') : t('join.unknownText')}
            action={
              <Link to={token ? '/leagues' : '/home'} className={buttonClasses('secondary')}>
                {t('join.goToLeagues')}
              </Link>
            }
          />
        ) : (
          <ErrorState title={t('join.errorTitle')} message={getServerMessage(failure)} onRetry={() => preview.refetch()} retryLabel={t('join.tryAgain')} />
        )}
      </Card>
    );
  }

  const league = preview.data;
  const isPrivate = league.kind === 'private';
  const messageId = 'invite-message';

  const send = () =>
    join.mutate(isPrivate && target.kind === 'code' ? { type: 'private', code: target.code, message: message.trim() || undefined } : { type: 'public', league_id: league.league_id! }, {
      onSuccess: (result) => setDone(result),
    });

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardBody className="space-y-5">
        <div>
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{isPrivate ? t('join.privateKind') : t('join.publicKind')}</p>
          <p className="mt-2 text-sm text-muted">{t('join.invited')}</p>
          <h1 className="font-display text-2xl font-extrabold tracking-tight break-words text-fg sm:text-3xl">{league.name}</h1>
          <p className="mt-1.5 inline-flex items-center gap-1.5 text-sm text-muted tabular-nums">
            <UsersIcon size={15} aria-hidden="true" />
            {t('join.members', { count: league.member_count })}
          </p>
          {league.description ? <p className="mt-2 text-sm text-muted">{league.description}</p> : null}
        </div>

        {done ? (
          <div className="space-y-4">
            <Alert tone="success">
              <p>{done.status === 'joined' ? t('join.joined', { name: done.league_name }) : t('join.requested', { name: done.league_name })}</p>
            </Alert>
            <Button className="w-full" onClick={() => navigate(done.status === 'joined' ? `/leagues/${done.league_id}` : '/leagues')}>
              {done.status === 'joined' ? t('join.openLeague') : t('join.goToLeagues')}
            </Button>
          </div>
        ) : token ? (
          <div className="space-y-4">
            <p className="text-sm text-muted">{isPrivate ? t('join.privateNote') : t('join.publicNote')}</p>
            {isPrivate ? (
              <div>
                <label htmlFor={messageId} className="mb-1.5 block text-sm font-medium text-fg">
                  {t('join.message')}
                </label>
                <textarea
                  id={messageId}
                  value={message}
                  maxLength={JOIN_MESSAGE_MAX}
                  rows={2}
                  onChange={(event) => setMessage(event.target.value)}
                  className="w-full rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-focus"
                />
              </div>
            ) : null}
            {join.isError ? (
              <Alert>
                <p>{getServerMessage(join.error) ?? t('join.failed')}</p>
              </Alert>
            ) : null}
            <Button className="w-full" loading={join.isPending} onClick={send}>
              {isPrivate ? t('join.sendRequest') : t('join.joinNow')}
            </Button>
          </div>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-muted">{t('join.signedOutNote')}</p>
            <Link to="/signup" onClick={() => rememberReturnTo(path)} className={buttonClasses('primary', 'md', 'w-full')}>
              {t('join.signUpToJoin')}
            </Link>
            <Link to="/signin" onClick={() => rememberReturnTo(path)} className={buttonClasses('secondary', 'md', 'w-full')}>
              {t('join.signInToJoin')}
            </Link>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
