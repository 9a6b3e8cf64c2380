import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/ui/field';

interface NewPasswordFieldsProps {
  newPassword: string;
  confirmPassword: string;
  onNewPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
}

/** The new password and its confirmation, as changing and resetting a password both ask for them. */
export function NewPasswordFields({ newPassword, confirmPassword, onNewPassword, onConfirmPassword }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordField
        label={t('fields.newPassword')}
        name="new_password"
        autoComplete="new-password"
        required
        value={newPassword}
        onChange={(e) => onNewPassword(e.target.value)}
      />
      <PasswordField
        label={t('fields.confirmNewPassword')}
        name="new_password_confirm"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(e) => onConfirmPassword(e.target.value)}
      />
    </>
  );
}
