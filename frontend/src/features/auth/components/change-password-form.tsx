import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/field';
import { useChangePassword } from '../api/change-password';
import { serverText } from '../utils/auth-errors';
import { NewPasswordFields } from './new-password-fields';

/** A message to show: our own text by key (it follows a change of language), or the server's text as is. */
type Message =
  | { tone: 'success' | 'error'; key: 'changePassword.mismatch' | 'changePassword.changed' | 'changePassword.failed' }
  | { tone: 'error'; text: string };

/** Settings › change password. The server answers a fresh token, which replaces the stored one. */
export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const change = useChangePassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    if (newPassword !== confirmPassword) {
      setMessage({ tone: 'error', key: 'changePassword.mismatch' });
      return;
    }
    change.mutate(
      { current_password: currentPassword, new_password: newPassword, new_password_confirm: confirmPassword },
      {
        onSuccess: () => {
          setMessage({ tone: 'success', key: 'changePassword.changed' });
          setCurrentPassword('');
          setNewPassword('');
          setConfirmPassword('');
        },
        onError: (failure) => {
          const text = serverText(failure, 'message');
          setMessage(text ? { tone: 'error', text } : { tone: 'error', key: 'changePassword.failed' });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader title={t('changePassword.title')} description={t('changePassword.description')} />
      <CardBody>
        <form onSubmit={onSubmit} className="space-y-5">
          {message ? <Alert tone={message.tone}>{'key' in message ? t(message.key) : message.text}</Alert> : null}
          <PasswordField
            label={t('changePassword.current')}
            name="current_password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <NewPasswordFields newPassword={newPassword} confirmPassword={confirmPassword} onNewPassword={setNewPassword} onConfirmPassword={setConfirmPassword} />
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={change.isPending}>
              {change.isPending ? t('changePassword.submitting') : t('changePassword.submit')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
