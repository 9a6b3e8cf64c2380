import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthProfile } from '@scoreline/contracts/api/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

function ProfileFields({ profile }: { profile: AuthProfile }) {
  const [firstName, setFirstName] = useState(profile.first_name ?? '');
  const [lastName, setLastName] = useState(profile.last_name ?? '');
  // The text's key, so a message already shown follows a change of language.
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; key: 'profile.updated' | 'profile.updateFailed' } | null>(null);
  const update = useUpdateProfile();
  const { t } = useTranslation('auth');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    update.mutate(
      { first_name: firstName, last_name: lastName },
      {
        onSuccess: () => setMessage({ tone: 'success', key: 'profile.updated' }),
        onError: () => setMessage({ tone: 'error', key: 'profile.updateFailed' }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      {message ? <Alert tone={message.tone}>{t(message.key)}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('fields.firstName')} name="first_name" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
        <TextField label={t('fields.lastName')} name="last_name" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
      </div>
      {profile.username || profile.email ? (
        <dl className="grid gap-3 rounded-xl bg-surface-2 p-4 text-sm sm:grid-cols-2">
          {profile.username ? (
            <div>
              <dt className="text-muted">{t('fields.username')}</dt>
              <dd className="mt-0.5 font-medium text-fg">@{profile.username}</dd>
            </div>
          ) : null}
          {profile.email ? (
            <div className="min-w-0">
              <dt className="text-muted">{t('profile.emailAddress')}</dt>
              <dd className="mt-0.5 truncate font-medium text-fg">{profile.email}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? t('profile.saving') : t('profile.save')}
        </Button>
      </div>
    </form>
  );
}

/** Settings › Profile: first and last name from GET /auth/profile/, saved with PUT. */
export function ProfileForm() {
  const { t } = useTranslation('auth');
  const profile = useProfile();
  return (
    <Card>
      <CardHeader title={t('profile.title')} description={t('profile.description')} />
      <CardBody>
        {profile.isPending ? (
          <div className="space-y-5" aria-busy="true" aria-label={t('profile.loading')}>
            <div className="grid gap-5 sm:grid-cols-2">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
            <Skeleton className="h-16" />
          </div>
        ) : profile.isError ? (
          <Alert>{t('profile.loadFailed')}</Alert>
        ) : (
          <ProfileFields key={profile.data.id ?? profile.data.username} profile={profile.data} />
        )}
      </CardBody>
    </Card>
  );
}
