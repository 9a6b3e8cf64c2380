import { useState, type FormEvent } from 'react';
import type { AuthProfile } from '@contracts/api/auth';
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
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const update = useUpdateProfile();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    update.mutate(
      { first_name: firstName, last_name: lastName },
      {
        onSuccess: () => setMessage({ tone: 'success', text: 'Profile updated successfully!' }),
        onError: () => setMessage({ tone: 'error', text: 'Failed to update profile.' }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" name="first_name" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
        <TextField label="Last name" name="last_name" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
      </div>
      {profile.username || profile.email ? (
        <dl className="grid gap-3 rounded-xl bg-surface-2 p-4 text-sm sm:grid-cols-2">
          {profile.username ? (
            <div>
              <dt className="text-muted">Username</dt>
              <dd className="mt-0.5 font-medium text-fg">@{profile.username}</dd>
            </div>
          ) : null}
          {profile.email ? (
            <div className="min-w-0">
              <dt className="text-muted">Email address</dt>
              <dd className="mt-0.5 truncate font-medium text-fg">{profile.email}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/** Settings › Profile: first and last name from GET /auth/profile/, saved with PUT. */
export function ProfileForm() {
  const profile = useProfile();
  return (
    <Card>
      <CardHeader title="Profile" description="Your name as other players see it in leagues." />
      <CardBody>
        {profile.isPending ? (
          <div className="space-y-5" aria-busy="true" aria-label="Loading profile">
            <div className="grid gap-5 sm:grid-cols-2">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
            <Skeleton className="h-16" />
          </div>
        ) : profile.isError ? (
          <Alert>Failed to load profile data.</Alert>
        ) : (
          <ProfileFields key={profile.data.id ?? profile.data.username} profile={profile.data} />
        )}
      </CardBody>
    </Card>
  );
}
