import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/field';
import { useChangePassword } from '../api/change-password';
import { serverText } from '../utils/auth-errors';

/** Settings › change password. The server answers a fresh token, which replaces the stored one. */
export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const change = useChangePassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    if (newPassword !== confirmPassword) {
      setMessage({ tone: 'error', text: 'New passwords do not match!' });
      return;
    }
    change.mutate(
      { current_password: currentPassword, new_password: newPassword, new_password_confirm: confirmPassword },
      {
        onSuccess: () => {
          setMessage({ tone: 'success', text: 'Password changed successfully!' });
          setCurrentPassword('');
          setNewPassword('');
          setConfirmPassword('');
        },
        onError: (failure) =>
          setMessage({ tone: 'error', text: serverText(failure, 'message') ?? 'Failed to change password.' }),
      },
    );
  };

  return (
    <Card>
      <CardHeader title="Change password" description="Other devices are signed out when you change it." />
      <CardBody>
        <form onSubmit={onSubmit} className="space-y-5">
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          <PasswordField
            label="Current password"
            name="current_password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <PasswordField
              label="New password"
              name="new_password"
              autoComplete="new-password"
              required
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
            />
            <PasswordField
              label="Confirm new password"
              name="new_password_confirm"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
